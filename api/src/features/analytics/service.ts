import type { Knex } from 'knex';
import {
  ANALYTICS_AT_WINDOW_HOURS,
  ANALYTICS_NOT_ACTIVITY,
  ANALYTICS_UNKNOWN_NAMES_PER_DAY,
  analyticsName,
  isKnownAnalyticsEvent,
  sanitizeAnalyticsProps,
  type AnalyticsEventInput,
  type AnalyticsProps,
  type AnalyticsServerEventName,
} from '@shared/schemas/analytics';
import type { ForwardedEvent } from '../../adapters/posthog';
import type { AnalyticsEvent } from '../../models';
import { forwardWithCommit } from './forward';

/** One event to store: who (null: nobody signed in), their role then (null: read from users), what, when. */
export interface NewEvent {
  userId: number | null;
  role: string | null;
  name: string;
  known: boolean;
  source: 'client' | 'server';
  props: AnalyticsProps;
  /** ms since 1970 by the sender's clock, clamped by the database; null: now. */
  at: number | null;
}

/** An event as RECORD_SQL returns it: the stored row's columns (props typed as they were sent). */
type StoredRow = Pick<AnalyticsEvent, 'user_id' | 'role' | 'name' | 'source' | 'occurred_at'> & {
  props: AnalyticsProps;
};

/**
 * The whole batch in ONE statement, whatever its size: the events are inserted and the three
 * rollups (docs/areas/insights.md, "Events") brought up to date by data-modifying CTEs, each an
 * INSERT ... SELECT over the batch (given as one jsonb array):
 * - analytics_daily: count per UTC day, name and role ('' without a user), added to the row's count;
 * - analytics_active_days / _weeks: one row per user and UTC day / ISO week (its Monday), kept
 *   when it exists (the role is the one of the user's first event that day / week); events of
 *   ANALYTICS_NOT_ACTIVITY (a subscription change: Stripe's doing) make nobody active.
 * Rows are grouped and ordered by their key, so concurrent batches lock shared rollup rows in the
 * same order (no deadlock). `at` is clamped to [now - ANALYTICS_AT_WINDOW_HOURS, now] of the
 * database's clock; a null role is the user's role now (server-side events).
 */
const RECORD_SQL = `
with input as materialized (
  select x.user_id,
         coalesce(x.role, u.role) as role,
         x.name,
         x.known,
         x.source,
         coalesce(x.props, '{}'::jsonb) as props,
         case when x.at_ms is null then now()
              else least(now(), greatest(now() - make_interval(hours => ?::int), to_timestamp(x.at_ms / 1000.0)))
         end as occurred_at
    from jsonb_to_recordset(?::jsonb)
           as x(user_id integer, role text, name text, known boolean, source text, props jsonb, at_ms double precision)
    left join users u on u.id = x.user_id and x.role is null
),
ins as (
  insert into analytics_events (user_id, role, name, known, source, props, occurred_at)
  select user_id, role, name, known, source, props, occurred_at from input
  returning user_id, role, name, source, props, occurred_at
),
daily as (
  insert into analytics_daily as d (day, name, role, known, count)
  select (occurred_at at time zone 'UTC')::date, name, coalesce(role, ''), bool_or(known), count(*)
    from input
   group by 1, 2, 3
   order by 1, 2, 3
  on conflict (day, name, role) do update set count = d.count + excluded.count, known = excluded.known
),
active_days as (
  insert into analytics_active_days (day, user_id, role)
  select distinct on (day, user_id) day, user_id, role
    from (select (occurred_at at time zone 'UTC')::date as day, user_id, role, occurred_at
            from input where user_id is not null and role is not null and name <> all(?::text[])) e
   order by day, user_id, occurred_at
  on conflict (day, user_id) do nothing
),
active_weeks as (
  insert into analytics_active_weeks (week, user_id, role)
  select distinct on (week, user_id) week, user_id, role
    from (select date_trunc('week', occurred_at at time zone 'UTC')::date as week, user_id, role, occurred_at
            from input where user_id is not null and role is not null and name <> all(?::text[])) e
   order by week, user_id, occurred_at
  on conflict (week, user_id) do nothing
)
select user_id, role, name, source, props, occurred_at from ins`;

function toForwarded(rows: StoredRow[]): ForwardedEvent[] {
  return rows.map((r) => ({
    event: r.name,
    distinctId: r.user_id === null ? 'anonymous' : `user:${r.user_id}`,
    properties: { ...r.props, role: r.role ?? '', source: r.source },
    timestamp: new Date(r.occurred_at).toISOString(),
  }));
}

/**
 * Stores events of any users (the building block of recordEvents and recordServerEvent): one
 * statement in `db`'s transaction, with the job that forwards them when a forwarder is configured.
 * Returns how many were stored.
 */
export async function recordEventRows(db: Knex | Knex.Transaction, rows: readonly NewEvent[]): Promise<number> {
  if (rows.length === 0) return 0;
  const batch = rows.map((r) => ({
    user_id: r.userId,
    role: r.role,
    name: analyticsName(r.name),
    known: r.known,
    source: r.source,
    props: r.props,
    at_ms: r.at,
  }));
  const notActivity: string[] = [...ANALYTICS_NOT_ACTIVITY];
  const result = await db.raw<{ rows: StoredRow[] }>(RECORD_SQL, [
    ANALYTICS_AT_WINDOW_HOURS,
    JSON.stringify(batch),
    notActivity,
    notActivity,
  ]);
  await forwardWithCommit(db, () => toForwarded(result.rows));
  return result.rows.length;
}

/**
 * The events of a batch whose names the member may use: every portal name (ANALYTICS_EVENTS), and
 * names outside it up to ANALYTICS_UNKNOWN_NAMES_PER_DAY distinct ones per member per UTC day; an
 * event with a further new name is dropped. The names a member used today are kept as rows of
 * `rate_limits` that end at the next UTC midnight (`analytics-name:<user>:<name>`, and their count
 * in `analytics-names:<user>`), in the batch's transaction: the count's row stays locked until it
 * commits, so concurrent batches of one member queue on it and cannot pass the cap together, and a
 * rolled-back batch leaves no name behind. A batch of portal names only costs no statement.
 */
async function withinNameCap(
  trx: Knex | Knex.Transaction,
  userId: number,
  events: readonly AnalyticsEventInput[],
): Promise<AnalyticsEventInput[]> {
  const unknown = [...new Set(events.map((e) => analyticsName(e.name)).filter((name) => !isKnownAnalyticsEvent(name)))];
  if (unknown.length === 0) return [...events];
  const keyOf = (name: string) => `analytics-name:${userId}:${name}`;
  const countKey = `analytics-names:${userId}`;
  const midnight = `(date_trunc('day', now() at time zone 'UTC') + interval '1 day') at time zone 'UTC'`;
  const read = await trx.raw<{ rows: Array<{ used: number; seen: string[] | null }> }>(
    `with used as (
       insert into rate_limits as r (key, count, reset_at) values (:countKey, 0, ${midnight})
       on conflict (key) do update set
         count = case when r.reset_at <= now() then 0 else r.count end,
         reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
       returning r.count as n)
     select (select n from used) as used,
            array(select key from rate_limits where key = any(:keys) and reset_at > now()) as seen`,
    { countKey, keys: unknown.map(keyOf) },
  );
  const { used, seen } = read.rows[0]!;
  const seenKeys = new Set(seen ?? []);
  const fresh = unknown.filter((name) => !seenKeys.has(keyOf(name)));
  const admitted = fresh.slice(0, Math.max(0, ANALYTICS_UNKNOWN_NAMES_PER_DAY - Number(used)));
  if (admitted.length > 0) {
    await trx.raw(
      `with names as (
         insert into rate_limits as r (key, count, reset_at)
         select k, 1, ${midnight} from unnest(:keys::text[]) k
         on conflict (key) do update set count = 1, reset_at = excluded.reset_at
         returning 1)
       update rate_limits set count = count + (select count(*) from names) where key = :countKey`,
      { countKey, keys: admitted.map(keyOf) },
    );
  }
  const refused = new Set(fresh.slice(admitted.length));
  return events.filter((e) => !refused.has(analyticsName(e.name)));
}

/**
 * The events a signed-in user sent (validated by the shared schema), stored with their role, in
 * the caller's transaction: one statement per batch (and two more when it holds names outside
 * ANALYTICS_EVENTS: withinNameCap, which may drop some of them).
 */
export async function recordEvents(
  trx: Knex | Knex.Transaction,
  sent: readonly AnalyticsEventInput[],
  who: { userId: number | null; role: string | null },
): Promise<number> {
  const events = who.userId === null ? sent : await withinNameCap(trx, who.userId, sent);
  return recordEventRows(
    trx,
    events.map((e) => ({
      userId: who.userId,
      role: who.userId === null ? null : who.role,
      name: e.name,
      known: isKnownAnalyticsEvent(analyticsName(e.name)),
      source: 'client' as const,
      props: sanitizeAnalyticsProps(e.props) ?? {},
      at: e.at,
    })),
  );
}

/**
 * A server-side event (sign-in, sign-up, purchase, subscription change), written by the API in the
 * transaction of the change; the role is read from the user's row when not given.
 */
export async function recordServerEvents(
  db: Knex | Knex.Transaction,
  events: ReadonlyArray<{
    userId: number;
    role?: string | null;
    name: AnalyticsServerEventName;
    props?: AnalyticsProps;
  }>,
): Promise<number> {
  return recordEventRows(
    db,
    events.map((e) => ({
      userId: e.userId,
      role: e.role ?? null,
      name: e.name,
      known: true,
      source: 'server' as const,
      props: sanitizeAnalyticsProps(e.props) ?? {},
      at: null,
    })),
  );
}
