import type { Knex } from 'knex';
import {
  ANALYTICS_AT_WINDOW_HOURS,
  ANALYTICS_NOT_ACTIVITY,
  analyticsName,
  isKnownAnalyticsEvent,
  sanitizeAnalyticsProps,
  type AnalyticsEventInput,
  type AnalyticsProps,
  type AnalyticsServerEventName,
} from '@shared/schemas/analytics';
import type { ForwardedEvent } from '../../adapters/posthog';
import { forwardWithCommit } from './forward';

/** One event to store: who (null: nobody signed in), their role then (null: read from users), what, when. */
export interface EventRow {
  userId: number | null;
  role: string | null;
  name: string;
  known: boolean;
  source: 'client' | 'server';
  props: AnalyticsProps;
  /** ms since 1970 by the sender's clock, clamped by the database; null: now. */
  at: number | null;
}

interface StoredRow {
  user_id: number | null;
  role: string | null;
  name: string;
  source: string;
  props: Record<string, string | number | boolean>;
  occurred_at: Date | string;
}

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
export async function recordEventRows(db: Knex | Knex.Transaction, rows: readonly EventRow[]): Promise<number> {
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
 * The events a signed-in user sent (validated by the shared schema), stored with their role, in
 * the caller's transaction: one statement per batch.
 */
export async function recordEvents(
  trx: Knex | Knex.Transaction,
  events: readonly AnalyticsEventInput[],
  who: { userId: number | null; role: string | null },
): Promise<number> {
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
