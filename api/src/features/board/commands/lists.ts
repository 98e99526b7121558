import { isReservedListName } from '@shared/board/list-roles';
import { MESSAGES } from '@shared/messages';
import type { ListUpsertInput } from '@shared/schemas/board';
import { badRequest } from '../../../core/errors';
import { BoardList } from '../../../models';
import { listCount } from '../read-model/queries';
import { record, type BoardWrite } from './board-write';
import { deleteListAt, moveListTo, openListSlot } from './positions';
import { touched, type BoardTouch } from './touch';

/** The list commands: create, rename and reorder (one upsert), delete. Reserved lists keep their names. */

/** A new list named `input.name` at `input.position` (default: the end) of the board. */
export async function createList(
  w: BoardWrite,
  input: ListUpsertInput,
): Promise<{ list: BoardList; touch: BoardTouch }> {
  if (isReservedListName(input.name)) throw badRequest(MESSAGES.reservedListName, { name: MESSAGES.reservedListName });
  const count = await listCount(w.trx, w.ownerId);
  const position = await openListSlot(w.trx, w.ownerId, input.position, count);
  const list = await BoardList.query(w.trx).insert({ user_id: w.ownerId, name: input.name, position }).returning('*');
  return { list, touch: record(w, touched(w.ownerId, 'list-created', { lists: [list.id] })) };
}

/** Renames (reserved lists keep their names) and/or moves list `found` on the board. */
export async function updateList(
  w: BoardWrite,
  found: Pick<BoardList, 'id' | 'name'>,
  input: ListUpsertInput,
): Promise<{ list: BoardList; touch: BoardTouch }> {
  const renamed = input.name !== found.name;
  if (renamed && (isReservedListName(found.name) || isReservedListName(input.name))) {
    throw badRequest(MESSAGES.reservedListLocked, { name: MESSAGES.reservedListLocked });
  }
  const count = await listCount(w.trx, w.ownerId);
  if (input.position !== undefined) await moveListTo(w.trx, w.ownerId, found.id, input.position, count);
  const [list] = await BoardList.query(w.trx)
    .patch({ name: input.name, updated_at: w.trx.fn.now() })
    .where({ id: found.id })
    .returning('*');
  return { list: list!, touch: record(w, touched(w.ownerId, 'list-changed', { lists: [found.id] })) };
}

/** Deletes list `listId` (its cards go with it) and closes the gap on the board. */
export async function deleteList(w: BoardWrite, listId: number): Promise<BoardTouch> {
  await deleteListAt(w.trx, w.ownerId, listId);
  return record(w, touched(w.ownerId, 'list-deleted', { lists: [listId] }));
}
