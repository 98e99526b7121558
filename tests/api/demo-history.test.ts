import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/factories';
import { DEMO_ACCOUNTS, seedDemo } from '../../api/src/db/seed';
import { HISTORY_DAYS, seededRandom } from '../../api/src/db/seed-history';
import type { InsightsSummary } from '../../shared/src/types/insights';
import type { ReviewQueueResponse } from '../../shared/src/types/review';
import type { AuditLogResponse } from '../../shared/src/types/audit';
import { expectContiguous, MTN } from './board-fixtures';

/**
 * The demo's 90 days of history (api/src/db/seed-history.ts, docs/areas/insights.md#demo-history):
 * activity spread over the last 90 days in every table Insights, the dashboard and the Audit log
 * read, kept consistent with the rollups, and nothing that changes the demo's other stories (the
 * coach's review queue, contiguous board positions). Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
let statements = 0;
beforeAll(async () => {
  t = await createTestApp();
  const count = () => (statements += 1);
  t.knex.on('query', count);
  await seedDemo(t.knex);
  t.knex.off('query', count);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const account = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!;
const dayOf = (d: Date | string) => new Date(d).toISOString().slice(0, 10);
const since = () => new Date(Date.now() - (HISTORY_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

async function distinctDays(sql: string): Promise<string[]> {
  const res = await t.knex.raw<{ rows: Array<{ day: Date | string }> }>(sql, [since()]);
  return [...new Set(res.rows.map((r) => dayOf(r.day)))].sort();
}

describe('demo history seed', () => {
  it('spreads activity over at least 60 of the last 90 days: active members, sign-ins, lessons, card moves, audit', async () => {
    const active = await distinctDays('select distinct day from analytics_active_days where day >= ?');
    expect(active.length).toBeGreaterThanOrEqual(60);
    const signIns = await distinctDays(
      "select distinct (occurred_at at time zone 'UTC')::date as day from analytics_events where name = 'signed_in' and occurred_at >= ?",
    );
    expect(signIns.length).toBeGreaterThanOrEqual(60);
    // Lessons, products, sign-ups and card moves are rarer: spread over weeks, not one day.
    const lessons = await distinctDays(
      "select distinct (completed_at at time zone 'UTC')::date as day from lesson_completions where completed_at >= ?",
    );
    expect(lessons.length).toBeGreaterThanOrEqual(20);
    const signUps = await distinctDays(
      "select distinct (created_at at time zone 'UTC')::date as day from users where created_at >= ?",
    );
    expect(signUps.length).toBeGreaterThanOrEqual(10);
    const moves = await distinctDays(
      "select distinct (created_at at time zone 'UTC')::date as day from mtn_card_events where kind = 'moved' and created_at >= ?",
    );
    expect(moves.length).toBeGreaterThanOrEqual(10);
    const products = await distinctDays(
      "select distinct (created_at at time zone 'UTC')::date as day from products where created_at >= ?",
    );
    expect(products.length).toBeGreaterThanOrEqual(3);
    const audit = await distinctDays(
      "select distinct (created_at at time zone 'UTC')::date as day from audit_log where created_at >= ?",
    );
    expect(audit.length).toBeGreaterThanOrEqual(15);
    // Nothing in the future.
    const future = await t.knex.raw<{ rows: Array<{ n: number | string }> }>(
      `select (select count(*) from analytics_events where occurred_at > now())
            + (select count(*) from lesson_completions where completed_at > now())
            + (select count(*) from mtn_card_events where created_at > now())
            + (select count(*) from audit_log where created_at > now()) as n`,
    );
    expect(Number(future.rows[0]!.n)).toBe(0);
  });

  it('keeps the rollups equal to the raw events, as the ingest would', async () => {
    const res = await t.knex.raw<{
      rows: Array<{ raw: string | number; daily: string | number; days: string | number; distinct: string | number }>;
    }>(
      `select (select count(*) from analytics_events) as raw,
              (select sum(count) from analytics_daily) as daily,
              (select count(*) from analytics_active_days) as days,
              (select count(distinct (user_id, (occurred_at at time zone 'UTC')::date)) from analytics_events
                where user_id is not null and name <> 'subscription_changed') as distinct`,
    );
    const r = res.rows[0]!;
    expect(Number(r.raw)).toBeGreaterThan(1000);
    expect(Number(r.daily)).toBe(Number(r.raw));
    expect(Number(r.days)).toBe(Number(r.distinct));
    const counts = await t.knex.raw<{ rows: Array<{ a: string | number; b: string | number }> }>(
      `select (select coalesce(sum(n), 0) from analytics_active_day_counts) as a,
              (select count(*) from analytics_active_days) as b`,
    );
    expect(Number(counts.rows[0]!.a)).toBe(Number(counts.rows[0]!.b));
  });

  it('gives the admin’s Insights of 90 days shapes: active members most days, sign-ups, cancellations, lessons', async () => {
    const admin = await signIn(t.agent(), account('admin@demo.portal'));
    const res = await admin.get('/api/insights/summary').query({ from: since(), to: dayOf(new Date()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body as InsightsSummary;
    expect(s.activeDaily).toHaveLength(HISTORY_DAYS);
    expect(s.activeDaily.filter((p) => p.total > 0).length).toBeGreaterThanOrEqual(60);
    expect(new Set(s.activeDaily.map((p) => p.total)).size).toBeGreaterThan(4);
    expect(s.activeWeekly.every((p) => p.total > 0)).toBe(true);
    expect(s.totals.signUps).toBeGreaterThanOrEqual(20);
    expect(s.totals.cancellations).toBe(2);
    expect(s.days.filter((d) => d.lessonCompletions > 0).length).toBeGreaterThanOrEqual(20);
    expect(s.courses.some((c) => c.completed > 0)).toBe(true);
    expect(s.boardProgress.filter((b) => b.boards > 0).length).toBeGreaterThanOrEqual(2);
    // The coach reads the members they coach only, and they have history too.
    const coach = await signIn(t.agent(), account('coach@demo.portal'));
    const mine = (await coach.get('/api/insights/summary').query({ from: since() })).body as InsightsSummary;
    expect(mine.scope).toBe('coach');
    expect(mine.activeDaily.filter((p) => p.total > 0).length).toBeGreaterThanOrEqual(30);
    expect(mine.totals.activeMembers).toBeLessThan(s.totals.activeMembers);
  });

  it('leaves the coach’s review queue and the boards’ positions as the other demo stories expect', async () => {
    await expectContiguous(t.knex);
    const coach = await signIn(t.agent(), account('coach@demo.portal'));
    const queue = (await coach.get(`${MTN}/review-queue`).query({ scope: 'mine' })).body as ReviewQueueResponse;
    expect(queue.total).toBe(6);
    // Every move of a card is in its history, in order, and ends in the list the card is in.
    const res = await t.knex.raw<{ rows: Array<{ list_id: number; last_to: number | null }> }>(
      `select c.list_id, (select (e.data->>'toListId')::int from mtn_card_events e
                           where e.card_id = c.id and e.kind = 'moved' order by e.created_at desc, e.id desc limit 1) as last_to
         from mtn_cards c where exists (select 1 from mtn_card_events e where e.card_id = c.id and e.kind = 'moved')`,
    );
    expect(res.rows.length).toBeGreaterThan(20);
    for (const row of res.rows) expect(row.last_to).toBe(row.list_id);
  });

  it('fills the Audit log with dated entries, newest first', async () => {
    const admin = await signIn(t.agent(), account('admin@demo.portal'));
    const res = await admin.get('/api/audit/read-many').query({ itemsPerPage: 100 });
    expect(res.status).toBe(200);
    const { entries, total } = res.body as AuditLogResponse;
    expect(total).toBeGreaterThanOrEqual(25);
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(entries.map((e) => dayOf(e.createdAt))).size).toBeGreaterThanOrEqual(15);
  });

  it('is deterministic, set-based and seeded once', async () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    // Bulk statements: the whole demo, history included, in a few hundred statements for thousands
    // of rows (not one per event), and a second start seeds nothing.
    const rows = await t.knex.raw<{ rows: Array<{ n: string | number }> }>(
      `select (select count(*) from analytics_events) + (select count(*) from lesson_completions)
            + (select count(*) from mtn_card_events) + (select count(*) from audit_log) as n`,
    );
    expect(Number(rows.rows[0]!.n)).toBeGreaterThan(2000);
    expect(statements).toBeLessThan(500);
    const before = await t.knex('analytics_events').count<Array<{ n: string | number }>>('* as n');
    expect(await seedDemo(t.knex)).toEqual([]);
    const after = await t.knex('analytics_events').count<Array<{ n: string | number }>>('* as n');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
});
