import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { createCourse, complete } from '../helpers/courses';
import type { AtRiskResponse, InsightsSummary } from '../../shared/src/types/insights';
import { fillMessage, MESSAGES } from '../../shared/src/messages';
import { dateWindow } from '../../shared/src/schemas/dates';
import { actor, addCards, countQueries, listByName, readBoard, type Actor } from './board-fixtures';
import { isActivity, mondayOf, seedEvents, utcDay, type SeedEvent } from './insights-fixtures';

/**
 * GET /api/insights/summary and /at-risk (+ export), on both databases (docs/areas/insights.md#insights-page). Every number
 * the page shows is checked against the seeded raw events (or rows) it comes from; an admin sees
 * everyone, a coach their own members, members are refused.
 */
const SUMMARY = '/api/insights/summary';
const AT_RISK = '/api/insights/at-risk';
const DAY = 86_400_000;
const today = utcDay(new Date());
const dayAgo = (n: number) => utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY));
const at = (n: number, time = '00:00:05') => `${dayAgo(n)}T${time}Z`;
const FROM = dayAgo(9);

let t: TestApp;
let admin: Actor;
let coach: Actor;
let otherCoach: Actor;
let m1: Actor; // premium, coached by `coach`, with a stale board
let m2: Actor; // basic, coached by `otherCoach`
let m3: Actor; // course only, no coach, inactive for 20 days
let m4: Actor; // premium, coached by `coach`, past due, never active
let basic: Actor;
const events: SeedEvent[] = [];

async function summary(a: Actor, query: Record<string, string> = { from: FROM, to: today }) {
  const res = await a.agent.get(SUMMARY).query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as InsightsSummary;
}

/** From the raw events: distinct (day, user) per role within [from, to], for the given users (all when null). */
function activeFromRaw(users: number[] | null, from = FROM, to = today) {
  const seen = new Map<string, string>();
  for (const e of events) {
    const d = utcDay(e.at);
    if (e.userId === null || !isActivity(e.name) || d < from || d > to || (users && !users.includes(e.userId)))
      continue;
    seen.set(`${d}|${e.userId}`, e.role ?? '');
  }
  const byDay = new Map<string, Record<string, number>>();
  for (const [key, role] of seen) {
    const d = key.split('|')[0]!;
    const r = byDay.get(d) ?? {};
    r[role] = (r[role] ?? 0) + 1;
    byDay.set(d, r);
  }
  return { byDay, distinct: new Set([...seen.keys()].map((k) => k.split('|')[1])).size };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Admin' });
  await readBoard(admin); // the Master Template: never in the numbers
  coach = await actor(t, { role: 'coach', fullName: 'Coach' });
  otherCoach = await actor(t, { role: 'coach', fullName: 'Other Coach' });
  m1 = await actor(t, { role: 'premium', fullName: 'Mia One' });
  m2 = await actor(t, { role: 'basic', fullName: 'Max Two' });
  m3 = await actor(t, { role: 'course only', fullName: 'Cody Three' });
  m4 = await actor(t, { role: 'premium', fullName: 'Pat Four', stripeStatus: 'past_due', alwaysGrantAccess: true });
  basic = await actor(t, { role: 'basic', fullName: 'Basic' });
  await t.knex('users').whereIn('id', [m1.user.id, m4.user.id]).update({ coach_id: coach.user.id });
  await t.knex('users').where({ id: m2.user.id }).update({ coach_id: otherCoach.user.id });
  // Sign-ups in the range: two of the coach's members, one other; one before the range.
  for (const [n, coachId] of [
    [1, coach.user.id],
    [3, coach.user.id],
    [5, null],
    [30, null],
  ] as const) {
    const u = await createUser(t.knex, { role: 'basic', createdAt: at(n, '10:00:00') });
    if (coachId) await t.knex('users').where({ id: u.id }).update({ coach_id: coachId });
  }

  events.push(
    { userId: m1.user.id, role: 'premium', name: 'page_view', at: at(2) },
    { userId: m1.user.id, role: 'premium', name: 'card_moved', at: at(2, '23:59:00') }, // same day: one active row
    { userId: m1.user.id, role: 'premium', name: 'page_view', at: at(8) },
    { userId: m2.user.id, role: 'basic', name: 'page_view', at: at(2) },
    { userId: m2.user.id, role: 'premium', name: 'page_view', at: at(4) }, // the role it had then
    { userId: m3.user.id, role: 'course only', name: 'page_view', at: at(20) }, // before the range
    { userId: coach.user.id, role: 'coach', name: 'page_view', at: at(0) },
    { userId: null, role: null, name: 'page_view', at: at(1) },
    {
      userId: m2.user.id,
      role: 'basic',
      name: 'subscription_changed',
      at: at(1),
      props: { from: 'active', to: 'canceled' },
    },
    {
      userId: m4.user.id,
      role: 'premium',
      name: 'subscription_changed',
      at: at(3),
      props: { from: 'active', to: 'unpaid' },
    },
    {
      userId: m1.user.id,
      role: 'premium',
      name: 'subscription_changed',
      at: at(3),
      props: { from: 'active', to: 'past_due' },
    },
    {
      userId: m3.user.id,
      role: 'course only',
      name: 'subscription_changed',
      at: at(12),
      props: { from: 'active', to: 'canceled' },
    },
  );
  // Signing the actors in above recorded `signed_in` events (the API's own, docs/areas/insights.md#events): start
  // from the seeded events alone, so every expected number below comes from the list above.
  for (const table of ['analytics_active_weeks', 'analytics_active_days', 'analytics_daily', 'analytics_events'])
    await t.knex(table).del();
  await seedEvents(t.knex, events);

  // Courses: 4 lessons; m1 finished it, m4 did half (2), m2 one; a second course nobody started.
  const course = await createCourse(t.knex, { title: 'Launch', modules: [{ lessons: [{}, {}, {}, {}] }] });
  await createCourse(t.knex, { title: 'Scale', modules: [{ lessons: [{}, {}] }] });
  await complete(t.knex, m1.user.id, course.lessons);
  await complete(t.knex, m4.user.id, course.lessons.slice(0, 2));
  await complete(t.knex, m2.user.id, course.lessons.slice(0, 1));
  await t
    .knex('lesson_completions')
    .where({ user_id: m1.user.id })
    .update({ completed_at: new Date(at(2, '09:00:00')) });
  await t
    .knex('lesson_completions')
    .where({ user_id: m4.user.id })
    .update({ completed_at: new Date(at(40)) });

  // Boards: m1 has 1 of 4 cards COMPLETED (25–49%) and one waiting 35 days in FOR REVIEW; m4 an empty board.
  const board = await readBoard(m1);
  await addCards(t.knex, listByName(board, 'COMPLETED').id, 1, 'Done');
  await addCards(t.knex, listByName(board, 'NOT STARTED').id, 2, 'Todo');
  const [waiting] = await addCards(t.knex, listByName(board, 'FOR REVIEW').id, 1, 'Waiting');
  await readBoard(m4);
  // m1's board has not changed for 40 days; m4's board is new.
  const old = new Date(Date.now() - 40 * DAY);
  await t.knex('mtn_lists').where({ user_id: m1.user.id }).update({ updated_at: old });
  await t
    .knex('mtn_cards')
    .whereIn('list_id', t.knex('mtn_lists').select('id').where({ user_id: m1.user.id }))
    .update({ updated_at: old });
  await t
    .knex('mtn_card_events')
    .whereIn(
      'card_id',
      t
        .knex('mtn_cards')
        .select('id')
        .whereIn('list_id', t.knex('mtn_lists').select('id').where({ user_id: m1.user.id })),
    )
    .update({ created_at: old });
  await t
    .knex('mtn_cards')
    .where({ id: waiting })
    .update({ updated_at: new Date(Date.now() - 35 * DAY) });
  // Last, as every write above set the board's changed_at to now (the board triggers).
  await t.knex('mtn_boards').where({ user_id: m1.user.id }).update({ created_at: old, changed_at: old });
  // Signing in wrote sessions "now"; m3 and m4 have not been seen for long (m4 never).
  await t
    .knex('sessions')
    .whereIn('user_id', [m3.user.id, m4.user.id])
    .update({ last_seen_at: new Date(Date.now() - 40 * DAY) });
  await t.knex('sessions').where({ user_id: m4.user.id }).del();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/insights/summary', () => {
  it('is 401 without a session and 403 for members', async () => {
    expect((await t.agent().get(SUMMARY)).status).toBe(401);
    for (const a of [m1, m2, basic]) expect((await a.agent.get(SUMMARY)).status).toBe(403);
  });

  it('400 for a bad date, a reversed range, or more than 366 days', async () => {
    let res = await admin.agent.get(SUMMARY).query({ from: '2026-02-30' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.from).toBe(MESSAGES.dateInvalid);
    res = await admin.agent.get(SUMMARY).query({ to: 'yesterday' });
    expect(res.body.error.fields.to).toBe(MESSAGES.dateInvalid);
    res = await admin.agent.get(SUMMARY).query({ from: '2026-03-02', to: '2026-03-01' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.from).toBe(MESSAGES.dateRangeOrder);
    res = await admin.agent.get(SUMMARY).query({ from: '2025-01-01', to: '2026-01-02' }); // 367 days
    expect(res.status).toBe(400);
    expect(res.body.error.fields.from).toBe(fillMessage(MESSAGES.dateRangeTooLong, { max: '366' }));
    expect((await admin.agent.get(SUMMARY).query({ from: '2025-01-01', to: '2026-01-01' })).status).toBe(200);
  });

  it('400 for a date outside 2000-01-01 .. a year from today, for coach and admin (the shared date-range rule)', async () => {
    const outside = fillMessage(MESSAGES.dateOutsideWindow, dateWindow());
    for (const a of [admin, coach]) {
      for (const [query, field] of [
        [{ from: '9999-12-25', to: '9999-12-31' }, 'from'],
        [{ to: '9999-12-31' }, 'to'],
        [{ from: '1999-12-31' }, 'from'],
        [{ from: dateWindow().max, to: '2100-01-01' }, 'to'],
      ] as const) {
        const res = await a.agent.get(SUMMARY).query(query);
        expect(res.status, JSON.stringify(query)).toBe(400);
        expect(res.body.error.fields[field], JSON.stringify(query)).toBe(outside);
      }
      // Its last day is in: a range that ends there is answered.
      const last = dateWindow().max;
      expect((await a.agent.get(SUMMARY).query({ to: last })).status).toBe(200);
    }
  });

  it('defaults to the last 30 days, one point per day and per week', async () => {
    const body = await summary(admin, {});
    expect(body.range).toEqual({ from: dayAgo(29), to: today });
    expect(body.days).toHaveLength(30);
    expect(body.days[0]!.date).toBe(dayAgo(29));
    expect(body.activeWeekly[0]!.date).toBe(mondayOf(dayAgo(29)));
  });

  it('admin: active members per day and week by role equal the seeded raw events', async () => {
    const body = await summary(admin);
    expect(body.scope).toBe('all');
    const raw = activeFromRaw(null);
    for (const p of body.activeDaily) {
      const expected = raw.byDay.get(p.date) ?? {};
      expect(p.byRole, p.date).toEqual(expected);
      expect(p.total).toBe(Object.values(expected).reduce((a, n) => a + n, 0));
    }
    expect(body.activeDaily.find((p) => p.date === dayAgo(2))).toMatchObject({
      total: 2,
      byRole: { premium: 1, basic: 1 },
    });
    expect(body.totals.activeMembers).toBe(raw.distinct);
    expect(body.totals.activeMembers).toBe(3); // m1, m2, the coach
    // Weeks: the distinct users per Monday, counted from the raw events too.
    const weeks = new Map<string, Set<number>>();
    for (const e of events) {
      if (e.userId === null || !isActivity(e.name) || utcDay(e.at) > today || mondayOf(utcDay(e.at)) < mondayOf(FROM))
        continue;
      const w = mondayOf(utcDay(e.at));
      weeks.set(w, (weeks.get(w) ?? new Set()).add(e.userId));
    }
    for (const p of body.activeWeekly) expect(p.total, p.date).toBe(weeks.get(p.date)?.size ?? 0);
  });

  it('admin: sign-ups, cancellations and lesson completions per day', async () => {
    const body = await summary(admin);
    const signUps = await t
      .knex('users')
      .where('created_at', '>=', new Date(`${FROM}T00:00:00Z`))
      .count<Array<{ n: number }>>('* as n');
    expect(body.totals.signUps).toBe(Number(signUps[0]!.n));
    expect(body.days.find((d) => d.date === dayAgo(3))!.signUps).toBe(1);
    // Into canceled or unpaid, within the range: m2 (day 1) and m4 (day 3); not past_due, not day 12.
    const cancelled = events.filter(
      (e) =>
        e.name === 'subscription_changed' &&
        ['canceled', 'unpaid'].includes(String(e.props?.to)) &&
        utcDay(e.at) >= FROM,
    );
    expect(body.totals.cancellations).toBe(cancelled.length);
    expect(body.days.filter((d) => d.cancellations > 0).map((d) => [d.date, d.cancellations])).toEqual([
      [dayAgo(3), 1],
      [dayAgo(1), 1],
    ]);
    expect(body.totals.lessonCompletions).toBe(5); // m1's 4 (day 2) and m2's 1 (today); m4's are 40 days old
    expect(body.days.find((d) => d.date === dayAgo(2))!.lessonCompletions).toBe(4);
  });

  it('admin: the course funnel, board progress and cards waiting for review', async () => {
    const body = await summary(admin);
    expect(body.courses.map((c) => [c.title, c.lessons, c.started, c.halfDone, c.completed])).toEqual([
      ['Launch', 4, 3, 2, 1],
      ['Scale', 2, 0, 0, 0],
    ]);
    const buckets = Object.fromEntries(body.boardProgress.map((b) => [b.label, b.boards]));
    expect(buckets).toMatchObject({ 'No cards': 1, '25–49%': 1, '100%': 0 });
    expect(body.boardProgress.reduce((a, b) => a + b.boards, 0)).toBe(2); // the template is not a member's board
    expect(body.totals.cardsWaiting).toBe(1);
    expect(body.reviewWaiting.find((b) => b.label === '14 days or more')!.cards).toBe(1);
    expect(body.reviewWaiting.reduce((a, b) => a + b.cards, 0)).toBe(1);
    expect(Date.now() - Date.parse(body.totals.oldestWaitingSince!)).toBeGreaterThan(35 * DAY - 60_000);
  });

  it('coach: only the members they coach, in every number', async () => {
    const body = await summary(coach);
    expect(body.scope).toBe('coach');
    const raw = activeFromRaw([m1.user.id, m4.user.id]);
    expect(body.totals.activeMembers).toBe(raw.distinct);
    expect(body.totals.activeMembers).toBe(1);
    for (const p of body.activeDaily) expect(p.byRole, p.date).toEqual(raw.byDay.get(p.date) ?? {});
    expect(body.totals.signUps).toBe(2);
    expect(body.totals.cancellations).toBe(1); // m4's unpaid; m2 is not theirs
    expect(body.totals.lessonCompletions).toBe(4);
    expect(body.courses[0]).toMatchObject({ started: 2, halfDone: 2, completed: 1 });
    expect(body.boardProgress.reduce((a, b) => a + b.boards, 0)).toBe(2);
    expect(body.totals.cardsWaiting).toBe(1);
    const other = await summary(otherCoach);
    expect(other.totals).toMatchObject({
      activeMembers: 1,
      signUps: 0,
      cancellations: 1,
      lessonCompletions: 1,
      cardsWaiting: 0,
    });
    expect(other.boardProgress.reduce((a, b) => a + b.boards, 0)).toBe(0);
  });

  it('coach: the course funnel lists only the courses of their own course list (no draft)', async () => {
    const draft = await createCourse(t.knex, { title: 'Draft Strategies', status: 'DRAFT' });
    const basicOnly = await createCourse(t.knex, { title: 'Basics Only', visibleToPremium: false });
    await complete(t.knex, m1.user.id, [...draft.lessons, ...basicOnly.lessons]);
    try {
      const list = await coach.agent.get('/api/course/read-many');
      expect(list.status).toBe(200);
      const listed = new Set((list.body as { courses: Array<{ id: number }> }).courses.map((c) => c.id));
      expect(listed.has(draft.id)).toBe(false);
      const funnel = (await summary(coach)).courses.map((c) => c.id);
      expect(funnel).not.toContain(draft.id);
      expect(funnel).not.toContain(basicOnly.id);
      expect(funnel.length).toBeGreaterThan(0);
      for (const id of funnel) expect(listed.has(id), `course ${id}`).toBe(true);
      // An admin's course list has every course, drafts included: so has their funnel.
      expect((await summary(admin)).courses.map((c) => c.id)).toEqual(expect.arrayContaining([draft.id, basicOnly.id]));
    } finally {
      await t.knex('courses').whereIn('id', [draft.id, basicOnly.id]).del();
    }
  });

  it('reads the summary in one statement, never the rollups per day', async () => {
    const n = await countQueries(t.knex, () => summary(admin));
    expect(n).toBeLessThanOrEqual(4); // the session, the user, the summary
    const sqls: string[] = [];
    const watch = (q: { sql: string }) => sqls.push(q.sql);
    t.knex.on('query', watch);
    try {
      await summary(coach);
    } finally {
      t.knex.off('query', watch);
    }
    expect(sqls.filter((s) => /analytics_|lesson_completions|mtn_/.test(s))).toHaveLength(1);
  });
});

describe('GET /api/insights/at-risk', () => {
  it('is 401 without a session and 403 for members; 400 for a bad page', async () => {
    expect((await t.agent().get(AT_RISK)).status).toBe(401);
    expect((await m1.agent.get(AT_RISK)).status).toBe(403);
    expect((await m1.agent.get(`${AT_RISK}/export`)).status).toBe(403);
    expect((await admin.agent.get(AT_RISK).query({ page: 0 })).status).toBe(400);
    expect((await admin.agent.get(AT_RISK).query({ itemsPerPage: 101 })).status).toBe(400);
  });

  it('admin: every member at risk with the reasons, last active day and links', async () => {
    const res = await admin.agent.get(AT_RISK);
    expect(res.status).toBe(200);
    const body = res.body as AtRiskResponse;
    const byId = new Map(body.members.map((m) => [m.id, m]));
    expect(byId.get(m4.user.id)!.reasons).toEqual(['payment', 'inactive']);
    expect(byId.get(m4.user.id)!.lastActive).toBeNull();
    expect(byId.get(m3.user.id)!.reasons).toEqual(['inactive']);
    expect(byId.get(m3.user.id)!.lastActive).toBe(dayAgo(20));
    expect(byId.get(m1.user.id)).toMatchObject({
      reasons: ['board'],
      lastActive: dayAgo(2),
      fullName: 'Mia One',
      email: m1.user.email,
      links: { user: `/users?search=${encodeURIComponent(m1.user.email)}`, board: `/move-the-needle/${m1.user.id}` },
    });
    expect(byId.has(m2.user.id)).toBe(false); // active 2 days ago, no board, paid
    expect(byId.has(coach.user.id)).toBe(false); // coaches and admins are not members
    expect(body.total).toBe(body.members.length);
    // Never active nor signed in: m4 first, then the longest inactive.
    expect(body.members[0]!.id).toBe(m4.user.id);
  });

  it('coach: their members only; pages with the total', async () => {
    const body = (await coach.agent.get(AT_RISK)).body as AtRiskResponse;
    expect(body.members.map((m) => m.id).sort()).toEqual([m1.user.id, m4.user.id].sort());
    const page2 = (await coach.agent.get(AT_RISK).query({ page: 2, itemsPerPage: 1 })).body as AtRiskResponse;
    expect(page2).toMatchObject({ total: 2, members: [{ id: body.members[1]!.id }] });
    expect((await coach.agent.get(AT_RISK).query({ page: 5, itemsPerPage: 1 })).body).toEqual({
      total: 2,
      members: [],
    });
    expect(((await otherCoach.agent.get(AT_RISK)).body as AtRiskResponse).total).toBe(0);
  });

  it('coach: the User Dashboard link only for the members their dashboard lists (premium)', async () => {
    await t.knex('users').where({ id: m3.user.id }).update({ coach_id: coach.user.id }); // course only
    try {
      const body = (await coach.agent.get(AT_RISK)).body as AtRiskResponse;
      const byId = new Map(body.members.map((m) => [m.id, m]));
      expect(byId.get(m3.user.id)?.links).toEqual({ user: null, board: null });
      expect(byId.get(m3.user.id)?.email).toBeNull(); // GET /api/user/:id refuses the coach m3 too
      expect(byId.get(m1.user.id)?.links.user).toBe(`/users?search=${encodeURIComponent(m1.user.email)}`);
      // The link would have found nothing: the coach's User Dashboard does not list m3.
      const search = await coach.agent.get('/api/user/read-many').query({ search: m3.user.email });
      expect(search.status).toBe(200);
      expect(search.body.users).toEqual([]);
      // An admin's dashboard lists everyone: the link is there.
      const all = (await admin.agent.get(AT_RISK).query({ itemsPerPage: 100 })).body as AtRiskResponse;
      expect(all.members.find((m) => m.id === m3.user.id)?.links.user).toBe(
        `/users?search=${encodeURIComponent(m3.user.email)}`,
      );
    } finally {
      await t.knex('users').where({ id: m3.user.id }).update({ coach_id: null });
    }
  });

  it('export: the same members as CSV, audited', async () => {
    const res = await coach.agent
      .get(`${AT_RISK}/export`)
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString('utf8')));
        r.on('end', () => cb(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-total-count']).toBe('2');
    const lines = (res.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,fullName,email,role,stripeStatus,lastActive,boardChangedAt,reasons');
    expect(lines).toHaveLength(3);
    const m4Line = lines.find((l) => l.startsWith(`${m4.user.id},`))!;
    // A coach never sees billing: no status and no payment reason (never active: no last active day).
    expect(m4Line).toContain(`,${m4.user.email},premium,,,`);
    expect(m4Line.endsWith(',inactive')).toBe(true);
    const adminCsv = await admin.agent
      .get(`${AT_RISK}/export`)
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString('utf8')));
        r.on('end', () => cb(null, text));
      });
    const adminM4 = (adminCsv.body as string).split('\r\n').find((l) => l.startsWith(`${m4.user.id},`))!;
    expect(adminM4).toContain(',premium,past_due,,');
    expect(adminM4.endsWith(',payment;inactive')).toBe(true);
    const audit = await t.knex('audit_log').where({ action: 'insights.at_risk_export', actor_id: coach.user.id });
    expect(audit).toHaveLength(1);
  });

  it('per role, a member’s email and billing exactly as GET /api/user/:id shows them (the coach policy)', async () => {
    // m3 (course only) is coached too; m5 (premium) is at risk for a payment problem alone.
    await t.knex('users').where({ id: m3.user.id }).update({ coach_id: coach.user.id });
    const m5 = await createUser(t.knex, { role: 'premium', stripeStatus: 'past_due', alwaysGrantAccess: true });
    await t.knex('users').where({ id: m5.id }).update({ coach_id: coach.user.id });
    await seedEvents(t.knex, [{ userId: m5.id, role: 'premium', name: 'page_view', at: at(0) }]);
    try {
      for (const reader of [admin, coach]) {
        const body = (await reader.agent.get(AT_RISK).query({ itemsPerPage: 100 })).body as AtRiskResponse;
        for (const m of body.members) {
          const res = await reader.agent.get(`/api/user/${m.id}`);
          const user =
            res.status === 200 ? (res.body as { user: { email: string; stripeStatus?: string | null } }).user : null;
          if (!user) expect(res.status).toBe(404);
          expect(m.email, `member ${m.id}`).toBe(user ? user.email : null);
          expect(m.stripeStatus, `member ${m.id}`).toBe(user?.stripeStatus ?? null);
          if (user?.stripeStatus === undefined) expect(m.reasons).not.toContain('payment');
        }
      }
      const asAdmin = new Map(
        ((await admin.agent.get(AT_RISK).query({ itemsPerPage: 100 })).body as AtRiskResponse).members.map((m) => [
          m.id,
          m,
        ]),
      );
      expect(asAdmin.get(m4.user.id)).toMatchObject({
        email: m4.user.email,
        stripeStatus: 'past_due',
        reasons: ['payment', 'inactive'],
      });
      expect(asAdmin.get(m5.id)).toMatchObject({ stripeStatus: 'past_due', reasons: ['payment'] });
      const asCoach = (await coach.agent.get(AT_RISK)).body as AtRiskResponse;
      const byId = new Map(asCoach.members.map((m) => [m.id, m]));
      expect(byId.get(m4.user.id)).toMatchObject({ email: m4.user.email, stripeStatus: null, reasons: ['inactive'] });
      expect(byId.get(m3.user.id)).toMatchObject({ email: null, stripeStatus: null, reasons: ['inactive'] });
      // At risk for a payment problem alone: not a member at risk for a reader who may not know it.
      expect(byId.has(m5.id)).toBe(false);
      expect(asCoach.total).toBe(asCoach.members.length);
    } finally {
      await t.knex('users').where({ id: m3.user.id }).update({ coach_id: null });
      await t.knex('users').where({ id: m5.id }).del();
    }
  });
});
