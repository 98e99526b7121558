import type { Knex } from 'knex';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { MailMessage, Mailer } from '../../adapters/mail';
import type { Logger } from '../../core/logger';
import type { PortalContext } from '../../core/context';
import { runAfterResponse } from '../auth/after-response';
import type { NotificationRow } from './service';

/**
 * Email of notifications (issue 13 §2): "in the app and by email" is mailed once the change is
 * committed and the response sent; "daily email digest" waits for sendNotificationDigests, which
 * mails each user one summary of their unread, not yet emailed notifications. A mention has no
 * preference: its email is the mention mail the comment sends (board/mention-mail.ts).
 */

/** The link that opens the card: the recipient's own board, or the member's board. */
export function notificationLink(publicUrl: string, recipientId: number, ownerId: number, cardId: number): string {
  const board = recipientId === ownerId ? '/move-the-needle' : `/move-the-needle/${ownerId}`;
  return `${publicUrl}${board}?card=${cardId}`;
}

interface MailRow {
  id: number;
  user_id: number;
  card_id: number;
  board_owner_id: number;
  text: string;
  email: string;
  full_name: string;
}

/** Rows to mail, with their recipient, where `delivery` is the recipient's choice for the row's type. */
function withDelivery(db: Knex, delivery: 'email' | 'digest') {
  return db('notifications as n')
    .join('users as u', 'u.id', 'n.user_id')
    .join('notification_preferences as p', function () {
      this.on('p.user_id', '=', 'n.user_id').andOn('p.type', '=', 'n.type');
    })
    .where('p.delivery', delivery)
    .whereNull('n.emailed_at')
    .select<MailRow[]>('n.id', 'n.user_id', 'n.card_id', 'n.board_owner_id', 'n.text', 'u.email', 'u.full_name');
}

/**
 * Claims `ids` for mailing: sets emailed_at on those still unmailed and returns them. Two API
 * instances never mail the same row (the update is the claim); a failed send gives them back.
 */
async function claim(knex: Knex, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return knex('notifications')
    .whereIn('id', ids)
    .whereNull('emailed_at')
    .update({ emailed_at: knex.fn.now() }, 'id')
    .then((rows: Array<{ id: number }>) => rows.map((r) => r.id));
}

async function unclaim(knex: Knex, ids: number[]): Promise<void> {
  if (ids.length) await knex('notifications').whereIn('id', ids).update({ emailed_at: null });
}

export function notificationMail(publicUrl: string, row: MailRow): MailMessage {
  return {
    to: row.email,
    subject: MESSAGES.notificationEmailSubject,
    text: [
      `Hello ${row.full_name},`,
      '',
      `${row.text}.`,
      '',
      `Open the card: ${notificationLink(publicUrl, row.user_id, row.board_owner_id, row.card_id)}`,
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
      ...rows.map((r) => `- ${r.text}: ${notificationLink(publicUrl, r.user_id, r.board_owner_id, r.card_id)}`),
      '',
      `See all your notifications: ${publicUrl}/notifications`,
    ].join('\n'),
  };
}

/** Mails the rows of `ids` whose recipient chose "in the app and by email". Returns how many were sent. */
export async function mailNotificationsNow(
  deps: { knex: Knex; mailer: Mailer; log: Logger; publicUrl: string },
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await withDelivery(deps.knex, 'email').whereIn('n.id', ids);
  const claimed = new Set(
    await claim(
      deps.knex,
      rows.map((r) => r.id),
    ),
  );
  let sent = 0;
  for (const row of rows.filter((r) => claimed.has(r.id))) {
    try {
      await deps.mailer.send(notificationMail(deps.publicUrl, row));
      sent += 1;
      deps.log.info('notification mail sent', { notificationId: row.id, userId: row.user_id });
    } catch (err) {
      await unclaim(deps.knex, [row.id]);
      deps.log.error('notification mail failed', { notificationId: row.id, error: String(err) });
    }
  }
  return sent;
}

/**
 * After a change that notified: mails the rows (or the ids) whose recipient chose email, once the response is
 * sent (the transaction has committed by then). A failure is logged; it never undoes the change.
 */
export function mailAfterCommit(ctx: PortalContext, rows: ReadonlyArray<Pick<NotificationRow, 'id'> | number>): void {
  if (rows.length === 0) return;
  const { knex, mailer, log, config } = ctx.deps;
  const ids = rows.map((r) => (typeof r === 'number' ? r : r.id));
  runAfterResponse(ctx, 'notification mail', async () => {
    await mailNotificationsNow({ knex, mailer, log, publicUrl: config.publicUrl }, ids);
  });
}

/**
 * The daily digest: one email per user who chose it, of their unread notifications of those types
 * not yet emailed; then they count as emailed. Returns how many emails were sent.
 */
export async function sendNotificationDigests(deps: {
  knex: Knex;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
}): Promise<number> {
  const rows = await withDelivery(deps.knex, 'digest').whereNull('n.read_at').orderBy(['n.user_id', 'n.id']);
  const byUser = new Map<number, MailRow[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  let sent = 0;
  for (const userRows of byUser.values()) {
    const claimed = new Set(
      await claim(
        deps.knex,
        userRows.map((r) => r.id),
      ),
    );
    const mine = userRows.filter((r) => claimed.has(r.id));
    if (mine.length === 0) continue;
    try {
      await deps.mailer.send(digestMail(deps.publicUrl, mine));
      sent += 1;
      deps.log.info('notification digest sent', { userId: mine[0]!.user_id, count: mine.length });
    } catch (err) {
      await unclaim(
        deps.knex,
        mine.map((r) => r.id),
      );
      deps.log.error('notification digest failed', { userId: mine[0]!.user_id, error: String(err) });
    }
  }
  return sent;
}

/** Milliseconds from `now` to the next `hour`:00 UTC (the digest's daily time). */
export function msUntilHourUtc(now: Date, hour: number): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** The digest hour (UTC) every day. */
export const DIGEST_HOUR_UTC = 7;

/**
 * Starts the daily digest timer: at DIGEST_HOUR_UTC each day `run` is called. Returns a stop
 * function. Restarts do not skip a day (the time is a clock time, not "24 h after start").
 */
export function startDigestTimer(run: () => void, now: () => Date = () => new Date()): () => void {
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(
      () => {
        run();
        schedule();
      },
      msUntilHourUtc(now(), DIGEST_HOUR_UTC),
    );
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}
