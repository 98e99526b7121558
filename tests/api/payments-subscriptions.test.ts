import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import { createResource } from '../helpers/resources';
import { startStripeFake, type StripeFake } from '../helpers/fake-stripe';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp(fake.env());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function agentFor(role: Role, extra: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.knex, { role, ...extra });
  return { user, agent: await signIn(t.agent(), user) };
}

const statuses = async () =>
  Object.fromEntries(
    (
      (await t.knex('users').select('id', 'stripe_status').orderBy('id')) as Array<{
        id: number;
        stripe_status: string | null;
      }>
    ).map((u) => [u.id, u.stripe_status]),
  );

describe('POST /api/stripe/sync (User Dashboard: Sync with Stripe)', () => {
  it.each(ALL_ROLES.filter((r) => r !== 'admin'))('returns 403 for a %s and 401 without a session', async (role) => {
    const { agent } = await agentFor(role);
    expect((await agent.post('/api/stripe/sync')).status).toBe(403);
    expect((await t.request().post('/api/stripe/sync')).status).toBe(401);
  });

  it('pulls every customer’s subscription status; a second run gives the same state', async () => {
    const { agent } = await agentFor('admin');
    const late = fake.addCustomer();
    const back = fake.addCustomer();
    const none = fake.addCustomer();
    const lateUser = await createUser(t.knex, { role: 'premium', stripeStatus: 'active', stripeCustomerId: late });
    const backUser = await createUser(t.knex, { role: 'premium', stripeStatus: 'past_due', stripeCustomerId: back });
    const noneUser = await createUser(t.knex, { role: 'basic', stripeStatus: 'trialing', stripeCustomerId: none });
    const T = Math.floor(Date.now() / 1000);
    fake.addSubscription(late, 'past_due', T - 10);
    fake.addSubscription(back, 'canceled', T - 1000);
    fake.addSubscription(back, 'active', T - 500);
    for (let i = 0; i < 120; i += 1) fake.addSubscription(`cus_other_${i}`, 'active', T - i); // pagination

    const first = await agent.post('/api/stripe/sync');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.updated).toBe(2);
    expect(first.body.checked).toBeGreaterThanOrEqual(3);
    const after = await statuses();
    expect(after[lateUser.id]).toBe('past_due');
    expect(after[backUser.id]).toBe('active');
    expect(after[noneUser.id]).toBe('trialing');

    const second = await agent.post('/api/stripe/sync');
    expect(second.body.updated).toBe(0);
    expect(await statuses()).toEqual(after);
  });

  it('is rate-limited per admin (429 after 10 runs in 15 minutes)', async () => {
    const { agent } = await agentFor('admin');
    for (let i = 0; i < 10; i += 1) expect((await agent.post('/api/stripe/sync')).status).toBe(200);
    const res = await agent.post('/api/stripe/sync');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBeTruthy();
  });
});

describe('POST /api/stripe/create-customer-portal/{customerId}', () => {
  it('opens the portal for the member’s own customer, blocked members included, returning to /check-stripe-payment', async () => {
    const customer = fake.addCustomer();
    const { agent } = await agentFor('premium', { stripeStatus: 'past_due', stripeCustomerId: customer });
    const res = await agent.post(`/api/stripe/create-customer-portal/${customer}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    const call = fake.calls('POST', 'billing_portal/sessions').at(-1)!;
    expect(call.params).toEqual({ customer, return_url: `${t.config.publicUrl}/check-stripe-payment` });
  });

  it("refuses another user's customer id (IDOR), whatever the role, and bad ids", async () => {
    const victim = fake.addCustomer();
    await createUser(t.knex, { role: 'premium', stripeCustomerId: victim });
    const mine = fake.addCustomer();
    const before = fake.calls('POST', 'billing_portal/sessions').length;
    for (const role of ALL_ROLES) {
      const { agent } = await agentFor(role, { stripeCustomerId: role === 'basic' ? mine : null });
      expect((await agent.post(`/api/stripe/create-customer-portal/${victim}`)).status, role).toBe(403);
    }
    const { agent } = await agentFor('premium', { stripeCustomerId: mine });
    expect((await agent.post('/api/stripe/create-customer-portal/not-a-customer')).status).toBe(400);
    expect((await t.request().post(`/api/stripe/create-customer-portal/${victim}`)).status).toBe(401);
    expect(fake.calls('POST', 'billing_portal/sessions').length).toBe(before);
  });
});

describe('POST /api/stripe/check-payment (/check-stripe-payment)', () => {
  it('re-reads the member’s own subscription and lets them back in once it is paid', async () => {
    const customer = fake.addCustomer();
    const { user, agent } = await agentFor('premium', { stripeStatus: 'incomplete', stripeCustomerId: customer });
    const sub = fake.addSubscription(customer, 'incomplete');
    const waiting = await agent.post('/api/stripe/check-payment');
    expect(waiting.body).toEqual({ stripeStatus: 'incomplete', blocked: true });
    fake.setSubscriptionStatus(sub.id, 'active');
    const paid = await agent.post('/api/stripe/check-payment');
    expect(paid.body).toEqual({ stripeStatus: 'active', blocked: false });
    expect((await agent.get('/api/resource/read-many')).status).toBe(200);
    expect(fake.calls('GET', 'subscriptions').at(-1)!.params).toMatchObject({ customer, status: 'all' });
    expect((await t.knex('users').where({ id: user.id }).first()).stripe_status).toBe('active');
  });

  it('answers from the database for a member without a customer id', async () => {
    const { agent } = await agentFor('basic', { stripeStatus: 'active' });
    expect((await agent.post('/api/stripe/check-payment')).body).toEqual({ stripeStatus: 'active', blocked: false });
  });
});

describe('payments without Stripe configured', () => {
  it('answers 503 (never a fake success) and tells the UI card payments are off', async () => {
    const bare = await createTestApp();
    try {
      const user = await createUser(bare.knex, { role: 'basic', stripeCustomerId: 'cus_x' });
      const agent = await signIn(bare.agent(), user);
      const admin = await signIn(bare.agent(), await createUser(bare.knex, { role: 'admin' }));
      const r = await createResource(bare.knex, { visibility: 'For Sale', priceCents: 500 });
      expect((await agent.get('/api/stripe/config')).body).toMatchObject({
        enabled: false,
        publishableKey: null,
        jsUrl: null,
      });
      expect(
        (await agent.post('/api/stripe/create-payment-intent').send({ resourceId: r.id, paymentMethodId: 'pm_1' }))
          .status,
      ).toBe(503);
      expect((await agent.post('/api/stripe/create-customer-portal/cus_x')).status).toBe(503);
      expect((await admin.post('/api/stripe/sync')).status).toBe(503);
      expect(
        (
          await bare
            .request()
            .post('/api/stripe/webhook')
            .set('Content-Type', 'application/json')
            .set('Stripe-Signature', 't=1,v1=x')
            .send('{}')
        ).status,
      ).toBe(503);
      const csp = (await bare.request().get('/api/health')).headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self';");
    } finally {
      await bare.close();
    }
  });
});
