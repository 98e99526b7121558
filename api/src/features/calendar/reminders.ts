import type { Knex } from 'knex';
import { fillMessage, MESSAGES } from '@shared/messages';
import { callAudience, isCallVisible, isSubscriptionBlocked } from '@shared/policies';
import { enqueueMail } from '../../core/queue';
import type { User } from '../../models';
import { occurrenceStarts } from './occurrences';
import { findCallsBetween } from './service';

/** How long before an occurrence its reminder goes out. */
export const CALL_REMINDER_LEAD_MS = 60 * 60_000;

type Attendee = Pick<
  User,
  'id' | 'email' | 'full_name' | 'role' | 'is_admin' | 'stripe_status' | 'always_grant_access' | 'created_at'
> & { call_id: number; tags: Array<{ id: number; name: string }> | string };

/**
 * The `call-reminders` timer (every minute; docs/areas/calendar.md, "Reminders"): for each call
 * occurrence starting in (now, now + 1 h], each member who said they are going (and still sees
 * the call, and is not blocked) gets one reminder mail. One transaction per occurrence inserts the
 * dedupe rows (call, member, occurrence) with ON CONFLICT DO NOTHING and enqueues a mail for each
 * row it inserted: the rows and their mails commit together, and a second worker (or the next
 * tick) finds the rows and sends nothing. `now` is passed in, so tests move the clock.
 */
export async function sendCallReminders(knex: Knex, publicUrl: string, now: Date = new Date()): Promise<number> {
  const from = now.getTime() + 1;
  const to = now.getTime() + CALL_REMINDER_LEAD_MS + 1;
  let queued = 0;
  const calls = await findCallsBetween(knex, from, to);
  for (const call of calls) {
    const starts = occurrenceStarts(call, from, to).filter((s) => s.getTime() >= from);
    if (starts.length === 0) continue;
    const attendees: Attendee[] = await knex('calendar_rsvps as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where({ 'r.call_id': call.id, 'r.going': true })
      .select(
        'r.call_id',
        'u.id',
        'u.email',
        'u.full_name',
        'u.role',
        'u.is_admin',
        'u.stripe_status',
        'u.always_grant_access',
        'u.created_at',
        knex.raw(
          `coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name)) from user_tags ut join tags t on t.id = ut.tag_id where ut.user_id = u.id), '[]'::json) as tags`,
        ),
      );
    const recipients = attendees.filter((a) => {
      const tags = typeof a.tags === 'string' ? (JSON.parse(a.tags) as Attendee['tags']) : a.tags;
      const principal = {
        id: a.id,
        role: a.role,
        isAdmin: a.is_admin,
        createdAt: a.created_at instanceof Date ? a.created_at : String(a.created_at),
        stripeStatus: a.stripe_status,
        alwaysGrantAccess: a.always_grant_access,
        Tags: tags as Array<{ id: number; name: string }>,
      };
      return (
        !isSubscriptionBlocked(principal) &&
        isCallVisible(callAudience(principal), { roles: call.roles, tagIds: call.tag_ids })
      );
    });
    if (recipients.length === 0) continue;
    for (const start of starts) {
      await knex.transaction(async (trx) => {
        const inserted: Array<{ user_id: number }> = await trx('calendar_call_reminders')
          .insert(recipients.map((r) => ({ call_id: call.id, user_id: r.id, occurrence_at: start })))
          .onConflict(['call_id', 'user_id', 'occurrence_at'])
          .ignore()
          .returning('user_id');
        const ids = new Set(inserted.map((r) => r.user_id));
        for (const r of recipients.filter((x) => ids.has(x.id))) {
          await enqueueMail(trx, reminderMail(publicUrl, r, call, start));
          queued += 1;
        }
      });
    }
  }
  return queued;
}

function reminderMail(
  publicUrl: string,
  to: Pick<User, 'email' | 'full_name'>,
  call: { title: string; join_url: string; duration_minutes: number },
  start: Date,
) {
  return {
    to: to.email,
    subject: fillMessage(MESSAGES.callReminderSubject, { title: call.title }),
    text: [
      `Hello ${to.full_name},`,
      '',
      `"${call.title}" starts at ${start.toISOString().slice(11, 16)} UTC on ${start.toISOString().slice(0, 10)} and runs ${call.duration_minutes} minutes.`,
      '',
      `Join: ${call.join_url}`,
      '',
      `Your calendar: ${publicUrl}/calendar`,
    ].join('\n'),
  };
}

/** Reminder rows of occurrences long past (a week), pruned with the other bookkeeping. */
export async function pruneCallReminders(knex: Knex, now: Date = new Date()): Promise<number> {
  return knex('calendar_call_reminders')
    .where('occurrence_at', '<', new Date(now.getTime() - 7 * 86_400_000))
    .delete();
}
