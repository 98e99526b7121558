import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { conflict, notFound, pgErrorCode } from '../../../core/errors';
import type { PortalContext } from '../../../core/context';
import type { TransactionOptions } from '../../../core/transaction';
import { publishBoardTouch } from '../read-model/board-event';
import { syncCardReminders } from '../reminders';
import { mergeTouches, touched, type BoardChange, type BoardTouch } from './touch';

/**
 * A board write (docs/architecture.md, "The path of a board write"): one transaction on one board,
 * its row locked first, in which commands run. Each command records what it touched; at the end,
 * still inside the transaction, the board's live event is published from those touches, so it
 * commits with the change or not at all.
 */

/** Who writes: what the commands need to know of the actor (the history's actor, a notification's text). */
export interface BoardActor {
  id: number;
  fullName: string;
  role: Role;
}

export interface BoardWrite {
  trx: Knex.Transaction;
  /** The owner of the board whose row is locked: every command works on this board only. */
  ownerId: number;
  actor: BoardActor;
  /** What the commands run so far touched, in order. */
  readonly touches: BoardTouch[];
}

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

const writes = new WeakMap<Knex.Transaction, BoardWrite>();

/** Opens a board write on `trx`: the board's row locked first, the position constraints deferred to commit. */
export async function beginBoardWrite(trx: Knex.Transaction, ownerId: number, actor: BoardActor): Promise<BoardWrite> {
  await lockBoard(trx, ownerId);
  const write: BoardWrite = { trx, ownerId, actor, touches: [] };
  writes.set(trx, write);
  return write;
}

/** Records what a command touched on its board write; returns the touch (the command's answer). */
export function record(write: BoardWrite, touch: BoardTouch): BoardTouch {
  write.touches.push(touch);
  return touch;
}

/**
 * The end of a board write, inside its transaction: the live event of what its commands touched
 * (nothing when all of it was announced already; a full reload when a write ran no command, which
 * is never wrong, only slower).
 */
export async function endBoardWrite(write: BoardWrite): Promise<void> {
  writes.delete(write.trx);
  const touches = write.touches.length > 0 ? write.touches : [touched(write.ownerId, 'board-reset', { reset: true })];
  await syncTouchedReminders(write, touches);
  const merged = mergeTouches(touches);
  if (merged) await publishBoardTouch(write.trx, merged);
}

/** The changes that can start, move or end a card's due-date reminders (docs/areas/reminders.md). */
const REMINDER_CHANGES: ReadonlySet<BoardChange> = new Set<BoardChange>([
  'card-created',
  'card-edited',
  'card-moved',
  'card-archived',
  'card-restored',
  'card-deleted',
  'board-reset',
]);

/**
 * The reminders of the cards the write created, edited, moved, archived, restored or deleted, in
 * its transaction (every card of the board after a reset). A write that touched none costs nothing.
 */
async function syncTouchedReminders(write: BoardWrite, touches: readonly BoardTouch[]): Promise<void> {
  const relevant = touches.filter((t) => t.changes.some((c) => REMINDER_CHANGES.has(c)));
  if (relevant.length === 0) return;
  const cards = relevant.flatMap((t) => t.cards);
  if (relevant.some((t) => t.reset && t.changes.includes('board-reset'))) {
    const all = await write
      .trx('mtn_cards as c')
      .join('mtn_lists as l', 'l.id', 'c.list_id')
      .where('l.user_id', write.ownerId)
      .whereNotNull('c.due_at')
      .pluck<number[]>('c.id');
    cards.push(...all);
  }
  await syncCardReminders(write.trx, cards);
}

/** The board write of a request's BOARD_TRANSACTION: what a route hands to the commands. */
export function boardWriteOf(ctx: { trx?: Knex.Transaction }): BoardWrite {
  const write = ctx.trx ? writes.get(ctx.trx) : undefined;
  if (!write) throw new Error('No board write: the route needs transaction: BOARD_TRANSACTION');
  return write;
}

/** A board write outside a request (tests, seeds, other features' own transactions): the same steps. */
export async function runBoardWrite<T>(
  knex: Knex,
  ownerId: number,
  actor: BoardActor,
  run: (write: BoardWrite) => Promise<T>,
): Promise<T> {
  try {
    return await knex.transaction(async (trx) => {
      const write = await beginBoardWrite(trx, ownerId, actor);
      const result = await run(write);
      await endBoardWrite(write);
      return result;
    });
  } catch (err) {
    throw boardWriteError(err);
  }
}

/**
 * The board's transaction (the chain's `transaction()` options): a board write on the board the
 * policy step found (`ctx.subject.lock`), by the signed-in user. Writers of a board queue up on its
 * row and never deadlock; a position conflict that still reaches the database is a 409 asking to
 * reload, never a 500.
 */
export const BOARD_TRANSACTION: TransactionOptions = {
  begin: async (trx, ctx: PortalContext) => {
    const user = ctx.state.user!;
    // The policy's subject (access/policies.ts BoardTarget) names the board to lock.
    await beginBoardWrite(trx, (ctx.subject as { lock: number }).lock, {
      id: user.id,
      fullName: user.fullName,
      role: user.role,
    });
  },
  end: async (trx) => {
    const write = writes.get(trx);
    if (write) await endBoardWrite(write);
  },
  mapError: boardWriteError,
};
