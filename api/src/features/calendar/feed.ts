import crypto from 'node:crypto';
import type { Knex } from 'knex';
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq } from 'ical-generator';
import { callAudience } from '@shared/policies';
import { CALENDAR_FEED_DAYS } from '@shared/schemas';
import { CalendarFeed } from '../../models';
import { occurrenceStarts } from './occurrences';
import { findDueCards, rsvpsOf, visibleCallsBetween, type CalendarViewer } from './service';

type Db = Knex | Knex.Transaction;

/**
 * The secret feed address (docs/areas/calendar.md, "Feed"). The token is HMAC-SHA256(session
 * secret, user id and a random salt); the table keeps the salt and SHA-256(token), so neither a
 * database copy nor a log of it holds a usable address. Rotating draws a new salt: the old token's
 * hash is gone, and its address answers 404.
 */
export function feedToken(secret: string, userId: number, salt: string): string {
  return crypto.createHmac('sha256', secret).update(`calendar-feed:${userId}:${salt}`).digest('base64url');
}

export function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

const newSalt = () => crypto.randomBytes(32).toString('base64url');

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendar/feed/${token}.ics`;
}

/**
 * The user's feed token: made on first use; recomputed from the stored salt afterwards (and its
 * hash brought up to date when the session secret changed, which changes every address).
 */
export async function ensureFeedToken(trx: Knex.Transaction, secret: string, userId: number): Promise<string> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`calendar-feed:${userId}`]);
  const row = await CalendarFeed.query(trx).findById(userId);
  if (!row) return rotateFeedToken(trx, secret, userId);
  const token = feedToken(secret, userId, row.salt);
  const hash = tokenHash(token);
  if (hash !== row.token_hash) await CalendarFeed.query(trx).patch({ token_hash: hash }).where('user_id', userId);
  return token;
}

/** A new salt, so a new address; the old one answers 404 from the commit on. */
export async function rotateFeedToken(trx: Knex.Transaction, secret: string, userId: number): Promise<string> {
  const salt = newSalt();
  const token = feedToken(secret, userId, salt);
  await trx.raw(
    `INSERT INTO calendar_feeds (user_id, salt, token_hash) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET salt = EXCLUDED.salt, token_hash = EXCLUDED.token_hash, rotated_at = now()`,
    [userId, salt, tokenHash(token)],
  );
  return token;
}

/** The user whose address carries `token`, or null (unknown, rotated away, malformed). */
export async function feedOwner(db: Db, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await CalendarFeed.query(db).select('user_id').where('token_hash', tokenHash(token)).first();
  return row?.user_id ?? null;
}

const FREQ = {
  weekly: ICalEventRepeatingFreq.WEEKLY,
  biweekly: ICalEventRepeatingFreq.WEEKLY,
  monthly: ICalEventRepeatingFreq.MONTHLY,
};

/**
 * The feed's iCalendar text (RFC 5545, built with ical-generator): what GET /api/calendar/events
 * shows from `now` for CALENDAR_FEED_DAYS days. A repeating call is one VEVENT with its RRULE (from
 * its first start, so calendar apps keep one series) rather than one per occurrence; a call the
 * member said they will not attend is marked so in its title. Times are UTC (`Z`), as every client
 * reads them without a time zone definition. Card links are made absolute.
 */
export async function feedCalendar(db: Db, viewer: CalendarViewer, publicUrl: string, now: Date): Promise<string> {
  const from = now.getTime();
  const to = from + CALENDAR_FEED_DAYS * 86_400_000;
  const cal = ical({
    name: 'Portal calendar',
    prodId: { company: 'portal', product: 'calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  const calls = (await visibleCallsBetween(db, callAudience(viewer), from, to)).filter(
    (c) => occurrenceStarts(c, from, to).length > 0,
  );
  const answers = await rsvpsOf(
    db,
    viewer.id,
    calls.map((c) => c.id),
  );
  const host = new URL(publicUrl).host;
  for (const call of calls) {
    const start = new Date(call.starts_at);
    const going = answers.get(call.id);
    cal.createEvent({
      id: `call-${call.id}@${host}`,
      start,
      end: new Date(start.getTime() + call.duration_minutes * 60_000),
      stamp: new Date(call.updated_at),
      lastModified: new Date(call.updated_at),
      summary: going === false ? `${call.title} (not going)` : call.title,
      description: call.description ? `${call.description}\n\nJoin: ${call.join_url}` : `Join: ${call.join_url}`,
      url: call.join_url,
      location: call.join_url,
      ...(call.repeat === 'none'
        ? {}
        : {
            repeating: {
              freq: FREQ[call.repeat as keyof typeof FREQ],
              interval: call.repeat === 'biweekly' ? 2 : 1,
              ...(call.until ? { until: new Date(call.until) } : {}),
            },
          }),
    });
  }
  for (const card of await findDueCards(db, viewer, from, to)) {
    const due = new Date(card.due_at);
    const own = card.owner_id === viewer.id;
    const path = `${own ? '/move-the-needle' : `/move-the-needle/${card.owner_id}`}?card=${card.id}`;
    cal.createEvent({
      id: `card-${card.id}@${host}`,
      start: due,
      end: due,
      stamp: now,
      summary: own ? `Due: ${card.title}` : `Due: ${card.title} (${card.owner_name})`,
      url: `${publicUrl}${path}`,
    });
  }
  return cal.toString();
}
