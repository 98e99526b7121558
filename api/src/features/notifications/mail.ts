import type { Knex } from 'knex';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { MailMessage } from '../../adapters/mail';
import { enqueueMail, enqueueSql, nudgeAfterCommit, type MailJobData, type MailRenderer } from '../../core/queue';
import type { NotificationRow } from './service';
import type { Notification, User } from '../../models';

/**
 * Email of notifications (docs/areas/notifications.md): "in the app and by email" is a mail job
 * written with the notification; "daily email digest" waits for the digest timer, which mails each
 * user one summary of their unread, not yet emailed notifications. A mention has no preference:
 * its email is the mention mail the comment sends (board/mention-mail.ts). Mail jobs: docs/areas/jobs.md.
 */

/** The link that opens the card: the recipient's own board, or the member's board. */
export function notificationLink(publicUrl: string, recipientId: number, ownerId: number, cardId: number): string {
  const board = recipientId === ownerId ? '/move-the-needle' : `/move-the-needle/${ownerId}`;
  return `${publicUrl}${board}?card=${cardId}`;
}

type MailRow = Pick<Notification, 'id' | 'user_id' | 'card_id' | 'board_owner_id' | 'post_id' | 'text' | 'quote'> &
  Pick<User, 'email' | 'full_name'>;

/** The link of a row: its card on the right board, or its community post. */
function rowLink(publicUrl: string, row: MailRow): string {
  if (row.post_id !== null) return `${publicUrl}/community/post/${row.post_id}`;
  return notificationLink(publicUrl, row.user_id, row.board_owner_id ?? row.user_id, row.card_id ?? 0);
}

/** Rows to mail, with their recipient, where `delivery` is the recipient's choice for the row's type. */
function withDelivery(db: Knex | Knex.Transaction, delivery: 'email' | 'digest') {
  return db('notifications as n')
    .join('users as u', 'u.id', 'n.user_id')
    .join('notification_preferences as p', function () {
      this.on('p.user_id', '=', 'n.user_id').andOn('p.type', '=', 'n.type');
    })
    .where('p.delivery', delivery)
    .whereNull('n.emailed_at')
    .select<MailRow[]>(
      'n.id',
      'n.user_id',
      'n.card_id',
      'n.board_owner_id',
      'n.post_id',
      'n.text',
      'n.quote',
      'u.email',
      'u.full_name',
    );
}

/**
 * Claims `ids` for the digest: sets emailed_at on those still unmailed and returns them. Two
 * workers never mail the same row (the update is the claim, committed with the digest's mail job).
 */
async function claim(knex: Knex | Knex.Transaction, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return knex('notifications')
    .whereIn('id', ids)
    .whereNull('emailed_at')
    .update({ emailed_at: knex.fn.now() }, 'id')
    .then((rows: Array<{ id: number }>) => rows.map((r) => r.id));
}

export function notificationMail(publicUrl: string, row: MailRow): MailMessage {
  return {
    to: row.email,
    subject: row.post_id !== null ? MESSAGES.notificationCommunityEmailSubject : MESSAGES.notificationEmailSubject,
    text: [
      `Hello ${row.full_name},`,
      '',
      `${row.text}.`,
      '',
      ...(row.quote ? [`> ${row.quote}`, ''] : []),
      row.post_id !== null ? `Open the post: ${rowLink(publicUrl, row)}` : `Open the card: ${rowLink(publicUrl, row)}`,
    ].join('\n'),
  };
}

export function digestMail(publicUrl: string, rows: readonly MailRow[]): MailMessage {
  const first = rows[0]!;
  return {
    to: first.email,
    subject: fillMessage(MESSAGES.notificationDigestSubject, { count: rows.length }),
    text: [
      `Hello ${first.full_name},`,
      '',
      'Here is what happened since your last digest:',
      '',
      ...rows.flatMap((r) => [`- ${r.text}: ${rowLink(publicUrl, r)}`, ...(r.quote ? [`  > ${r.quote}`] : [])]),
      '',
      `See all your notifications: ${publicUrl}/notifications`,
    ].join('\n'),
  };
}

/** The kind of a notification's mail job: rendered from the row when the job runs. */
export const NOTIFICATION_MAIL = 'notification';

/**
 * The mail jobs of the notifications of `fromSql` (a table or subquery of notification rows) whose
 * recipient chose "in the app and by email", as a select with one row per job and its `data`: for
 * `enqueueSql`, in the statement or transaction that writes the notifications (the card move
 * writes them in its one statement).
 */
export function notificationMailJobsSelect(fromSql: string): string {
  return `select jsonb_build_object('kind', '${NOTIFICATION_MAIL}', 'notificationId', n.id) as data
            from ${fromSql} n
            join notification_preferences p on p.user_id = n.user_id and p.type = n.type and p.delivery = 'email'`;
}

/**
 * After a change that notified, in its transaction: a mail job for each of `rows` whose recipient
 * chose "in the app and by email". Both commit or neither; the job mails once the change is
 * committed. Returns how many were enqueued.
 */
export async function enqueueNotificationMails(
  trx: Knex.Transaction,
  rows: ReadonlyArray<Pick<NotificationRow, 'id'> | number>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => (typeof r === 'number' ? r : r.id));
  const result = await trx.raw<{ rows: unknown[] }>(
    enqueueSql('mail', notificationMailJobsSelect('(select * from notifications where id = any(?::int[]))')),
    [ids],
  );
  if (result.rows.length > 0) nudgeAfterCommit(trx, 'mail');
  return result.rows.length;
}

/**
 * Renders a notification's mail when its job runs, if its recipient still wants it by email and it
 * was not mailed (a preference changed to the digest meanwhile leaves it to the digest); once
 * sent, the row counts as emailed.
 */
export function notificationMailRenderer(deps: { knex: Knex; publicUrl: string }): MailRenderer {
  const id = (data: MailJobData) => Number(data.notificationId);
  return {
    async render(data) {
      const [row] = await withDelivery(deps.knex, 'email').where('n.id', id(data));
      return row ? notificationMail(deps.publicUrl, row) : null;
    },
    async sent(data) {
      await deps
        .knex('notifications')
        .where('id', id(data))
        .whereNull('emailed_at')
        .update({ emailed_at: deps.knex.fn.now() });
    },
  };
}

/**
 * The daily digest (the `notification-digest` timer, at 07:00 UTC): for each user who chose it,
 * their unread notifications of those types not yet emailed are claimed (they count as emailed)
 * and one summary mail is enqueued, in one transaction per user: claim and mail job commit
 * together or not at all. Returns how many digests were enqueued.
 */
export async function enqueueNotificationDigests(deps: { knex: Knex; publicUrl: string }): Promise<number> {
  const rows = await withDelivery(deps.knex, 'digest').whereNull('n.read_at').orderBy(['n.user_id', 'n.id']);
  const byUser = new Map<number, MailRow[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  let queued = 0;
  for (const userRows of byUser.values()) {
    await deps.knex.transaction(async (trx) => {
      const claimed = new Set(
        await claim(
          trx,
          userRows.map((r) => r.id),
        ),
      );
      const mine = userRows.filter((r) => claimed.has(r.id));
      if (mine.length === 0) return;
      await enqueueMail(trx, digestMail(deps.publicUrl, mine));
      queued += 1;
    });
  }
  return queued;
}

/** The digest hour (UTC) every day: the `notification-digest` timer's cron (core/queue/queues.ts) runs then. */
export const DIGEST_HOUR_UTC = 7;
