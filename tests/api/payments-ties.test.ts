import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
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
/** A customer.subscription.* event about `sub` of `customer`, created at `created` (Unix seconds). */
function subscriptionEvent(type: string, sub: string, customer: string, status: string, created: number) {
  seq += 1;
  return {
    id: `evt_tie_${process.pid}_${seq}`,
    object: 'event',
    type,
    created,
    data: { object: { id: sub, object: 'subscription', customer, status, created: created - 1000 } },
  };
}

function send(app: TestApp, secret: string, evt: object) {
  const payload = JSON.stringify(evt);
  return app
    .request()
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret }))
    .send(payload);
}

const statusOf = async (app: TestApp, id: number) =>
  ((await app.knex('users').where({ id }).first()) as { stripe_status: string | null }).stripe_status;
const recorded = async (app: TestApp, id: string) => (await app.knex('stripe_events').where({ id })).length;
const lookups = (customer: string) =>
  fake.calls('GET', 'subscriptions').filter((c) => c.params.customer === customer).length;

/** A member with a Stripe customer whose one subscription Stripe has as `stripeSays`. */
async function member(stripeSays: string) {
  const customer = fake.addCustomer();
  const sub = fake.addSubscription(customer, stripeSays, Math.floor(Date.now() / 1000) - 5000);
  const user = await createUser(t.knex, { role: 'premium', stripeStatus: 'active', stripeCustomerId: customer });
  return { customer, sub: sub.id, user };
}

describe('POST /api/stripe/webhook: two subscription events of the same second', () => {
  it('asks Stripe on a tie: unpaid arriving after active in the same second does not win when Stripe says active', async () => {
    const { customer, sub, user } = await member('active');
    const T = Math.floor(Date.now() / 1000);
    expect(
      (
        await send(
          t,
          fake.webhookSecret,
          subscriptionEvent('customer.subscription.updated', sub, customer, 'active', T),
        )
      ).status,
    ).toBe(200);
    expect(lookups(customer)).toBe(0); // no tie yet: no call to Stripe
    const late = subscriptionEvent('customer.subscription.updated', sub, customer, 'unpaid', T);
    const res = await send(t, fake.webhookSecret, late);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(lookups(customer)).toBe(1);
    expect(fake.calls('GET', 'subscriptions').at(-1)!.params).toMatchObject({ customer, status: 'all' });
    expect(await statusOf(t, user.id)).toBe('active');
    expect(await recorded(t, late.id)).toBe(1);
    // Stripe's answer is stored as of that second: an older event changes nothing, a newer one applies.
    await send(
      t,
      fake.webhookSecret,
      subscriptionEvent('customer.subscription.updated', sub, customer, 'past_due', T - 1),
    );
    expect(await statusOf(t, user.id)).toBe('active');
    await send(
      t,
      fake.webhookSecret,
      subscriptionEvent('customer.subscription.updated', sub, customer, 'past_due', T + 1),
    );
    expect(await statusOf(t, user.id)).toBe('past_due');
  });

  it('stores what Stripe says whichever event came last: active after unpaid loses when Stripe says unpaid', async () => {
    const { customer, sub, user } = await member('unpaid');
    const T = Math.floor(Date.now() / 1000);
    await send(t, fake.webhookSecret, subscriptionEvent('customer.subscription.updated', sub, customer, 'unpaid', T));
    expect(await statusOf(t, user.id)).toBe('unpaid');
    const res = await send(
      t,
      fake.webhookSecret,
      subscriptionEvent('customer.subscription.updated', sub, customer, 'active', T),
    );
    expect(res.status).toBe(200);
    expect(await statusOf(t, user.id)).toBe('unpaid');
    expect(lookups(customer)).toBe(1);
  });

  it('settles a deletion tie from Stripe too, and a replayed tie event changes nothing', async () => {
    const { customer, sub, user } = await member('canceled');
    const T = Math.floor(Date.now() / 1000);
    await send(t, fake.webhookSecret, subscriptionEvent('customer.subscription.updated', sub, customer, 'active', T));
    const deleted = subscriptionEvent('customer.subscription.deleted', sub, customer, 'canceled', T);
    await send(t, fake.webhookSecret, deleted);
    expect(await statusOf(t, user.id)).toBe('canceled');
    await t.knex('users').where({ id: user.id }).update({ stripe_status: 'active' });
    expect((await send(t, fake.webhookSecret, deleted)).body).toEqual({ received: true, duplicate: true });
    expect(await statusOf(t, user.id)).toBe('active');
    expect(lookups(customer)).toBe(1);
  });

  it('ends with what Stripe says when the two events of one second arrive at once', async () => {
    for (const order of [
      ['active', 'unpaid'],
      ['unpaid', 'active'],
    ]) {
      const { customer, sub, user } = await member('active');
      const T = Math.floor(Date.now() / 1000);
      const results = await Promise.all(
        order.map((status) =>
          send(t, fake.webhookSecret, subscriptionEvent('customer.subscription.updated', sub, customer, status, T)),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(await statusOf(t, user.id)).toBe('active');
    }
  });

  it('does not ask Stripe when events of one second agree', async () => {
    const { customer, sub, user } = await member('past_due');
    const T = Math.floor(Date.now() / 1000);
    await send(t, fake.webhookSecret, subscriptionEvent('customer.subscription.updated', sub, customer, 'past_due', T));
    await send(t, fake.webhookSecret, subscriptionEvent('customer.subscription.updated', sub, customer, 'past_due', T));
    expect(await statusOf(t, user.id)).toBe('past_due');
    expect(lookups(customer)).toBe(0);
  });

  it('answers 503 and records nothing when Stripe cannot be reached, so Stripe sends the event again', async () => {
    const gone = await startStripeFake();
    const env = gone.env();
    await gone.close();
    const app = await createTestApp(env);
    try {
      const customer = 'cus_unreachable';
      const user = await createUser(app.knex, { role: 'premium', stripeStatus: 'active', stripeCustomerId: customer });
      const T = Math.floor(Date.now() / 1000);
      await send(
        app,
        gone.webhookSecret,
        subscriptionEvent('customer.subscription.updated', 'sub_u', customer, 'active', T),
      );
      const tie = subscriptionEvent('customer.subscription.updated', 'sub_u', customer, 'unpaid', T);
      const res = await send(app, gone.webhookSecret, tie);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('payments_unavailable');
      expect(await recorded(app, tie.id)).toBe(0);
      expect(await statusOf(app, user.id)).toBe('active');
    } finally {
      await app.close();
    }
  });
});
