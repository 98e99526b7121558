import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { testServerUrl, withDatabase } from '../helpers/db';
import { createUser, signIn } from '../helpers/factories';
import { createResource } from '../helpers/resources';
import { startStripeFake, type StripeFake } from '../helpers/fake-stripe';
import type { Role } from '../../shared/src/limits';
import { openAttempt } from '../../api/src/features/payments/purchases';

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

async function member(role: Role = 'basic') {
  const user = await createUser(t.knex, { role });
  return { user, agent: await signIn(t.agent(), user) };
}

const forSale = (priceCents = 1999) =>
  createResource(t.knex, { visibility: 'For Sale', priceCents, type: 'Article', content: 'Paid text' });

function buy(
  agent: supertest.Agent,
  resourceId: number,
  card = '4242424242424242',
  extra: Record<string, unknown> = {},
) {
  return agent
    .post('/api/stripe/create-payment-intent')
    .send({ resourceId, paymentMethodId: fake.createPaymentMethod(card), ...extra });
}

const owners = async (resourceId: number) =>
  (await t.knex('user_resources').where({ resource_id: resourceId })) as Array<{ user_id: number; source: string }>;

describe('GET /api/stripe/config', () => {
  it('gives members the publishable key and the Stripe.js address, never the secret key', async () => {
    const { agent } = await member();
    const res = await agent.get('/api/stripe/config');
    expect(res.body).toEqual({
      enabled: true,
      publishableKey: fake.publishableKey,
      jsUrl: `${fake.url}/v3/`,
      webUrl: t.config.publicUrl,
    });
    expect(JSON.stringify(res.body)).not.toContain(fake.secretKey);
    expect((await t.request().get('/api/stripe/config')).status).toBe(401);
  });

  it('allows the configured Stripe.js origin in the CSP', async () => {
    const csp = (await t.request().get('/api/health')).headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`script-src 'self' ${fake.url}`));
    expect(csp).toContain(`connect-src 'self' ${fake.url}`);
  });
});

describe('POST /api/stripe/create-payment-intent', () => {
  it('charges the price set on the server and makes the session member the owner', async () => {
    const { user, agent } = await member();
    const r = await forSale(1999);
    const before = fake.calls('POST', 'payment_intents').length;
    const res = await buy(agent, r.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'succeeded',
      clientSecret: null,
      resource: { id: r.id, owned: true, hasAccess: true, content: 'Paid text' },
    });
    const calls = fake.calls('POST', 'payment_intents').slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toMatchObject({ amount: '1999', currency: 'usd', confirm: 'true' });
    expect(calls[0]!.params.metadata).toMatchObject({ userId: String(user.id), resourceId: String(r.id) });
    expect(calls[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(await owners(r.id)).toEqual([expect.objectContaining({ user_id: user.id, source: 'purchase' })]);
    const mine = await agent.get('/api/resource/read-many?type=my-purchases');
    expect(mine.body.resources.map((x: { id: number }) => x.id)).toEqual([r.id]);
    // Bought already: a second purchase is refused before reaching Stripe.
    const again = await buy(agent, r.id);
    expect(again.status).toBe(409);
    expect(fake.calls('POST', 'payment_intents').length).toBe(before + 1);
  });

  it('ignores a userId and an amount sent by the client (docs/security.md IDOR)', async () => {
    const { user, agent } = await member();
    const victim = await member();
    const r = await forSale(2500);
    const res = await buy(agent, r.id, '4242424242424242', { userId: victim.user.id, amount: 1, price: 1 });
    expect(res.status).toBe(200);
    expect(await owners(r.id)).toEqual([expect.objectContaining({ user_id: user.id })]);
    const intent = [...fake.paymentIntents.values()].find((pi) => pi.id === res.body.paymentIntentId)!;
    expect(intent.amount).toBe(2500);
  });

  it('makes ONE PaymentIntent for a double click (same Idempotency-Key), however the two requests interleave', async () => {
    const { user, agent } = await member();
    for (let round = 0; round < 5; round += 1) {
      const r = await forSale();
      const paymentMethodId = fake.createPaymentMethod('4242424242424242');
      const intentsBefore = fake.paymentIntents.size;
      const before = fake.calls('POST', 'payment_intents').length;
      const body = { resourceId: r.id, paymentMethodId };
      const [a, b] = await Promise.all([
        agent.post('/api/stripe/create-payment-intent').send(body),
        agent.post('/api/stripe/create-payment-intent').send(body),
      ]);
      expect(
        [a.status, b.status].every((s) => s === 200 || s === 409),
        `${a.status} ${b.status}`,
      ).toBe(true);
      expect([a.status, b.status]).toContain(200);
      expect(fake.paymentIntents.size - intentsBefore).toBe(1);
      const keys = new Set(
        fake
          .calls('POST', 'payment_intents')
          .slice(before)
          .map((c) => c.idempotencyKey),
      );
      expect(keys.size).toBe(1);
      expect(await owners(r.id)).toEqual([expect.objectContaining({ user_id: user.id })]);
      expect(await t.knex('purchases').where({ resource_id: r.id })).toHaveLength(1);
    }
  });

  it("shows the card provider's message for a declined card, and a later good card gets a new key", async () => {
    const { user, agent } = await member();
    const r = await forSale();
    const declined = await buy(agent, r.id, '4000000000000002');
    expect(declined.status).toBe(400);
    expect(declined.body.error).toMatchObject({ code: 'payment_failed', message: 'Your card was declined.' });
    expect(await owners(r.id)).toEqual([]);
    expect(await t.knex('purchases').where({ resource_id: r.id }).first()).toMatchObject({ status: 'failed' });
    const ok = await buy(agent, r.id);
    expect(ok.status).toBe(200);
    const keys = (await t.knex('purchases').where({ resource_id: r.id, user_id: user.id })).map(
      (p) => p.idempotency_key,
    );
    expect(new Set(keys).size).toBe(2);
  });

  it('waits for 3-D Secure, then records the payment the browser confirmed (own payments only)', async () => {
    const { user, agent } = await member();
    const other = await member();
    const r = await forSale();
    const res = await buy(agent, r.id, '4000002500003155');
    expect(res.body).toMatchObject({ status: 'requires_action', resource: null });
    expect(res.body.clientSecret).toMatch(/_secret_/);
    expect(await owners(r.id)).toEqual([]);
    // Before the member confirms, asking again changes nothing.
    expect(
      (await agent.post('/api/stripe/confirm-payment').send({ paymentIntentId: res.body.paymentIntentId })).body.status,
    ).toBe('requires_action');
    fake.paymentIntents.get(res.body.paymentIntentId)!.status = 'succeeded';
    expect(
      (await other.agent.post('/api/stripe/confirm-payment').send({ paymentIntentId: res.body.paymentIntentId }))
        .status,
    ).toBe(404);
    const confirmed = await agent
      .post('/api/stripe/confirm-payment')
      .send({ paymentIntentId: res.body.paymentIntentId });
    expect(confirmed.body).toMatchObject({ status: 'succeeded', resource: { id: r.id, owned: true } });
    expect(await owners(r.id)).toEqual([expect.objectContaining({ user_id: user.id })]);
  });

  it('refuses what cannot be bought here', async () => {
    const { agent } = await member();
    const free = await createResource(t.knex);
    expect((await buy(agent, free.id)).status).toBe(409);
    const external = await createResource(t.knex, {
      visibility: 'For Sale',
      purchaseUrl: 'https://buy.stripe.com/x',
      priceCents: 500,
    });
    const viaStore = await buy(agent, external.id);
    expect(viaStore.status).toBe(400);
    expect(viaStore.body.error.message).toBe('This resource cannot be bought here.');
    const hidden = await createResource(t.knex, { visibility: 'For Sale', priceCents: 500, hidden: true });
    expect((await buy(agent, hidden.id)).status).toBe(404);
    const premiumOnly = await createResource(t.knex, { visibility: 'For Sale Premium', priceCents: 500 });
    expect((await buy(agent, premiumOnly.id)).status).toBe(404);
    expect((await buy(agent, 999999)).status).toBe(404);
  });

  it('returns 400 for bad input, 401 anonymous, 403 for an admin (who has every resource)', async () => {
    const { agent } = await member();
    const r = await forSale();
    const bad = await agent
      .post('/api/stripe/create-payment-intent')
      .send({ resourceId: 'abc', paymentMethodId: 'card' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['paymentMethodId', 'resourceId']);
    expect(
      (await agent.post('/api/stripe/create-payment-intent').send({ resourceId: r.id, paymentMethodId: 'pm_unknown' }))
        .status,
    ).toBe(400);
    expect(
      (await t.request().post('/api/stripe/create-payment-intent').send({ resourceId: r.id, paymentMethodId: 'pm_x' }))
        .status,
    ).toBe(401);
    const admin = await member('admin');
    expect((await buy(admin.agent, r.id)).status).toBe(403);
    const blocked = await createUser(t.knex, { role: 'premium', stripeStatus: 'unpaid' });
    expect((await buy(await signIn(t.agent(), blocked), r.id)).status).toBe(403);
  });
});

// The double click's narrowest window, made to happen every time: the second click has found no
// open attempt and no ownership, and its insert is held (a trigger waits on an advisory lock the
// test holds) while the first click's payment succeeds and commits. Needs two connections that
// block each other: PostgreSQL only (PGlite runs one connection inside this process).
const server = testServerUrl();
if (server) {
  describe("a double click whose first payment succeeds between the second's checks and its insert", () => {
    it('refuses the second attempt (409) instead of opening another key and PaymentIntent', async () => {
      const { user } = await member();
      const r = await forSale();
      const holder = knexFactory({
        client: 'pg',
        connection: withDatabase(server, t.db.name),
        pool: { min: 1, max: 1 },
      });
      await holder.raw('select pg_advisory_lock(424242)');
      await t.knex.raw(`create function hold_attempt() returns trigger language plpgsql as $$
        begin perform pg_advisory_lock_shared(424242); perform pg_advisory_unlock_shared(424242); return new; end $$`);
      await t.knex.raw(`create trigger hold_attempt before insert on purchases for each row
        when (new.status = 'pending' and new.resource_id = ${Number(r.id)}) execute function hold_attempt()`);
      try {
        const second = openAttempt(t.knex, {
          userId: user.id,
          resourceId: r.id,
          paymentMethodId: 'pm_double_click',
          amountCents: 1999,
          currency: 'usd',
        }).then(
          (attempt) => ({ attempt, error: null }),
          (error: unknown) => ({ attempt: null, error }),
        );
        // Wait until the second click's insert is held by the trigger.
        for (let i = 0; i < 200; i += 1) {
          const waiting = await holder.raw<{ rows: unknown[] }>(
            `select 1 from pg_locks where locktype = 'advisory' and objid = 424242 and not granted`,
          );
          if (waiting.rows.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // The first click's attempt succeeds and the member owns the resource.
        await t.knex.transaction(async (trx) => {
          await trx('purchases').insert({
            user_id: user.id,
            resource_id: r.id,
            amount_cents: 1999,
            currency: 'usd',
            payment_method_id: 'pm_double_click',
            idempotency_key: 'first-click',
            payment_intent_id: 'pi_first_click',
            status: 'succeeded',
          });
          await trx('user_resources').insert({ user_id: user.id, resource_id: r.id, source: 'purchase' });
        });
        await holder.raw('select pg_advisory_unlock(424242)');
        const { attempt, error } = await second;
        expect(attempt).toBeNull();
        expect(error).toMatchObject({ status: 409 });
        expect(await t.knex('purchases').where({ resource_id: r.id }).pluck('idempotency_key')).toEqual([
          'first-click',
        ]);
      } finally {
        await t.knex.raw('drop trigger if exists hold_attempt on purchases');
        await t.knex.raw('drop function if exists hold_attempt()');
        await holder.destroy();
      }
    });
  });
}
