/**
 * Insights benchmark (docs/areas/insights.md#insights-page) on PostgreSQL: 100,000 members, 1,000,000 analytics events over
 * the last 400 days with their rollups (analytics_daily, analytics_active_days / _weeks, filled
 * directly with generate_series as the ingest would have left them), 0.5% of them subscription
 * changes, 50,000 lesson completions over 10 courses. Measures GET /api/insights/summary for 90
 * days as an admin (everyone) and as a coach (1,000 members), next to a bare Koa endpoint running
 * the same statement on the same database (no session, auth or policy). Target: p95 < 200 ms.
 * Then the first page of the members at risk (10,000 boards, 138,000 cards) the same way.
 * Prints figures and the machine's load; asserts nothing. Run: npm run bench -- insights
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Knex } from 'knex';
import { hashPassword } from '../../api/src/core/password';
import { readSummary } from '../../api/src/features/insights/summary';
import { readAtRisk } from '../../api/src/features/insights/at-risk';
import { loadSessionUser } from '../../api/src/core/load-session-user';
import { courseAudience, type CourseAudience } from '../../shared/src/policies';

/** The reader the route would see, by email (the summary's funnel and the at-risk fields depend on them). */
async function readerOf(knex: Knex, email: string) {
  const row = await knex('users').whereRaw('lower(email) = lower(?)', [email]).first<{ id: number }>('id');
  return (await loadSessionUser(knex, row.id))!;
}
import type { InsightsScope } from '../../shared/src/policies/insights';
import { addDays } from '../../shared/src/schemas/insights';
import { hit, measure, report, signInCookie, startBenchApp } from './lib';

const MEMBERS = 100_000;
const EVENTS = 1_000_000;
const DAYS = 400;
const PASSWORD = 'bench-password-insights';
const REQUESTS = 100;

/** The seed in one transaction without the API's statement timeout (a million rows take longer than 15 s here). */
async function seed(db: Knex): Promise<{ coachId: number }> {
  const seeded = await db.transaction(async (knex) => {
    await knex.raw('set local statement_timeout = 0');
    return seedIn(knex);
  });
  // As autovacuum leaves tables in use: statistics and the visibility map (index-only scans).
  await db.raw('vacuum analyze');
  return seeded;
}

async function seedIn(knex: Knex.Transaction): Promise<{ coachId: number }> {
  const hash = await hashPassword(PASSWORD);
  const [admin] = await knex('users')
    .insert({ full_name: 'Bench Admin', email: 'admin@bench.test', password_hash: hash, role: 'admin', is_admin: true })
    .returning<Array<{ id: number }>>('id');
  const [coach] = await knex('users')
    .insert({ full_name: 'Bench Coach', email: 'coach@bench.test', password_hash: hash, role: 'coach' })
    .returning<Array<{ id: number }>>('id');
  void admin;
  // Members: roles in turn, created over the last 2 years, one in 100 coached by the coach.
  await knex.raw(
    `insert into users (full_name, email, role, stripe_status, created_at, coach_id)
     select 'Member ' || g, 'm' || g || '@bench.test',
            (array['basic', 'premium', 'course only'])[1 + g % 3],
            case when g % 50 = 7 then 'past_due' else 'active' end,
            now() - ((g % 730) || ' days')::interval, case when g % 100 = 0 then ?::int else null end
       from generate_series(1, ?::int) g`,
    [coach!.id, MEMBERS],
  );
  const first = Number(
    (await knex('users').min<{ min: number }>('id as min').where('email', 'like', 'm%').first())!.min,
  );
  // Events: 1,000,000 over the last 400 days, spread over the members; every 200th a subscription change.
  await knex.raw(
    `insert into analytics_events (user_id, role, name, known, source, props, occurred_at)
     select ?::int + ((g::bigint * 7919) % ?::int)::int, (array['basic', 'premium', 'course only'])[1 + ((g::bigint * 7919) % ?::int)::int % 3],
            case when g % 200 = 0 then 'subscription_changed' else (array['page_view', 'lesson_completed', 'card_moved', 'signed_in'])[1 + g % 4] end,
            true, case when g % 200 = 0 then 'server' else 'client' end,
            case when g % 200 = 0 then jsonb_build_object('from', 'active', 'to', (array['canceled', 'unpaid', 'past_due', 'active'])[1 + (g / 200) % 4]) else '{}'::jsonb end,
            now() - (((g + (g / ?::int) * 41) % ${DAYS}) || ' days')::interval - ((g % 86400) || ' seconds')::interval
       from generate_series(1, ?::int) g`,
    [first, MEMBERS, MEMBERS, MEMBERS, EVENTS],
  );
  // The rollups, as the ingest keeps them (UTC days, week = Monday; subscription changes are not activity).
  await knex.raw(
    `insert into analytics_daily (day, name, role, known, count)
     select (occurred_at at time zone 'UTC')::date, name, coalesce(role, ''), known, count(*)
       from analytics_events group by 1, 2, 3, 4`,
  );
  await knex.raw(
    `insert into analytics_active_days (day, user_id, role)
     select distinct on (d, user_id) (occurred_at at time zone 'UTC')::date as d, user_id, role
       from analytics_events where user_id is not null and name <> 'subscription_changed'`,
  );
  await knex.raw(
    `insert into analytics_active_weeks (week, user_id, role)
     select distinct on (w, user_id) date_trunc('week', day)::date as w, user_id, role from analytics_active_days`,
  );
  // Courses: 10 of 2 modules x 5 lessons; 50,000 completions over the last year.
  for (let c = 1; c <= 10; c++) {
    const [course] = await knex('courses')
      .insert({ title: `Course ${c}`, slug: `course-${c}`, status: 'PUBLISHED', position: c })
      .returning<Array<{ id: number }>>('id');
    for (let m = 1; m <= 2; m++) {
      const [mod] = await knex('modules')
        .insert({ title: `M${m}`, course_id: course!.id, position: m })
        .returning<Array<{ id: number }>>('id');
      await knex('lessons').insert(
        Array.from({ length: 5 }, (_, i) => ({ title: `L${i + 1}`, module_id: mod!.id, position: i + 1 })),
      );
    }
  }
  await knex.raw(
    `insert into lesson_completions (user_id, lesson_id, completed_at)
     select ?::int + ((g::bigint * 104729) % ?::int)::int, l.id, now() - ((g % 365) || ' days')::interval
       from generate_series(1, 5000) g cross join (select id from lessons order by id limit 10) l
     on conflict do nothing`,
    [first, MEMBERS],
  );
  // Boards: every 10th member has one (10,000), 5 lists of 3 cards each (FOR REVIEW only on one
  // board in 10: 3,000 cards wait for a coach), a history row per card, changed over the last 90
  // days (so some boards are stale).
  await knex.raw(
    `insert into mtn_boards (user_id, created_at)
     select ?::int + g * 10, now() - interval '120 days' from generate_series(0, ?::int - 1) g`,
    [first, MEMBERS / 10],
  );
  await knex.raw(
    `insert into mtn_lists (user_id, name, position, updated_at)
     select b.user_id, (array['IDEAS', 'TO DO', 'IN PROGRESS', 'FOR REVIEW', 'COMPLETED'])[p + 1], p,
            now() - ((b.user_id % 90) || ' days')::interval
       from mtn_boards b cross join generate_series(0, 4) p where not b.is_template`,
  );
  await knex.raw(
    `insert into mtn_cards (list_id, title, position, updated_at)
     select l.id, 'Card ' || p, p, l.updated_at from mtn_lists l cross join generate_series(0, 2) p
      where l.name <> 'FOR REVIEW' or (l.id / 5) % 10 = 0`,
  );
  await knex.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, created_at)
     select c.id, null, 'created', c.updated_at from mtn_cards c`,
  );
  return { coachId: coach!.id };
}

/** The summary statement's own execution time, as PostgreSQL measures it (EXPLAIN ANALYZE). */
async function executionMs(
  knex: Knex,
  scope: Exclude<InsightsScope, null>,
  range: { from: string; to: string },
  audience: CourseAudience,
): Promise<string> {
  // readSummary runs one knex.raw: catch its SQL and named bindings on the way.
  let captured: { sql: string; bindings: Knex.ValueDict } | null = null;
  const spy = {
    raw: (sql: string, bindings: Knex.ValueDict) => {
      captured = { sql, bindings };
      return knex.raw(sql, bindings);
    },
  } as unknown as Knex;
  await readSummary(spy, scope, range, audience);
  const { sql, bindings } = captured!;
  const plan = await knex.raw<{ rows: Array<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }> }>(
    `explain (analyze, format json) ${sql}`,
    bindings,
  );
  return plan.rows[0]!['QUERY PLAN'][0]!['Execution Time'].toFixed(1);
}

/** A bare Koa endpoint answering `read()` (no session, auth or policy): the baseline. */
async function startBare(read: () => Promise<unknown>) {
  const app = new Koa();
  app.use(async (ctx) => {
    ctx.body = await read();
  });
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const app = await startBenchApp({ poolMax: 10 });
  try {
    const t0 = performance.now();
    const { coachId } = await seed(app.knex);
    const counts = await app.knex.raw<{ rows: Array<Record<string, string>> }>(
      `select (select count(*) from analytics_events) as events, (select count(*) from analytics_active_days) as active_days,
              (select count(*) from analytics_active_weeks) as active_weeks, (select count(*) from analytics_daily) as daily,
              (select count(*) from lesson_completions) as completions`,
    );
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, counts.rows[0]);
    const to = new Date().toISOString().slice(0, 10);
    const range = { from: addDays(to, -89), to };
    const query = `/api/insights/summary?from=${range.from}&to=${range.to}`;
    for (const [who, email, scope] of [
      ['admin (everyone)', 'admin@bench.test', { kind: 'all' } as const],
      ['coach (1,000 members)', 'coach@bench.test', { kind: 'coach', coachId } as const],
    ] as const) {
      const cookie = await signInCookie(app.base, email, PASSWORD);
      const queries = await app.countQueries(() => hit(`${app.base}${query}`, cookie));
      const audience = courseAudience(await readerOf(app.knex, email));
      console.log(
        `${who}: the summary statement runs in ${await executionMs(app.knex, scope, range, audience)} ms (EXPLAIN ANALYZE)`,
      );
      const bare = await startBare(() => readSummary(app.knex, scope, range, audience));
      try {
        for (const concurrency of [1, 4]) {
          const portal = await measure({
            requests: REQUESTS,
            concurrency,
            warmup: 10,
            run: () => hit(`${app.base}${query}`, cookie),
          });
          const baseline = await measure({
            requests: REQUESTS,
            concurrency,
            warmup: 10,
            run: () => hit(`${bare.base}/`, ''),
          });
          report(`summary 90 days, ${who}, portal`, portal, { 'SQL/request': queries });
          report(`summary 90 days, ${who}, bare`, baseline);
        }
      } finally {
        await bare.close();
      }
    }
    for (const [who, email, scope] of [
      ['admin (everyone)', 'admin@bench.test', { kind: 'all' } as const],
      ['coach (1,000 members)', 'coach@bench.test', { kind: 'coach', coachId } as const],
    ] as const) {
      const atRisk = '/api/insights/at-risk?page=1&itemsPerPage=50';
      const cookie = await signInCookie(app.base, email, PASSWORD);
      const queries = await app.countQueries(() => hit(`${app.base}${atRisk}`, cookie));
      const reader = await readerOf(app.knex, email);
      const first = await readAtRisk(app.knex, scope, { page: 1, itemsPerPage: 50 }, reader);
      console.log(`${who}: ${first.total} members at risk`);
      const bare = await startBare(() => readAtRisk(app.knex, scope, { page: 1, itemsPerPage: 50 }, reader));
      try {
        const portal = await measure({
          requests: 30,
          concurrency: 1,
          warmup: 3,
          run: () => hit(`${app.base}${atRisk}`, cookie),
        });
        const baseline = await measure({
          requests: 30,
          concurrency: 1,
          warmup: 3,
          run: () => hit(`${bare.base}/`, ''),
        });
        report(`at risk page 1, ${who}, portal`, portal, { 'SQL/request': queries });
        report(`at risk page 1, ${who}, bare`, baseline);
      } finally {
        await bare.close();
      }
    }
    console.log(
      `load average: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (${os.cpus().length} cores)`,
    );
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
