import { Label } from '../../../models';
import type { Db } from './queries';

/** The labels of `ownerId`'s board, in the order they were made. */
export async function listLabels(db: Db, ownerId: number): Promise<Label[]> {
  return await Label.query(db).where({ user_id: ownerId }).orderBy('id');
}

export async function readLabel(db: Db, id: number): Promise<Label> {
  return (await Label.query(db).findById(id))!;
}
