import type { Knex } from 'knex';
import { listNameKeySql, REVIEW_LIST_NAME } from '@shared/board/list-roles';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { SettingKey } from '@shared/schemas/settings';
import { enqueueNotificationMails, notify, type NotificationDraft } from '../notifications';
import { settingValue } from '../settings';
import { waitingSinceSql } from './waiting';

/**
 * The review deadline (docs/areas/reminders.md, "Review deadline"): the portal setting
 * `reviewSlaHours` (default 48). A card waiting in FOR REVIEW longer than that is `overdue` in the
 * review queue, and its member's coach (every coach, when the member has none) gets one
 * `review_waiting_long` notification for it: one per card and stay in FOR REVIEW, however many
 * workers run the `review-sla` timer (a `review_sla_alerts` row per card and the moment it entered
 * the list, written with ON CONFLICT DO NOTHING in the transaction of the notifications).
 */

const HOUR_MS = 3_600_000;

/** The deadline in effect, in hours. */
export async function reviewSlaHours(knex: Knex, defaults: Record<SettingKey, string>): Promise<number> {
  return Number(await settingValue(knex, defaults, 'reviewSlaHours'));
}

interface LateCard {
  id: number;
  title: string;
  owner_id: number;
  owner_name: string;
  coach_id: number | null;
  waiting_since: Date | string;
}

/**
 * The `review-sla` timer's run at `now`: alerts for every card past the deadline not alerted for
 * its stay. Returns how many cards it alerted for.
 */
export async function sendReviewDeadlineAlerts(
  knex: Knex,
  defaults: Record<SettingKey, string>,
  now: Date = new Date(),
): Promise<number> {
  const hours = await reviewSlaHours(knex, defaults);
  const cutoff = new Date(now.getTime() - hours * HOUR_MS);
  return knex.transaction(async (trx) => {
    const late = await trx.raw<{ rows: LateCard[] }>(
      `with waiting as (
         select c.id, c.title, u.id as owner_id, u.full_name as owner_name, u.coach_id,
                ${waitingSinceSql('c')} as waiting_since
           from mtn_lists l
           join users u on u.id = l.user_id
           join mtn_cards c on c.list_id = l.id
          where ${listNameKeySql('l.name')} = :listName and u.role <> 'admin'
       ), alerted as (
         insert into review_sla_alerts (card_id, waiting_since)
         select w.id, w.waiting_since from waiting w where w.waiting_since <= :cutoff
         on conflict do nothing
         returning card_id
       )
       select w.* from waiting w join alerted a on a.card_id = w.id order by w.waiting_since, w.id`,
      { listName: REVIEW_LIST_NAME, cutoff },
    );
    if (late.rows.length === 0) return 0;
    const needsAll = late.rows.some((r) => r.coach_id === null);
    const coaches = needsAll ? await trx('users').where({ role: 'coach' }).pluck<number[]>('id') : [];
    for (const card of late.rows) {
      const text = fillMessage(MESSAGES.notificationReviewWaitingLong, {
        card: card.title,
        owner: card.owner_name,
        hours: String(hours),
      });
      const to = card.coach_id !== null ? [card.coach_id] : coaches;
      const drafts: NotificationDraft[] = to.map((userId) => ({
        userId,
        type: 'review_waiting_long',
        actorId: null,
        cardId: card.id,
        boardOwnerId: card.owner_id,
        text,
      }));
      const rows = await notify(trx, drafts);
      await enqueueNotificationMails(trx, rows);
    }
    return late.rows.length;
  });
}

/** Alert rows of stays that ended (the card left FOR REVIEW) more than 90 days ago, pruned with the other bookkeeping. */
export async function pruneReviewDeadlineAlerts(knex: Knex, now: Date = new Date()): Promise<number> {
  return knex('review_sla_alerts')
    .where('waiting_since', '<', new Date(now.getTime() - 90 * 24 * HOUR_MS))
    .whereNotExists(
      knex('mtn_cards as c')
        .join('mtn_lists as l', 'l.id', 'c.list_id')
        .whereRaw('c.id = review_sla_alerts.card_id')
        .whereRaw(`${listNameKeySql('l.name')} = ?`, [REVIEW_LIST_NAME]),
    )
    .delete();
}
