import type { Knex } from 'knex';
import type { BoardList, Card, User } from '../../../models';

/** The database or an open transaction: what a query of the board runs on. */
export type Db = Knex | Knex.Transaction;

/** A list of a locked board with its owner's role and card count. */
export type ListWithCount = Pick<BoardList, 'id' | 'user_id' | 'name' | 'position'> & {
  owner_role: User['role'];
  card_count: number;
};

/** Where a live card is (an archived card has no list or position). */
export type CardPlace = Pick<Card, 'id'> & { list_id: number; position: number };

/**
 * Lists (with their owner's role and card count), and where card `cardId` is, in one statement
 * read inside a board transaction after its lock.
 */
export async function listsWithCounts(
  trx: Knex.Transaction,
  ids: readonly number[],
  cardId: number | null = null,
): Promise<{ lists: ListWithCount[]; card: CardPlace | null }> {
  const result = await trx.raw<{ rows: Array<ListWithCount & { card: CardPlace | null }> }>(
    `select l.id, l.user_id, l.name, l.position, u.role as owner_role,
            (select count(*)::int from mtn_cards c where c.list_id = l.id) as card_count,
            (select json_build_object('id', c.id, 'list_id', c.list_id, 'position', c.position)
               from mtn_cards c where c.id = ?) as card
       from mtn_lists l join users u on u.id = l.user_id
      where l.id = any(?::int[])`,
    [cardId, [...new Set(ids)]],
  );
  return { lists: result.rows, card: result.rows[0]?.card ?? null };
}

/** The number of lists on a (locked) board. */
export async function listCount(trx: Knex.Transaction, ownerId: number): Promise<number> {
  const count = await trx.raw<{ rows: Array<{ n: number }> }>(
    'select count(*)::int as n from mtn_lists where user_id = ?',
    [ownerId],
  );
  return count.rows[0]?.n ?? 0;
}

/** Clamps a requested position into 0..max. */
export function clampPosition(value: number | undefined, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return max;
  return Math.max(0, Math.min(Math.trunc(value), max));
}
