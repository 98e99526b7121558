import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { isReservedListName } from '@shared/policies/board';
import type { ListUpsertInput } from '@shared/schemas/board';
import { badRequest } from '../../core/errors';
import type { OwnedRow } from './access';
import { deleteListAt, moveListTo, openListSlot } from './positions';
import type { ListRow } from './presenters';
import { listCount } from './queries';

const COLUMNS = ['id', 'name', 'position', 'user_id'];

/** A new list named `input.name` at `input.position` (default: the end) of the locked board. */
export async function createList(trx: Knex.Transaction, ownerId: number, input: ListUpsertInput): Promise<ListRow> {
  if (isReservedListName(input.name)) throw badRequest(MESSAGES.reservedListName, { name: MESSAGES.reservedListName });
  const count = await listCount(trx, ownerId);
  const position = await openListSlot(trx, ownerId, input.position, count);
  const [inserted] = await trx('mtn_lists')
    .insert({ user_id: ownerId, name: input.name, position })
    .returning<ListRow[]>(COLUMNS);
  return inserted!;
}

/** Renames (reserved lists keep their names) and/or moves list `found` on its locked board. */
export async function updateList(trx: Knex.Transaction, found: OwnedRow, input: ListUpsertInput): Promise<ListRow> {
  const renamed = input.name !== found.name;
  if (renamed && (isReservedListName(String(found.name)) || isReservedListName(input.name))) {
    throw badRequest(MESSAGES.reservedListLocked, { name: MESSAGES.reservedListLocked });
  }
  const count = await listCount(trx, found.owner_id);
  if (input.position !== undefined) await moveListTo(trx, found.owner_id, found.id, input.position, count);
  const [updated] = await trx('mtn_lists')
    .where({ id: found.id })
    .update({ name: input.name, updated_at: trx.fn.now() })
    .returning<ListRow[]>(COLUMNS);
  return updated!;
}

export async function deleteList(trx: Knex.Transaction, found: OwnedRow): Promise<void> {
  await deleteListAt(trx, found.owner_id, found.id);
}
