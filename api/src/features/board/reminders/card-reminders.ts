import type { Knex } from 'knex';
import { COMPLETED_LIST_NAME, listNameKeySql } from '@shared/board/list-roles';
import { fillMessage, MESSAGES } from '@shared/messages';
import { enqueue, QUEUE_SCHEMA, type BatchJobHandler } from '../../../core/queue';
import { iso } from '../../../core/dates';
import { enqueueNotificationMails, notify, type NotificationDraft } from '../../notifications';

/**
 * A card's due-date reminders (docs/areas/reminders.md): `card_due_soon` 24 hours before its
 * `dueAt` (at once when the date is set less than 24 hours ahead) and `card_overdue` when `dueAt`
 * passes (at once when it is set in the past), to the card's owner, in the app and by email per
 * their preferences, while the card is live and not in COMPLETED.
 *
 * Each is a job of the `card-reminder` queue that starts at its moment (pg-boss `startAfter`), keyed
 * by its card (`singleton_key` = card:<id>): every change of a card's due date, list, archiving or
 * deletion runs `syncCardReminders` in the change's transaction, which cancels the card's pending
 * jobs and schedules what its new state asks for, so the jobs move with the card and commit with
 * the change. A job that runs checks the card again under its row lock and writes the
 * `card_reminders` row (card, kind, due date) with ON CONFLICT DO NOTHING before it notifies: two
 * workers running the same job, a retry after a crash, or a due date set back to an earlier value
 * never notify twice for one due date.
 */

export const CARD_REMINDER_QUEUE = 'card-reminder';
/** How long before the due date `card_due_soon` goes out. */
export const DUE_SOON_LEAD_MS = 24 * 60 * 60_000;

export type CardReminderKind = 'card_due_soon' | 'card_overdue';

export interface CardReminderJob {
  cardId: number;
  kind: CardReminderKind;
  /** The due date the reminder is for (ISO): a job for an older due date does nothing. */
  dueAt: string;
}

type Db = Knex | Knex.Transaction;

/** The job key of a card's reminders. */
export const reminderKey = (cardId: number) => `card:${cardId}`;

interface CardState {
  id: number;
  title: string;
  due_at: Date | string | null;
  owner_id: number;
  completed: boolean;
}

/**
 * The live cards of `cardIds` (an archived card has no list) with their owner and whether they are
 * done; not the Master Template's (an admin's board, whose cards are copied, never worked on).
 */
async function cardStates(
  db: Db,
  cardIds: readonly number[],
  lock: 'none' | 'wait' | 'skip' = 'none',
): Promise<CardState[]> {
  const locking = { none: '', wait: ' for update of c', skip: ' for update of c skip locked' }[lock];
  const result = await db.raw<{ rows: CardState[] }>(
    `select c.id, c.title, c.due_at, l.user_id as owner_id, ${listNameKeySql('l.name')} = ? as completed
       from mtn_cards c join mtn_lists l on l.id = c.list_id join users u on u.id = l.user_id
      where c.id = any(?::int[]) and u.role <> 'admin'${locking}`,
    [COMPLETED_LIST_NAME, [...cardIds]],
  );
  return result.rows;
}

/**
 * In the transaction of a change to cards `cardIds` (or on its own): cancels their pending
 * reminder jobs and schedules the ones their state now asks for, each at
 * max(now, its moment), except a reminder already sent for the same due date. Returns how many
 * jobs it scheduled. `now` is passed in, so tests move the clock.
 */
export async function syncCardReminders(db: Db, cardIds: readonly number[], now: Date = new Date()): Promise<number> {
  const ids = [...new Set(cardIds)];
  if (ids.length === 0) return 0;
  const keys = ids.map(reminderKey);
  await db.raw(
    `delete from ${QUEUE_SCHEMA}.job
      where name = ? and state < 'active' and singleton_key = any(?::text[])`,
    [CARD_REMINDER_QUEUE, keys],
  );
  const cards = (await cardStates(db, ids)).filter((c) => c.due_at !== null && !c.completed);
  if (cards.length === 0) return 0;
  const sent = await db('card_reminders')
    .whereIn(
      'card_id',
      cards.map((c) => c.id),
    )
    .select<Array<{ card_id: number; kind: CardReminderKind; due_at: Date | string }>>('card_id', 'kind', 'due_at');
  const wasSent = new Set(sent.map((s) => `${s.card_id}|${s.kind}|${iso(s.due_at)}`));
  let scheduled = 0;
  for (const card of cards) {
    const dueAt = new Date(card.due_at!);
    const moments: Array<[CardReminderKind, number]> = [['card_overdue', dueAt.getTime()]];
    // A due date already past reminds once, as overdue.
    if (dueAt.getTime() > now.getTime()) moments.unshift(['card_due_soon', dueAt.getTime() - DUE_SOON_LEAD_MS]);
    for (const [kind, at] of moments) {
      const data: CardReminderJob = { cardId: card.id, kind, dueAt: dueAt.toISOString() };
      if (wasSent.has(`${card.id}|${kind}|${data.dueAt}`)) continue;
      await enqueue(db, CARD_REMINDER_QUEUE, data, {
        singletonKey: reminderKey(card.id),
        startAfter: new Date(Math.max(now.getTime(), at)),
      });
      scheduled += 1;
    }
  }
  return scheduled;
}

/** A due date as the reminder says it (the server does not know the member's zone: UTC, named). */
export function reminderWhen(dueAt: Date): string {
  const day = dueAt.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
  return `${day} at ${dueAt.toISOString().slice(11, 16)} UTC`;
}

/**
 * Runs one reminder job: in one transaction, the card under its row lock still has this due date,
 * is live and not completed, and the reminder was not sent for it; then its `card_reminders` row,
 * the owner's notification and, per their preference, its mail. Returns whether it notified.
 */
export async function runCardReminder(knex: Knex, job: CardReminderJob): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const [card] = await cardStates(trx, [job.cardId], 'wait');
    if (!stillDue(card, job)) return false;
    const inserted = await trx('card_reminders')
      .insert({ card_id: card.id, kind: job.kind, due_at: new Date(job.dueAt) })
      .onConflict(['card_id', 'kind', 'due_at'])
      .ignore()
      .returning('card_id');
    if (inserted.length === 0) return false;
    const rows = await notify(trx, [reminderDraft(card, job.kind, new Date(job.dueAt))]);
    await enqueueNotificationMails(trx, rows);
    return rows.length > 0;
  });
}

/** Whether `job` is still due for `card`: live, not completed, the same due date. */
const stillDue = (card: CardState | undefined, job: CardReminderJob): card is CardState =>
  !!card && !card.completed && card.due_at !== null && iso(card.due_at) === new Date(job.dueAt).toISOString();

/** The owner's notification of one reminder of `card` (the portal's own: no actor). */
function reminderDraft(card: CardState, kind: CardReminderKind, dueAt: Date): NotificationDraft {
  const values = { card: card.title, when: reminderWhen(dueAt) };
  return {
    userId: card.owner_id,
    type: kind,
    actorId: null,
    cardId: card.id,
    boardOwnerId: card.owner_id,
    text: fillMessage(
      kind === 'card_due_soon' ? MESSAGES.notificationCardDueSoon : MESSAGES.notificationCardOverdue,
      values,
    ),
  };
}

/**
 * Runs the reminder jobs a worker fetched together, in one transaction (one commit for all: 10,000
 * cards due in the same hour are delivered at the speed of the batch, not of one commit each;
 * docs/areas/reminders.md, "Measured"). The cards are locked with SKIP LOCKED, so a batch never
 * waits on a board write (nor two batches on each other, nor can they deadlock); the jobs of a card
 * another transaction holds run one by one afterwards, each waiting for its card as
 * `runCardReminder` does. Returns how many notified.
 */
export async function runCardReminders(knex: Knex, jobs: readonly CardReminderJob[]): Promise<number> {
  if (jobs.length === 0) return 0;
  const later: CardReminderJob[] = [];
  let notified = await knex.transaction(async (trx) => {
    const locked = await cardStates(trx, [...new Set(jobs.map((j) => j.cardId))], 'skip');
    const cards = new Map(locked.map((c) => [c.id, c]));
    const due: CardReminderJob[] = [];
    for (const job of jobs) {
      const card = cards.get(job.cardId);
      if (!card)
        later.push(job); // held by another transaction (or gone: the lone run finds out)
      else if (stillDue(card, job)) due.push(job);
    }
    if (due.length === 0) return 0;
    const inserted = await trx('card_reminders')
      .insert(due.map((job) => ({ card_id: job.cardId, kind: job.kind, due_at: new Date(job.dueAt) })))
      .onConflict(['card_id', 'kind', 'due_at'])
      .ignore()
      .returning<Array<{ card_id: number; kind: CardReminderKind; due_at: Date | string }>>([
        'card_id',
        'kind',
        'due_at',
      ]);
    // One write for the batch; each reminder is its own event (a member may have several cards due).
    const rows = await notify(
      trx,
      inserted.map((r) => reminderDraft(cards.get(r.card_id)!, r.kind, new Date(r.due_at))),
      { manyEvents: true },
    );
    await enqueueNotificationMails(trx, rows);
    return rows.length;
  });
  for (const job of later) if (await runCardReminder(knex, job)) notified += 1;
  return notified;
}

/** The `card-reminder` queue's worker (api/src/jobs.ts): the jobs of one fetch together. */
export function cardReminderHandler(knex: Knex): BatchJobHandler {
  return {
    batch: async (jobs) => ({
      notified: await runCardReminders(
        knex,
        jobs.map((j) => j.data as CardReminderJob),
      ),
    }),
  };
}
