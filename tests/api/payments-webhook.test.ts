import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { createResource } from '../helpers/resources';
import { startStripeFake, type StripeFake } from '../helpers/fake-stripe';

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

let seq = 0;
function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  seq += 1;
  return { id: `evt_test_${Date.now()}_${seq}`, object: 'event', type, created, data: { object } };
}

function post(payload: string, signature: string | null) {
  const req = t.request().post('/api/stripe/webhook').set('Content-Type', 'application/json');
  if (signature !== null) req.set('Stripe-Signature', signature);
  return req.send(payload);
}

function send(evt: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(evt);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? fake.webhookSecret,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return post(payload, signature);
}

const eventCount = async () =>
  Number((await t.knex('stripe_events').count<Array<{ count: number }>>('* as count'))[0]!.count);
const statusOf = async (id: number) =>
  ((await t.knex('users').where({ id }).first()) as { stripe_status: string | null }).stripe_status;

describe('POST /api/stripe/webhook: signatures (docs/security.md#payments)', () => {
  it('refuses a missing, forged, stale or tampered signature with 400 and records nothing', async () => {
    const customer = fake.addCustomer();
    const user = await createUser(t.knex, { role: 'premium', stripeStatus: 'active', stripeCustomerId: customer });
    const evt = event('customer.subscription.updated', { id: 'sub_x', customer, status: 'unpaid', created: 1 });
    const payload = JSON.stringify(evt);
    const before = await eventCount();
    expect((await post(payload, null)).status).toBe(400);
    expect((await send(evt, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await send(evt, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(400);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    expect((await post(payload.replace('unpaid', 'active'), good)).status).toBe(400);
    expect((await post(payload, 't=1,v1=deadbeef')).status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect(await statusOf(user.id)).toBe('active');
  });

  it('accepts a valid signature, answers 413 for an oversized body and 200 for an event it does not act on', async () => {
    expect((await send(event('invoice.created', { id: 'in_1' }))).body).toEqual({ received: true });
    const huge = JSON.stringify(event('invoice.created', { id: 'in_2', pad: 'x'.repeat(600_000) }));
    expect(
      (await post(huge, Stripe.webhooks.generateTestHeaderString({ payload: huge, secret: fake.webhookSecret })))
        .status,
    ).toBe(413);
  });
});

describe('POST /api/stripe/webhook: subscriptions', () => {
  it('updates the customer’s users, ignores a replay, and resolves out-of-order events by created', async () => {
    const customer = fake.addCustomer();
    const user = await createUser(t.knex, { role: 'premium', stripeStatus: 'active', stripeCustomerId: customer });
    const agent = await signIn(t.agent(), user);
    const T = Math.floor(Date.now() / 1000);
    const pastDue = event(
      'customer.subscription.updated',
      { id: 'sub_1', customer, status: 'past_due', created: T - 1000 },
      T - 100,
    );
    expect((await send(pastDue)).status).toBe(200);
    expect(await statusOf(user.id)).toBe('past_due');
    expect((await agent.get('/api/resource/read-many')).status).toBe(403);

    // The same event again (Stripe retries): nothing changes, even after an admin fixed the status by hand.
    await t.knex('users').where({ id: user.id }).update({ stripe_status: 'active' });
    const replay = await send(pastDue);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(await statusOf(user.id)).toBe('active');

    // Newer news (active at T) arrives before older news (unpaid at T-50): active stays.
    await send(
      event('customer.subscription.updated', { id: 'sub_1', customer, status: 'active', created: T - 1000 }, T),
    );
    await send(
      event('customer.subscription.updated', { id: 'sub_1', customer, status: 'unpaid', created: T - 1000 }, T - 50),
    );
    expect(await statusOf(user.id)).toBe('active');
    await send(
      event('customer.subscription.deleted', { id: 'sub_1', customer, status: 'canceled', created: T - 1000 }, T + 10),
    );
    expect(await statusOf(user.id)).toBe('canceled');
  });
});

describe('POST /api/stripe/webhook: payments', () => {
  it('gives the resource when payment_intent.succeeded arrives, once, whatever the order of answers', async () => {
    const user = await createUser(t.knex, { role: 'basic' });
    const agent = await signIn(t.agent(), user);
    const r = await createResource(t.knex, { visibility: 'For Sale', priceCents: 3000 });
    const started = await agent
      .post('/api/stripe/create-payment-intent')
      .send({ resourceId: r.id, paymentMethodId: fake.createPaymentMethod('4000002500003155') });
    expect(started.body.status).toBe('requires_action');
    const intent = { ...fake.paymentIntents.get(started.body.paymentIntentId)!, status: 'succeeded' };
    const succeeded = event('payment_intent.succeeded', intent);
    expect((await send(succeeded)).status).toBe(200);
    expect((await send(succeeded)).body.duplicate).toBe(true);
    expect((await send({ ...succeeded, id: `${succeeded.id}_again` })).status).toBe(200);
    expect(await t.knex('user_resources').where({ resource_id: r.id })).toEqual([
      expect.objectContaining({ user_id: user.id, source: 'purchase' }),
    ]);
    expect(await t.knex('purchases').where({ resource_id: r.id }).first()).toMatchObject({ status: 'succeeded' });
    // A late failure event cannot undo a succeeded payment.
    await send(event('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' }));
    expect(await t.knex('purchases').where({ resource_id: r.id }).first()).toMatchObject({ status: 'succeeded' });
  });

  it('grants nothing for an intent whose amount differs from the attempt’s', async () => {
    const user = await createUser(t.knex, { role: 'basic' });
    const agent = await signIn(t.agent(), user);
    const r = await createResource(t.knex, { visibility: 'For Sale', priceCents: 3000 });
    const started = await agent
      .post('/api/stripe/create-payment-intent')
      .send({ resourceId: r.id, paymentMethodId: fake.createPaymentMethod('4000002500003155') });
    const intent = { ...fake.paymentIntents.get(started.body.paymentIntentId)!, status: 'succeeded', amount: 50 };
    expect((await send(event('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await t.knex('user_resources').where({ resource_id: r.id })).toEqual([]);
  });
});
