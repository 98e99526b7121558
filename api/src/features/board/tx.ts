import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { conflict, notFound, pgErrorCode } from '../../core/errors';

const POSITION_CONSTRAINTS = [
  'mtn_cards_list_position_unique',
  'mtn_lists_board_position_unique',
  'mtn_cards_positions_contiguous',
  'mtn_lists_positions_contiguous',
];

function isPositionConflict(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code === '40P01' || code === '40001') return true; // deadlock or serialization failure: retryable
  if (code !== '23505' && code !== '23514') return false;
  const e = err as { constraint?: string; message?: string };
  return POSITION_CONSTRAINTS.some((c) => e.constraint === c || (e.message ?? '').includes(c));
}

/**
 * One write to `ownerId`'s board, in one transaction that first locks the board's row (every
 * writer takes this one lock before any other row, so writers of a board queue up and never
 * deadlock) and checks position constraints at commit (so a shift is one set-based UPDATE).
 * A position conflict that still reaches the database is a 409 asking to reload, never a 500.
 */
export async function boardTx<T>(knex: Knex, ownerId: number, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  try {
    return await knex.transaction(async (trx) => {
      await trx.raw('SET CONSTRAINTS mtn_cards_list_position_unique, mtn_lists_board_position_unique DEFERRED');
      const locked = await trx.raw<{ rows: unknown[] }>('select 1 from mtn_boards where user_id = ? for update', [
        ownerId,
      ]);
      if (locked.rows.length === 0) throw notFound(MESSAGES.boardNotFound);
      return fn(trx);
    });
  } catch (err) {
    if (isPositionConflict(err)) throw conflict(MESSAGES.boardChanged);
    throw err;
  }
}

/**
 * A write reached through a card or a list: one transaction that locks the board of that card or
 * list first (the same single lock as boardTx, found through the row in the same statement), then
 * checks the policy for its owner and runs `fn`. 404 when the card or list does not exist.
 */
export async function ownedTx<T>(
  knex: Knex,
  kind: 'card' | 'list',
  id: number,
  authorize: (owner: { id: number; role: Role }) => void,
  fn: (trx: Knex.Transaction, ownerId: number) => Promise<T>,
): Promise<T> {
  const from =
    kind === 'card'
      ? 'mtn_cards x join mtn_lists l on l.id = x.list_id join mtn_boards b on b.user_id = l.user_id'
      : 'mtn_lists x join mtn_boards b on b.user_id = x.user_id';
  try {
    return await knex.transaction(async (trx) => {
      await trx.raw('SET CONSTRAINTS mtn_cards_list_position_unique, mtn_lists_board_position_unique DEFERRED');
      const locked = await trx.raw<{ rows: Array<{ owner_id: number; owner_role: Role }> }>(
        `select b.user_id as owner_id, u.role as owner_role from ${from} join users u on u.id = b.user_id
          where x.id = ? for update of b`,
        [id],
      );
      const owner = locked.rows[0];
      if (!owner) throw notFound(kind === 'card' ? MESSAGES.cardNotFound : MESSAGES.listNotFound);
      authorize({ id: owner.owner_id, role: owner.owner_role });
      return fn(trx, owner.owner_id);
    });
  } catch (err) {
    if (isPositionConflict(err)) throw conflict(MESSAGES.boardChanged);
    throw err;
  }
}

export interface BoardListRow {
  id: number;
  user_id: number;
  name: string;
  position: number;
  owner_role: Role;
  card_count: number;
}

export interface CardPlace {
  id: number;
  list_id: number;
  position: number;
}

/**
 * Lists (with their owner's role and card count), and where card `cardId` is, in one statement
 * read inside a board transaction after its lock.
 */
export async function listsWithCounts(
  trx: Knex.Transaction,
  ids: readonly number[],
  cardId: number | null = null,
): Promise<{ lists: BoardListRow[]; card: CardPlace | null }> {
  const result = await trx.raw<{ rows: Array<BoardListRow & { card: CardPlace | null }> }>(
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
