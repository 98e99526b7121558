import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { conflict, pgErrorCode } from '../../core/errors';
import type { Db } from './access';

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
 * One board write: a transaction whose position constraints are checked at commit (so a shift
 * can be one set-based UPDATE). A position conflict that still reaches the database (it should
 * not: writers lock first) is a 409 asking to reload, never a 500 or a partial write.
 */
export async function boardTx<T>(knex: Knex, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  try {
    return await knex.transaction(async (trx) => {
      await trx.raw('SET CONSTRAINTS mtn_cards_list_position_unique, mtn_lists_board_position_unique DEFERRED');
      return fn(trx);
    });
  } catch (err) {
    if (isPositionConflict(err)) throw conflict(MESSAGES.boardChanged);
    throw err;
  }
}

export interface LockedList {
  id: number;
  user_id: number;
  name: string;
  position: number;
  owner_role: Role;
  card_count: number;
}

/**
 * Locks lists (SELECT ... FOR UPDATE, in id order so that concurrent moves never deadlock) and
 * returns them with their owner's role and card count. Every card position change locks first.
 */
export async function lockLists(trx: Db, ids: readonly number[]): Promise<LockedList[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const locked = await trx.raw<{ rows: Array<Omit<LockedList, 'card_count'>> }>(
    `select l.id, l.user_id, l.name, l.position, u.role as owner_role
       from mtn_lists l join users u on u.id = l.user_id
      where l.id = any(?::int[]) order by l.id for update of l`,
    [unique],
  );
  if (locked.rows.length === 0) return [];
  const counts = await trx.raw<{ rows: Array<{ list_id: number; n: number }> }>(
    'select list_id, count(*)::int as n from mtn_cards where list_id = any(?::int[]) group by list_id',
    [locked.rows.map((r) => r.id)],
  );
  const byList = new Map(counts.rows.map((r) => [r.list_id, r.n]));
  return locked.rows.map((r) => ({ ...r, card_count: byList.get(r.id) ?? 0 }));
}

/** Locks a board (its mtn_boards row) for list changes; returns its list count, or null. */
export async function lockBoard(trx: Db, ownerId: number): Promise<{ listCount: number } | null> {
  const locked = await trx.raw<{ rows: Array<{ id: number }> }>(
    'select id from mtn_boards where user_id = ? for update',
    [ownerId],
  );
  if (locked.rows.length === 0) return null;
  const count = await trx.raw<{ rows: Array<{ n: number }> }>(
    'select count(*)::int as n from mtn_lists where user_id = ?',
    [ownerId],
  );
  return { listCount: count.rows[0]?.n ?? 0 };
}

/** Clamps a requested position into 0..max. */
export function clampPosition(value: number | undefined, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return max;
  return Math.max(0, Math.min(Math.trunc(value), max));
}
