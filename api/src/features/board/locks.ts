import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { conflict, notFound, pgErrorCode } from '../../core/errors';
import type { TransactionOptions } from '../../core/transaction';
import { publishBoardWrite } from '../live/board-events';
import type { BoardTarget } from './access';

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

/** Every writer of a board takes this one lock, on the board's row, before any other row. */
export async function lockBoard(trx: Knex.Transaction, ownerId: number): Promise<void> {
  await trx.raw('SET CONSTRAINTS mtn_cards_list_position_unique, mtn_lists_board_position_unique DEFERRED');
  await lockBoardRow(trx, ownerId);
}

/**
 * The board's row lock alone (404 when there is no board), for a writer whose change is one
 * statement: the unique position constraints are DEFERRABLE INITIALLY IMMEDIATE, checked at the
 * end of each statement, so one set-based UPDATE needs them deferred no further.
 */
export async function lockBoardRow(trx: Knex.Transaction, ownerId: number): Promise<void> {
  const locked = await trx.raw<{ rows: unknown[] }>('select 1 from mtn_boards where user_id = ? for update', [ownerId]);
  if (locked.rows.length === 0) throw notFound(MESSAGES.boardNotFound);
}

/** A board write's database error as the API answers it: a position conflict is a 409 asking to reload. */
export function boardWriteError(err: unknown): unknown {
  return isPositionConflict(err) ? conflict(MESSAGES.boardChanged) : err;
}

/**
 * The board's transaction (the chain's `transaction()` options): first the position constraints
 * are deferred to commit (so a shift is one set-based UPDATE) and the board's row is locked (the
 * board found by the policy step, `ctx.subject.lock`), so writers of a board queue up and never
 * deadlock. A position conflict that still reaches the database is a 409 asking to reload, never a 500.
 */
export const BOARD_TRANSACTION: TransactionOptions = {
  begin: (trx, ctx) => lockBoard(trx, (ctx.subject as BoardTarget).lock),
  // Every board write announces its change to the board's open views, in its transaction (issue 13 §1).
  end: (trx, ctx) => publishBoardWrite(trx, ctx, (ctx.subject as BoardTarget).lock),
  mapError: boardWriteError,
};
