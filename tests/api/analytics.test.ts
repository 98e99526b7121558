import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents, sweepAnalytics } from '../../api/src/features/analytics';
import { analyticsRetentionDays } from '../../api/src/features/analytics/sweeper';
import { recordIntent } from '../../api/src/features/payments/purchases';
import { applyCustomerStatuses } from '../../api/src/features/payments/subscriptions';
import { ANALYTICS_UNKNOWN_NAMES_PER_DAY } from '../../shared/src/schemas/analytics';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn, type CreatedUser } from '../helpers/factories';

/** Analytics events, their rollups, server-side events, retention and forwarding (docs/areas/insights.md#events). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_RATE_LIMIT: '10' });
});
afterAll(async () => {
  await t.close();
});

const URL_ = '/api/analytics/events';
const HOUR = 3_600_000;

async function member(role: CreatedUser['role'] = 'premium') {
  const user = await createUser(t.knex, { role });
  const agent = await signIn(t.agent(), user);
  return { user, agent };
}

/** The user's events; `client` leaves out the server's own (the sign-in of the test's agent). */
const eventsOf = (userId: number, source?: 'client' | 'server') =>
  t
    .knex('analytics_events')
    .where({ user_id: userId, ...(source ? { source } : {}) })
    .orderBy('id') as Promise<
    Array<{
      name: string;
      known: boolean;
      role: string;
      source: string;
      props: Record<string, unknown>;
      occurred_at: Date;
    }>
  >;

describe('POST /api/analytics/events: the batch', () => {
  it('401 without a session, and nothing is stored', async () => {
    const before = await t.knex('analytics_events').count<Array<{ count: number }>>('* as count');
    const res = await t
      .request()
      .post(URL_)
      .send({ events: [{ name: 'page_view' }] });
    expect(res.status).toBe(401);
    const after = await t.knex('analytics_events').count<Array<{ count: number }>>('* as count');
    expect(Number(after[0]!.count)).toBe(Number(before[0]!.count));
  });

  it('takes 50 events in one batch; 51 is a 413 and stores nothing', async () => {
    const { user, agent } = await member();
    const fifty = Array.from({ length: 50 }, () => ({ name: 'page_view', props: { path: '/dashboard' } }));
    const ok = await agent.post(URL_).send({ events: fifty });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ recorded: 50 });
    const tooMany = await agent.post(URL_).send({ events: [...fifty, { name: 'page_view' }] });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.message).toBe('Send at most 50 events per batch.');
    expect(await eventsOf(user.id, 'client')).toHaveLength(50);
  });

  it('trims names to 25 characters and counts unknown names apart', async () => {
    const { user, agent } = await member('basic');
    const long = 'x'.repeat(40);
    const res = await agent
      .post(URL_)
      .send({ events: [{ name: '  lesson_completed ' }, { name: long }, { name: `custom.${'y'.repeat(30)}` }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await eventsOf(user.id, 'client');
    expect(rows.map((r) => [r.name, r.known, r.role, r.source])).toEqual([
      ['lesson_completed', true, 'basic', 'client'],
      ['x'.repeat(25), false, 'basic', 'client'],
      [`custom.${'y'.repeat(18)}`, false, 'basic', 'client'],
    ]);
    const daily = await t.knex('analytics_daily').where({ name: 'x'.repeat(25), role: 'basic' });
    expect(daily).toEqual([expect.objectContaining({ known: false, count: 1 })]);
  });

  it('keeps only whitelisted short scalar properties: no passwords, emails, free text or query strings', async () => {
    const { user, agent } = await member();
    const res = await agent.post(URL_).send({
      events: [
        {
          name: 'page_view',
          props: {
            path: '/courses/3?email=a@b.test&token=abc#top',
            password: 'hunter2',
            email: 'a@b.test',
            note: 'my private note',
            courseId: 3,
            completed: true,
            result: 'two thumbs up',
            cardId: { nested: 1 },
            status: 'x'.repeat(101),
            listId: 'has?query',
            score: Number.MAX_VALUE,
          },
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await eventsOf(user.id, 'client');
    expect(row!.props).toEqual({ path: '/courses/3', courseId: 3, completed: true, result: 'two thumbs up' });
  });

  it('400 with the field for bad items, and nothing of the batch is stored', async () => {
    const { user, agent } = await member();
    const cases: Array<[unknown, string]> = [
      [{ events: 'page_view' }, 'Send the events as a list'],
      [{ events: [] }, 'Send the events as a list'],
      [{}, 'Send the events as a list'],
      [{ events: [{ name: 'page_view' }, { name: 'my free text' }] }, 'Event 2: Give each event a name'],
      [{ events: [{ props: {} }] }, 'Event 1: Give each event as an object with a name'],
      [{ events: [{ name: 'page_view', props: ['a'] }] }, 'Event 1: Give the properties as an object'],
      [{ events: [{ name: 'page_view', at: 'yesterday-ish' }] }, 'Event 1: Give the time as an ISO date'],
      [{ events: [{ name: 'signed_in' }] }, 'Event 1: This event is recorded by the server'],
      [{ events: [{ name: 'purchase' }] }, 'Event 1: This event is recorded by the server'],
    ];
    for (const [body, message] of cases) {
      const res = await agent.post(URL_).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields.events, JSON.stringify(body)).toContain(message);
    }
    expect(await eventsOf(user.id, 'client')).toHaveLength(0);
  });

  it('clamps `at` to the last 48 hours of the server clock', async () => {
    const { user, agent } = await member();
    const now = Date.now();
    const res = await agent.post(URL_).send({
      events: [
        { name: 'page_view', at: new Date(now + 24 * HOUR).toISOString() },
        { name: 'card_moved', at: now - 10 * 24 * HOUR },
        { name: 'product_saved', at: new Date(now - 3 * HOUR).toISOString() },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await eventsOf(user.id, 'client');
    const at = Object.fromEntries(rows.map((r) => [r.name, new Date(r.occurred_at).getTime()]));
    const minute = 60_000;
    expect(Math.abs(at.page_view! - now)).toBeLessThan(5 * minute);
    expect(Math.abs(at.card_moved! - (now - 48 * HOUR))).toBeLessThan(5 * minute);
    expect(Math.abs(at.product_saved! - (now - 3 * HOUR))).toBeLessThan(5 * minute);
  });

  it('rate-limits each user (ANALYTICS_RATE_LIMIT a minute): the next batch is a 429 with Retry-After', async () => {
    const { user, agent } = await member();
    for (let i = 0; i < 10; i += 1) {
      expect((await agent.post(URL_).send({ events: [{ name: 'page_view' }] })).status).toBe(200);
    }
    const refused = await agent.post(URL_).send({ events: [{ name: 'page_view' }] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error.message).toBe('Too many analytics batches. Please wait a minute and try again.');
    expect(await eventsOf(user.id, 'client')).toHaveLength(10);
    // Another member is not affected.
    const other = await member();
    expect((await other.agent.post(URL_).send({ events: [{ name: 'page_view' }] })).status).toBe(200);
  });

  it('stores at most ANALYTICS_UNKNOWN_NAMES_PER_DAY new names per member a day; the portal names always', async () => {
    const { user, agent } = await member();
    // 250 distinct made-up names in 5 batches (each with a portal name): only the first 20 names are kept.
    const recorded: number[] = [];
    for (let b = 0; b < 5; b += 1) {
      const events = [{ name: 'page_view' }, ...Array.from({ length: 49 }, (_, i) => ({ name: `made.up.${b}.${i}` }))];
      const res = await agent.post(URL_).send({ events });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      recorded.push(res.body.recorded as number);
    }
    expect(recorded).toEqual([21, 1, 1, 1, 1]);
    const rows = await eventsOf(user.id, 'client');
    const unknown = new Set(rows.filter((r) => !r.known).map((r) => r.name));
    expect(unknown.size).toBe(ANALYTICS_UNKNOWN_NAMES_PER_DAY);
    expect(rows.filter((r) => r.name === 'page_view')).toHaveLength(5);
    const daily = await t.knex('analytics_daily').where({ known: false }).whereLike('name', 'made.up.%');
    expect(daily).toHaveLength(ANALYTICS_UNKNOWN_NAMES_PER_DAY);
    // A name the member already used today is still taken; another member has a cap of their own.
    const again = await agent.post(URL_).send({ events: [{ name: 'made.up.0.0' }, { name: 'made.up.9.9' }] });
    expect(again.body).toEqual({ recorded: 1 });
    const other = await member();
    const theirs = await other.agent.post(URL_).send({ events: [{ name: 'made.up.9.9' }] });
    expect(theirs.body).toEqual({ recorded: 1 });
  });

  it('records nothing while an admin is signed in as the member', async () => {
    const admin = await member('admin');
    const target = await createUser(t.knex, { role: 'premium' });
    const as = await admin.agent.post('/api/auth/signinas').send({ email: target.email });
    expect(as.status, JSON.stringify(as.body)).toBe(200);
    const res = await admin.agent.post(URL_).send({ events: [{ name: 'page_view' }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recorded: 0 });
    expect(await eventsOf(target.id, 'client')).toHaveLength(0);
  });
});

describe('rollups', () => {
  it('equal the counts of the raw events after several batches; one active row per user and day / week', async () => {
    // Fresh rollups for this test: other tests wrote to them too.
    await t.knex.transaction(async (trx) => {
      await trx('analytics_daily').del();
      await trx('analytics_active_days').del();
      await trx('analytics_active_weeks').del();
      await trx('analytics_events').del();
    });
    const a = await member('premium');
    const b = await member('basic');
    const now = Date.now();
    const batches: Array<[typeof a, Array<{ name: string; at?: number }>]> = [
      [a, [{ name: 'page_view' }, { name: 'page_view' }, { name: 'card_moved', at: now - 30 * HOUR }]],
      [a, [{ name: 'page_view' }, { name: 'lesson_completed', at: now - 47 * HOUR }]],
      [b, [{ name: 'page_view' }, { name: 'qualifier_rated' }, { name: 'made_up_event' }]],
      [b, [{ name: 'page_view', at: now - 26 * HOUR }]],
      [a, [{ name: 'made_up_event' }]],
    ];
    for (const [who, events] of batches) {
      const res = await who.agent.post(URL_).send({ events });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Two users, two roles, several days: every rollup row matches a GROUP BY of the raw events.
    const fromEvents = await t.knex.raw<{ rows: Array<{ day: string; name: string; role: string; count: number }> }>(
      `select to_char((occurred_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, name, coalesce(role, '') as role,
              count(*)::int as count
         from analytics_events group by 1, 2, 3 order by 1, 2, 3`,
    );
    const daily = await t.knex.raw<{ rows: Array<{ day: string; name: string; role: string; count: number }> }>(
      `select to_char(day, 'YYYY-MM-DD') as day, name, role, count::int as count from analytics_daily order by 1, 2, 3`,
    );
    expect(daily.rows).toEqual(fromEvents.rows);
    // 10 sent, and the two sign-ins the API recorded itself.
    expect(fromEvents.rows.reduce((n, r) => n + r.count, 0)).toBe(12);

    const activeFromEvents = await t.knex.raw<{ rows: Array<{ day: string; user_id: number; role: string }> }>(
      `select distinct to_char((occurred_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, user_id, role
         from analytics_events order by 1, 2`,
    );
    const activeDays = await t.knex.raw<{ rows: Array<{ day: string; user_id: number; role: string }> }>(
      `select to_char(day, 'YYYY-MM-DD') as day, user_id, role from analytics_active_days order by 1, 2`,
    );
    expect(activeDays.rows).toEqual(activeFromEvents.rows);
    // Member a was active today in three batches: one row for today.
    const today = new Date().toISOString().slice(0, 10);
    expect(activeDays.rows.filter((r) => r.user_id === a.user.id && r.day === today)).toHaveLength(1);

    const weeksFromEvents = await t.knex.raw<{ rows: Array<{ week: string; user_id: number }> }>(
      `select distinct to_char(date_trunc('week', occurred_at at time zone 'UTC'), 'YYYY-MM-DD') as week, user_id
         from analytics_events order by 1, 2`,
    );
    const weeks = await t.knex.raw<{ rows: Array<{ week: string; user_id: number; dow: number }> }>(
      `select to_char(week, 'YYYY-MM-DD') as week, user_id from analytics_active_weeks order by 1, 2`,
    );
    expect(weeks.rows).toEqual(weeksFromEvents.rows);
    for (const w of weeks.rows) expect(new Date(`${w.week}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
  });

  it('a batch recorded in a transaction that rolls back leaves neither events nor rollups', async () => {
    const user = await createUser(t.knex, { role: 'premium' });
    await expect(
      t.knex.transaction(async (trx) => {
        await recordEvents(trx, [{ name: 'page_view', known: true, props: {}, at: null }], {
          userId: user.id,
          role: 'premium',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventsOf(user.id)).toHaveLength(0);
    expect(await t.knex('analytics_active_days').where({ user_id: user.id })).toHaveLength(0);
    expect(await t.knex('analytics_active_weeks').where({ user_id: user.id })).toHaveLength(0);
  });
});

describe('server-side events', () => {
  it('sign-up and sign-in are recorded by the API', async () => {
    const email = `new-${crypto.randomBytes(4).toString('hex')}@example.test`;
    const agent = t.agent();
    const up = await agent
      .post('/api/auth/signup')
      .send({ fullName: 'New Member', email, password: 'a-long-password-1' });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const id = up.body.currentUser.id as number;
    await agent.post('/api/auth/signout');
    await signIn(t.agent(), { email, password: 'a-long-password-1' });
    const rows = await eventsOf(id);
    expect(rows.map((r) => [r.name, r.source, r.role, r.known])).toEqual([
      ['signed_up', 'server', 'basic', true],
      ['signed_in', 'server', 'basic', true],
    ]);
  });

  it('a failed sign-in records nothing', async () => {
    const user = await createUser(t.knex, { role: 'basic' });
    const res = await t.request().post('/api/auth/signin').send({ email: user.email, password: 'wrong-password-1' });
    expect(res.status).toBe(401);
    expect(await eventsOf(user.id)).toHaveLength(0);
  });

  it('a subscription status change keeps the old and new status, in the transaction of the change', async () => {
    const customerId = `cus_${crypto.randomBytes(4).toString('hex')}`;
    const user = await createUser(t.knex, { role: 'premium', stripeCustomerId: customerId, stripeStatus: 'active' });
    const T = Math.floor(Date.now() / 1000);
    await t.knex.transaction((trx) => applyCustomerStatuses(trx, [{ customerId, status: 'past_due' }], T));
    await t.knex.transaction((trx) => applyCustomerStatuses(trx, [{ customerId, status: 'canceled' }], T + 1));
    // The same status again changes nothing and records nothing.
    await t.knex.transaction((trx) => applyCustomerStatuses(trx, [{ customerId, status: 'canceled' }], T + 2));
    // A change that rolls back records nothing.
    await expect(
      t.knex.transaction(async (trx) => {
        await applyCustomerStatuses(trx, [{ customerId, status: 'active' }], T + 3);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await eventsOf(user.id);
    expect(rows.map((r) => [r.name, r.source, r.role, r.props])).toEqual([
      ['subscription_changed', 'server', 'premium', { from: 'active', to: 'past_due' }],
      ['subscription_changed', 'server', 'premium', { from: 'past_due', to: 'canceled' }],
    ]);
    // Stripe changed the status, not the member: it makes nobody active (ANALYTICS_NOT_ACTIVITY).
    expect(await t.knex('analytics_active_days').where({ user_id: user.id })).toHaveLength(0);
    expect(await t.knex('analytics_active_weeks').where({ user_id: user.id })).toHaveLength(0);
    const daily = await t.knex('analytics_daily').where({ name: 'subscription_changed', role: 'premium' });
    expect(daily.reduce((sum, r: { count: string | number }) => sum + Number(r.count), 0)).toBeGreaterThanOrEqual(2);
  });

  it('a succeeded purchase is recorded once, however often Stripe says so', async () => {
    const user = await createUser(t.knex, { role: 'basic' });
    const [attempt] = await t
      .knex('purchases')
      .insert({
        user_id: user.id,
        amount_cents: 3000,
        currency: 'usd',
        payment_method_id: 'pm_test',
        idempotency_key: crypto.randomUUID(),
        status: 'pending',
      })
      .returning<Array<{ id: number }>>('id');
    const intent = {
      id: `pi_${crypto.randomBytes(4).toString('hex')}`,
      status: 'succeeded',
      amount: 3000,
      currency: 'usd',
    };
    for (let i = 0; i < 3; i += 1) await t.knex.transaction((trx) => recordIntent(trx, attempt!, intent));
    const rows = await eventsOf(user.id);
    expect(rows.map((r) => [r.name, r.source, r.role, r.props])).toEqual([
      ['purchase', 'server', 'basic', { amountCents: 3000, currency: 'usd' }],
    ]);
  });
});

describe('retention', () => {
  it('is a portal setting, 400 days by default', async () => {
    expect(await analyticsRetentionDays(t.knex, t.config.settingDefaults)).toBe(400);
    const admin = await member('admin');
    const bad = await admin.agent.post('/api/settings/upsert').send({ values: { analyticsRetentionDays: '7' } });
    expect(bad.status).toBe(400);
    const res = await admin.agent.post('/api/settings/upsert').send({ values: { analyticsRetentionDays: '90' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await analyticsRetentionDays(t.knex, t.config.settingDefaults)).toBe(90);
    await admin.agent.post('/api/settings/upsert').send({ values: { analyticsRetentionDays: null } });
    expect(await analyticsRetentionDays(t.knex, t.config.settingDefaults)).toBe(400);
  });

  it('the sweeper deletes only events and rollups older than the retention, in batches', async () => {
    const user = await createUser(t.knex, { role: 'premium' });
    const daysAgo = (n: number) => t.knex.raw(`now() - make_interval(days => ?::int)`, [n]);
    const dayAgo = (n: number) => t.knex.raw(`(now() at time zone 'UTC')::date - ?::int`, [n]);
    const old = Array.from({ length: 7 }, () => ({
      user_id: user.id,
      role: 'premium',
      name: 'page_view',
      known: true,
      occurred_at: daysAgo(401),
    }));
    await t
      .knex('analytics_events')
      .insert([
        ...old,
        { user_id: user.id, role: 'premium', name: 'page_view', known: true, occurred_at: daysAgo(399) },
        { user_id: user.id, role: 'premium', name: 'page_view', known: true, occurred_at: daysAgo(1) },
      ]);
    await t.knex('analytics_daily').insert([
      { day: dayAgo(401), name: 'sweep_test', role: 'premium', known: false, count: 7 },
      { day: dayAgo(399), name: 'sweep_test', role: 'premium', known: false, count: 1 },
    ]);
    await t.knex('analytics_active_days').insert([
      { day: dayAgo(401), user_id: user.id, role: 'premium' },
      { day: dayAgo(399), user_id: user.id, role: 'premium' },
    ]);
    await t.knex('analytics_active_weeks').insert([
      { week: t.knex.raw(`date_trunc('week', now() - interval '420 days')::date`), user_id: user.id, role: 'premium' },
      { week: t.knex.raw(`date_trunc('week', now() - interval '390 days')::date`), user_id: user.id, role: 'premium' },
    ]);
    const swept = await sweepAnalytics(t.knex, 400, { batchSize: 3 });
    expect(swept).toEqual({ events: 7, daily: 1, activeDays: 1, activeWeeks: 1 });
    const left = await t.knex.raw<{ rows: Array<{ age: number }> }>(
      `select extract(day from now() - occurred_at)::int as age from analytics_events
        where user_id = ? and source = 'client' order by 1`,
      [user.id],
    );
    expect(left.rows.map((r) => r.age)).toEqual([1, 399]);
    expect(await t.knex('analytics_daily').where({ name: 'sweep_test' })).toEqual([
      expect.objectContaining({ count: 1 }),
    ]);
    expect(await t.knex('analytics_active_days').where({ user_id: user.id })).toHaveLength(1);
    expect(await t.knex('analytics_active_weeks').where({ user_id: user.id })).toHaveLength(1);
    expect(await sweepAnalytics(t.knex, 400)).toEqual({ events: 0, daily: 0, activeDays: 0, activeWeeks: 0 });
  });
});

/** A local server that speaks PostHog's batch capture API (POST /batch/ {api_key, batch}). */
async function startPostHog(status = 200) {
  const received: Array<{ path: string; body: { api_key: string; batch: Array<Record<string, unknown>> } }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { status: 1 } : { type: 'validation_error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('forwarding to PostHog (POSTHOG_HOST, POSTHOG_API_KEY)', () => {
  it('is off by default', () => {
    expect(t.config.posthog).toBeNull();
  });

  it('sends the committed events to {host}/batch/ after the request; a failing PostHog never fails it', async () => {
    const posthog = await startPostHog();
    const failing = await startPostHog(500);
    const app = await createTestApp({ POSTHOG_HOST: `${posthog.url}/`, POSTHOG_API_KEY: 'phc_test_key' });
    try {
      const user = await createUser(app.knex, { role: 'premium' });
      const agent = await signIn(app.agent(), user);
      const res = await agent.post(URL_).send({
        events: [
          { name: 'page_view', props: { path: '/courses' } },
          { name: 'card_moved', props: { cardId: 4 } },
        ],
      });
      expect(res.status).toBe(200);
      await app.jobsSettled();
      const batches = posthog.received.filter((r) => r.body.batch.some((e) => e.event === 'page_view'));
      expect(batches).toHaveLength(1);
      expect(batches[0]!.path).toBe('/batch/');
      expect(batches[0]!.body.api_key).toBe('phc_test_key');
      expect(batches[0]!.body.batch).toEqual([
        {
          event: 'page_view',
          distinct_id: `user:${user.id}`,
          properties: { path: '/courses', role: 'premium', source: 'client' },
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
        {
          event: 'card_moved',
          distinct_id: `user:${user.id}`,
          properties: { cardId: 4, role: 'premium', source: 'client' },
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
      // The sign-in (a server-side event) went too.
      expect(posthog.received.some((r) => r.body.batch.some((e) => e.event === 'signed_in'))).toBe(true);
      // A batch that fails validation is never forwarded.
      const before = posthog.received.length;
      expect((await agent.post(URL_).send({ events: [{ name: 'bad name' }] })).status).toBe(400);
      await app.jobsSettled();
      expect(posthog.received).toHaveLength(before);
    } finally {
      await app.close();
    }
    const broken = await createTestApp({ POSTHOG_HOST: failing.url, POSTHOG_API_KEY: 'phc_test_key' });
    try {
      const user = await createUser(broken.knex, { role: 'basic' });
      const agent = await signIn(broken.agent(), user);
      const res = await agent.post(URL_).send({ events: [{ name: 'page_view' }] });
      expect(res.status).toBe(200);
      await broken.jobsSettled();
      expect(failing.received.length).toBeGreaterThan(0);
      expect(await broken.knex('analytics_events').where({ user_id: user.id, name: 'page_view' })).toHaveLength(1);
    } finally {
      await broken.close();
      await posthog.close();
      await failing.close();
    }
  });
});
