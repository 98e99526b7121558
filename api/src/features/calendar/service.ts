import type { Knex } from 'knex';
import type { ModelObject } from 'objection';
import { callAudience, isCallVisible, type CallAudience } from '@shared/policies';
import type { CallUpsertInput } from '@shared/schemas';
import { untilEnd } from '@shared/schemas';
import type { CalendarEvent } from '@shared/types';
import { MESSAGES } from '@shared/messages';
import { audit } from '../../core/audit';
import { badRequest, notFound } from '../../core/errors';
import type { SessionUser } from '../../core/session-types';
import { CalendarCall, CalendarCallTag, CalendarRsvp, type Card, type User } from '../../models';
import { occurrenceStarts } from './occurrences';
import { presentCallOccurrence, presentDueCard, type CallRow } from './presenter';

type Db = Knex | Knex.Transaction;

/** Who the calendar is read for: the policy's facts about the user. */
export type CalendarViewer = Pick<SessionUser, 'id' | 'role' | 'Tags'>;

/** Calls with their tags: one query for the calls and one for the tags of all of them (no N+1). */
function callsQuery(db: Db) {
  return CalendarCall.query(db)
    .withGraphFetched('tags(ids)')
    .modifiers({
      ids: (q) => {
        void q.select('tags.id');
      },
    });
}

/** A call as the calendar uses it: its row and the ids of its tags, in id order. */
function callRow(call: CalendarCall): CallRow {
  const { tags, ...row }: ModelObject<CalendarCall> = call;
  return { ...row, tag_ids: (tags ?? []).map((t) => t.id).sort((a, b) => a - b) };
}

/** One call with its tags, or undefined. */
export async function findCall(db: Db, id: number): Promise<CallRow | undefined> {
  const call = await callsQuery(db).findById(id);
  return call ? callRow(call) : undefined;
}

/** The calls that may have an occurrence overlapping [from, to) (ms). */
export async function findCallsBetween(db: Db, from: number, to: number): Promise<CallRow[]> {
  // A call's last possible end: its one start's, or its `until`'s (none: no end), plus its length.
  const calls = await callsQuery(db)
    .where('calendar_calls.starts_at', '<', new Date(to))
    .whereRaw(
      `(CASE WHEN calendar_calls.repeat = 'none' THEN calendar_calls.starts_at
             ELSE coalesce(calendar_calls.until, 'infinity'::timestamptz) END)
         + calendar_calls.duration_minutes * interval '1 minute' > ?`,
      [new Date(from)],
    )
    .orderBy('calendar_calls.id');
  return calls.map(callRow);
}

/** A call the viewer may see, or a 404 (a call they may not see is not there for them). */
export async function visibleCall(db: Db, viewer: CalendarViewer, id: number): Promise<CallRow> {
  const row = await findCall(db, id);
  if (!row || !isCallVisible(callAudience(viewer), { roles: row.roles, tagIds: row.tag_ids })) {
    throw notFound(MESSAGES.callNotFound);
  }
  return row;
}

export interface SaveCallInput {
  actorId: number;
  ip: string;
  call: CallUpsertInput;
}

/** Starts on whole minutes: RRULE occurrences and feed times carry no seconds. */
function wholeMinute(value: string): Date {
  const t = Date.parse(value);
  return new Date(t - (t % 60_000));
}

/**
 * Creates or changes a call, its tags and its audit row in the caller's transaction. Unknown tag
 * ids are a 400 on `tagIds`; an unknown call id a 404.
 */
export async function saveCall(trx: Knex.Transaction, input: SaveCallInput): Promise<{ row: CallRow; isNew: boolean }> {
  const c = input.call;
  const tagIds = [...new Set(c.tagIds)];
  if (tagIds.length > 0) {
    const found = await trx('tags').whereIn('id', tagIds).count<Array<{ n: string | number }>>('* as n').first();
    if (Number(found?.n) !== tagIds.length)
      throw badRequest(MESSAGES.callTagUnknown, { tagIds: MESSAGES.callTagUnknown });
  }
  const values = {
    title: c.title,
    description: c.description ?? '',
    starts_at: wholeMinute(c.startsAt),
    duration_minutes: c.durationMinutes,
    join_url: c.joinUrl,
    repeat: c.repeat,
    until: c.repeat !== 'none' && c.until ? new Date(untilEnd(c.until)) : null,
    roles: [...new Set(c.roles)],
  };
  let id: number;
  if (c.id) {
    const updated = await CalendarCall.query(trx)
      .patch({ ...values, updated_at: new Date() })
      .where('id', c.id);
    if (!updated) throw notFound(MESSAGES.callNotFound);
    id = c.id;
    await CalendarCallTag.query(trx).delete().where('call_id', id);
  } else {
    const row = await CalendarCall.query(trx).insert({ ...values, created_by: input.actorId });
    id = row.id;
  }
  if (tagIds.length > 0) await trx('calendar_call_tags').insert(tagIds.map((tag_id) => ({ call_id: id, tag_id })));
  await audit(trx, {
    actorId: input.actorId,
    action: c.id ? 'calendar.call.update' : 'calendar.call.create',
    details: { callId: id, title: c.title, startsAt: values.starts_at.toISOString(), repeat: c.repeat },
    ip: input.ip,
  });
  return { row: (await findCall(trx, id))!, isNew: !c.id };
}

/** Deletes a call (its tags, RSVPs and reminder rows go with it) and audit-logs it; false when there was none. */
export async function deleteCall(trx: Knex.Transaction, id: number, actorId: number, ip: string): Promise<boolean> {
  const row = await CalendarCall.query(trx).findById(id);
  if (!row) return false;
  await CalendarCall.query(trx).deleteById(id);
  await audit(trx, { actorId, action: 'calendar.call.delete', details: { callId: id, title: row.title }, ip });
  return true;
}

/** A member's answer for a call they may see (all its occurrences). */
export async function saveRsvp(trx: Knex.Transaction, viewer: CalendarViewer, callId: number, going: boolean) {
  await visibleCall(trx, viewer, callId);
  await trx.raw(
    `INSERT INTO calendar_rsvps (call_id, user_id, going) VALUES (?, ?, ?)
     ON CONFLICT (call_id, user_id) DO UPDATE SET going = EXCLUDED.going, updated_at = now()`,
    [callId, viewer.id, going],
  );
  return { id: callId, going };
}

type DueCardRow = Pick<Card, 'id' | 'title'> & {
  due_at: Date | string;
  owner_id: number;
  owner_name: User['full_name'];
};

/**
 * Cards due in [from, to) that the viewer's calendar shows: their own, and for a coach (or an
 * admin who coaches) those of their members (users.coach_id), never an admin's board for a coach.
 * Archived cards (no list) are left out.
 */
export async function findDueCards(db: Db, viewer: CalendarViewer, from: number, to: number): Promise<DueCardRow[]> {
  const coaches = viewer.role === 'coach' || viewer.role === 'admin';
  return db('mtn_cards as c')
    .join('mtn_lists as l', 'l.id', 'c.list_id')
    .join('users as u', 'u.id', 'l.user_id')
    .where('c.due_at', '>=', new Date(from))
    .where('c.due_at', '<', new Date(to))
    .where((q) => {
      q.where('l.user_id', viewer.id);
      if (coaches) {
        q.orWhere((m) => {
          m.where('u.coach_id', viewer.id);
          if (viewer.role !== 'admin') m.whereNot('u.role', 'admin');
        });
      }
    })
    .orderBy([{ column: 'c.due_at' }, { column: 'c.id' }])
    .select<DueCardRow[]>('c.id', 'c.title', 'c.due_at', 'l.user_id as owner_id', 'u.full_name as owner_name');
}

/** The calls of [from, to) the audience sees, with each call's row. */
export async function visibleCallsBetween(
  db: Db,
  audience: CallAudience,
  from: number,
  to: number,
): Promise<CallRow[]> {
  const rows = await findCallsBetween(db, from, to);
  return rows.filter((r) => isCallVisible(audience, { roles: r.roles, tagIds: r.tag_ids }));
}

/** The viewer's answers, by call id. */
export async function rsvpsOf(db: Db, userId: number, callIds: number[]): Promise<Map<number, boolean>> {
  if (callIds.length === 0) return new Map();
  const rows = await CalendarRsvp.query(db).where('user_id', userId).whereIn('call_id', callIds);
  return new Map(rows.map((r) => [r.call_id, r.going]));
}

/**
 * What the viewer's calendar shows in [from, to) (ms): each occurrence of the calls they see, with
 * their answer, and the due cards they may see; by start, calls before cards at the same moment.
 */
export async function calendarEvents(
  db: Db,
  viewer: CalendarViewer,
  from: number,
  to: number,
): Promise<CalendarEvent[]> {
  const calls = await visibleCallsBetween(db, callAudience(viewer), from, to);
  const answers = await rsvpsOf(
    db,
    viewer.id,
    calls.map((c) => c.id),
  );
  const events: CalendarEvent[] = [];
  for (const call of calls) {
    for (const start of occurrenceStarts(call, from, to)) {
      events.push(presentCallOccurrence(call, start, answers.get(call.id)));
    }
  }
  for (const card of await findDueCards(db, viewer, from, to)) events.push(presentDueCard(card, viewer.id));
  const order = (e: CalendarEvent) => (e.kind === 'call' ? 0 : 1);
  return events.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || order(a) - order(b) || a.id - b.id);
}
