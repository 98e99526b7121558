import type { Knex } from 'knex';
import { ANALYTICS_NOT_ACTIVITY } from '../../shared/src/schemas/analytics';

/**
 * Seeds analytics events for the Insights tests (docs/areas/insights.md#insights-page) the way the ingest does: the raw
 * rows of analytics_events AND the three rollups, as migration 0019 defines them (UTC days; week =
 * the ISO week's Monday; role = the user's role at the time, '' without a user in analytics_daily;
 * one active row per user and day / week). Not recordEvents() itself: it clamps an event's time to
 * the last 48 hours, and these tests need events weeks old.
 */
export interface SeedEvent {
  userId: number | null;
  role: string | null;
  name: string;
  at: Date | string;
  props?: Record<string, string | number | boolean | null>;
}

/** The event names the portal defines (the ingest's shared list will replace this one). */
const KNOWN = new Set([
  'page_view',
  'signed_in',
  'lesson_completed',
  'card_moved',
  'product_saved',
  'qualifier_rated',
  'resource_opened',
  'resource_bought',
  'ai_tool_opened',
  'purchase',
  'subscription_changed',
]);

/** Whether an event makes its user active that day: the ingest's rule (ANALYTICS_NOT_ACTIVITY). */
export const isActivity = (name: string) => !(ANALYTICS_NOT_ACTIVITY as readonly string[]).includes(name);

export const utcDay = (at: Date | string) => new Date(at).toISOString().slice(0, 10);

export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

export async function seedEvents(knex: Knex, events: readonly SeedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await knex.transaction(async (trx) => {
    const rows = events.map((e) => ({
      user_id: e.userId,
      role: e.role,
      name: e.name.slice(0, 25),
      known: KNOWN.has(e.name.slice(0, 25)),
      source: e.name === 'subscription_changed' || e.name === 'signed_in' ? 'server' : 'client',
      props: JSON.stringify(e.props ?? {}),
      occurred_at: new Date(e.at),
    }));
    await trx('analytics_events').insert(rows);
    for (const r of rows) {
      const day = utcDay(r.occurred_at);
      await trx.raw(
        `insert into analytics_daily (day, name, role, known, count) values (?, ?, ?, ?, 1)
         on conflict (day, name, role) do update set count = analytics_daily.count + 1`,
        [day, r.name, r.role ?? '', r.known],
      );
      if (r.user_id === null || !isActivity(r.name)) continue;
      await trx.raw('insert into analytics_active_days (day, user_id, role) values (?, ?, ?) on conflict do nothing', [
        day,
        r.user_id,
        r.role ?? '',
      ]);
      await trx.raw(
        'insert into analytics_active_weeks (week, user_id, role) values (?, ?, ?) on conflict do nothing',
        [mondayOf(day), r.user_id, r.role ?? ''],
      );
    }
  });
}
