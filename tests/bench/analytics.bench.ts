/**
 * Issue-14 benchmark (`npm run bench -- analytics`): 1,000,000 analytics events over 100,000
 * members (generate_series, with their rollups) on a fresh PostgreSQL database; then
 * POST /api/analytics/events with batches of 20 events from several concurrent clients (each a
 * different signed-in member), next to a bare Koa endpoint running the same SQL (session lookup,
 * rate-limit upsert, the one-statement insert with its rollups, in a transaction) without the
 * chain. Prints events/s, p50/p95 per batch, SQL statements per batch and the rollup check.
 * Goals (reported, not asserted): >= 2,000 events/s and p95 < 50 ms per batch.
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Knex } from 'knex';
import { hashPassword } from '../../api/src/core/password';
import { hitRateLimit } from '../../api/src/core/rate-limit';
import { sha256, sessionCookieName } from '../../api/src/core/session';
import { recordEvents } from '../../api/src/features/analytics';
import { checkAnalyticsEvent, type AnalyticsEventInput } from '../../shared/src/schemas/analytics';
import { measure, report, signInCookie, startBenchApp, type LatencyStats } from './lib';

const MEMBERS = Number(process.env.BENCH_ANALYTICS_MEMBERS || 100_000);
const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS || 1_000_000);
const CLIENTS = Number(process.env.BENCH_ANALYTICS_CLIENTS || 8);
const BATCHES = Number(process.env.BENCH_ANALYTICS_BATCHES || 1500);
const BATCH = 20;
const ROUNDS = 3;
const PASSWORD = 'bench-member-password-2026';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * 100,000 members and 1,000,000 events over the last 90 days, with the rollups they imply. One
 * transaction without the API's statement timeout (a million-row INSERT ... SELECT takes longer).
 */
async function seed(knex: Knex): Promise<number> {
  const t0 = performance.now();
  const hash = await hashPassword(PASSWORD);
  await knex.transaction(async (trx) => {
    await trx.raw('set local statement_timeout = 0');
    await trx.raw(
      `insert into users (full_name, email, password_hash, role)
       select 'Member ' || g, 'member' || g || '@bench.test', ?,
              (array['basic', 'premium', 'course only'])[1 + g % 3]
         from generate_series(1, ?::int) g`,
      [hash, MEMBERS],
    );
    // Member n (1-based) has id first + n - 1 and role (array)[1 + n % 3]: no join needed.
    await trx.raw(
      `insert into analytics_events (user_id, role, name, known, source, props, occurred_at)
       select b.first + g % ?::int,
              (array['basic', 'premium', 'course only'])[1 + (1 + g % ?::int) % 3],
              (array['page_view','page_view','page_view','lesson_completed','card_moved','product_saved',
                     'qualifier_rated','resource_opened','ai_tool_opened','custom_thing'])[1 + g % 10],
              g % 10 <> 9, 'client', jsonb_build_object('path', '/courses/' || (g % 50)),
              now() - ((g::bigint * 7919) % (90 * 24 * 60)) * interval '1 minute'
         from generate_series(1, ?::int) g
        cross join (select min(id) as first from users where email like 'member%@bench.test') b`,
      [MEMBERS, MEMBERS, EVENTS],
    );
    await trx.raw(
      `insert into analytics_daily (day, name, role, known, count)
       select (occurred_at at time zone 'UTC')::date, name, coalesce(role, ''), bool_or(known), count(*)
         from analytics_events group by 1, 2, 3`,
    );
    await trx.raw(
      `insert into analytics_active_days (day, user_id, role)
       select distinct on (1, 2) (occurred_at at time zone 'UTC')::date, user_id, role
         from analytics_events order by 1, 2, occurred_at`,
    );
    await trx.raw(
      `insert into analytics_active_weeks (week, user_id, role)
       select distinct on (1, 2) date_trunc('week', occurred_at at time zone 'UTC')::date, user_id, role
         from analytics_events order by 1, 2, occurred_at`,
    );
  });
  await knex.raw('analyze');
  return (performance.now() - t0) / 1000;
}

const batchBody = (i: number) =>
  JSON.stringify({
    events: Array.from({ length: BATCH }, (_, k) => ({
      name: k % 4 === 0 ? 'card_moved' : 'page_view',
      props: { path: `/courses/${(i + k) % 50}`, cardId: i + k },
    })),
  });

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/** The bare baseline: the same SQL as the portal's endpoint, with no chain around it. */
async function startBare(knex: Knex, cookieName: string, limit: number) {
  const app = new Koa();
  app.use(async (ctx) => {
    const key = cookieValue(ctx.get('Cookie'), cookieName);
    const row = key
      ? await knex('sessions')
          .select('data')
          .where({ id: sha256(key) })
          .first<{ data: { userId?: number } } | undefined>()
      : undefined;
    const userId = row?.data.userId;
    if (!userId) {
      ctx.status = 401;
      return;
    }
    const user = await knex('users').select('role').where({ id: userId }).first<{ role: string }>();
    const hit = await hitRateLimit(knex, `analytics:${userId}`, 60_000);
    if (hit.count > limit) {
      ctx.status = 429;
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of ctx.req) chunks.push(c as Buffer);
    const { events } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { events: unknown[] };
    const parsed = events.map(checkAnalyticsEvent).map((c) => (c as { value: AnalyticsEventInput }).value);
    const recorded = await knex.transaction((trx) => recordEvents(trx, parsed, { userId, role: user.role }));
    ctx.body = { recorded };
  });
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

async function post(url: string, cookie: string, body: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

async function main(): Promise<void> {
  const bench = await startBenchApp({ poolMax: 10 });
  try {
    const seconds = await seed(bench.knex);
    console.log(`seeded ${MEMBERS} members, ${EVENTS} events and their rollups in ${seconds.toFixed(1)} s`);
    // Every client is a different member (the per-member limit is a guard, not what is measured:
    // it is raised here so no batch is refused; its upsert still runs on every batch).
    bench.config.analyticsRateLimit = 1_000_000;
    const cookies: string[] = [];
    for (let c = 0; c < CLIENTS * 4; c += 1) {
      cookies.push(await signInCookie(bench.base, `member${c + 1}@bench.test`, PASSWORD));
    }
    const bare = await startBare(bench.knex, sessionCookieName(bench.config), 1_000_000);
    try {
      const url = (base: string) => `${base}/api/analytics/events`;
      const portalSql = await bench.countQueries(() => post(url(bench.base), cookies[0]!, batchBody(0)));
      const bareSql = await bench.countQueries(() => post(url(bare.base), cookies[0]!, batchBody(0)));
      console.log(`SQL statements per batch of ${BATCH}: portal ${portalSql}, bare ${bareSql}`);

      const rounds: Array<{ portal: LatencyStats; bare: LatencyStats }> = [];
      for (let r = 0; r < ROUNDS; r += 1) {
        const run = (base: string) => (i: number) =>
          post(url(base), cookies[Math.abs(i) % cookies.length]!, batchBody(Math.abs(i)));
        const per = Math.ceil(BATCHES / ROUNDS);
        const portal = await measure({ requests: per, concurrency: CLIENTS, warmup: 20, run: run(bench.base) });
        const bareStats = await measure({ requests: per, concurrency: CLIENTS, warmup: 20, run: run(bare.base) });
        rounds.push({ portal, bare: bareStats });
        report(`  round ${r + 1} portal POST events (x${BATCH})`, portal, {
          'events/s': (portal.throughput * BATCH).toFixed(0),
        });
        report(`  round ${r + 1} bare   POST events (x${BATCH})`, bareStats, {
          'events/s': (bareStats.throughput * BATCH).toFixed(0),
        });
      }
      const pick = (side: 'portal' | 'bare') => ({
        p50: median(rounds.map((r) => r[side].p50)),
        p95: median(rounds.map((r) => r[side].p95)),
        eventsPerSecond: median(rounds.map((r) => r[side].throughput * BATCH)),
        errors: rounds.reduce((n, r) => n + r[side].errors, 0),
      });
      const portal = pick('portal');
      const bareMedian = pick('bare');
      for (const [label, s] of [
        ['median portal', portal],
        ['median bare  ', bareMedian],
      ] as const) {
        console.log(
          `${label} POST /api/analytics/events: ${s.eventsPerSecond.toFixed(0)} events/s | p50 ${s.p50.toFixed(1)} ms | p95 ${s.p95.toFixed(1)} ms per batch | errors ${s.errors}`,
        );
      }
      console.log(
        `ratio portal/bare events/s: ${((portal.eventsPerSecond / bareMedian.eventsPerSecond) * 100).toFixed(0)}%`,
      );

      // One client at a time: the latency of a batch without queueing behind the others.
      const alone = await measure({
        requests: 300,
        concurrency: 1,
        warmup: 10,
        run: (i) => post(url(bench.base), cookies[Math.abs(i) % cookies.length]!, batchBody(Math.abs(i))),
      });
      report(`1 client portal POST events (x${BATCH})`, alone, { 'events/s': (alone.throughput * BATCH).toFixed(0) });

      // The rollups still equal the raw events after the run.
      const check = await bench.knex.raw<{ rows: Array<{ events: number; daily: number; mismatched: number }> }>(
        `select (select count(*) from analytics_events)::int as events,
                (select sum(count) from analytics_daily)::int as daily,
                (select count(*) from (
                   select (occurred_at at time zone 'UTC')::date as day, user_id from analytics_events
                    where user_id is not null group by 1, 2
                   except select day, user_id from analytics_active_days) m)::int as mismatched`,
      );
      const c = check.rows[0]!;
      console.log(
        `rollups after the run: ${c.events} events, daily counts sum ${c.daily} (${c.events === c.daily ? 'equal' : 'DIFFERENT'}), active days missing ${c.mismatched}`,
      );

      console.log('\ngoals:');
      console.log(
        `  >= 2,000 events/s with ${CLIENTS} clients: ${portal.eventsPerSecond.toFixed(0)} -> ${portal.eventsPerSecond >= 2000 ? 'MET' : 'MISSED'}`,
      );
      console.log(
        `  p95 < 50 ms per batch, ${CLIENTS} clients: ${portal.p95.toFixed(1)} ms -> ${portal.p95 < 50 ? 'MET' : 'MISSED'}`,
      );
      console.log(
        `  p95 < 50 ms per batch, 1 client: ${alone.p95.toFixed(1)} ms -> ${alone.p95 < 50 ? 'MET' : 'MISSED'}`,
      );
      console.log(
        `  (load average while running: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(', ')} on ${os.cpus().length} cores)`,
      );
    } finally {
      await bare.close();
    }
  } finally {
    await bench.close();
  }
}

await main();
