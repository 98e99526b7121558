import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { createResource } from '../helpers/resources';
import { startStripeFake, type StripeFake } from '../helpers/fake-stripe';

let t: TestApp;
let fake: StripeFake;
let admin: supertest.Agent;
let member: supertest.Agent;
let saleId: number;
beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp(fake.env());
  admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
  member = await signIn(t.agent(), await createUser(t.knex, { role: 'basic' }));
  saleId = (await createResource(t.knex, { visibility: 'For Sale', priceCents: 900 })).id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const OK_STATUSES = [200, 400, 404, 409, 413, 429];

/** Anything JSON can carry: wrong types, extreme numbers, Unicode, long strings, arrays, nesting. */
const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, -0, 0, 1, -1, 0.005, 19.99, Number.MAX_SAFE_INTEGER, 2 ** 31),
  fc.integer(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    'Link',
    'Article',
    'Course',
    'For Sale',
    'https://buy.stripe.com/x',
    'javascript:x',
    'x'.repeat(5000),
  ),
  fc.array(fc.oneof(fc.integer(), fc.record({ id: fc.oneof(fc.integer(), fc.string()) })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const RESOURCE_KEYS = [
  'id',
  'title',
  'description',
  'coverPhotoUrl',
  'type',
  'visibility',
  'content',
  'url',
  'price',
  'purchaseUrl',
  'CourseId',
  'publishedAt',
  'hidden',
  'ResourceCategories',
  'Tags',
  '__proto__',
];

function expectSafe(res: supertest.Response) {
  expect(OK_STATUSES, `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+|select |insert |update .* set /i);
}

/** A value as a path segment, whatever it is. */
const segment = (v: unknown) =>
  encodeURIComponent((typeof v === 'string' ? v : (JSON.stringify(v) ?? 'x')).slice(0, 30));

const bodyOf = (keys: readonly string[]) =>
  fc.dictionary(fc.constantFrom(...keys), anyValue, { maxKeys: keys.length }).map((d) => ({ title: 'Fuzzed', ...d }));

describe('resources and payments: bad input never gives a 5xx (docs/security.md#payments fuzz)', () => {
  it('resource upsert', async () => {
    await fc.assert(
      fc.asyncProperty(bodyOf(RESOURCE_KEYS), async (body) =>
        expectSafe(await admin.post('/api/resource/upsert').send(body)),
      ),
      { numRuns: 150 },
    );
  });

  it('category upsert and deletes by odd ids', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, anyValue, async (id, name) => {
        expectSafe(await admin.post('/api/resource/category/upsert').send({ id, name }));
        expectSafe(await admin.delete(`/api/resource/category/${segment(id)}`));
        expectSafe(await admin.delete(`/api/resource/${segment(name)}`));
      }),
      { numRuns: 60 },
    );
  });

  it('read-many query parameters', async () => {
    const param = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('1', '-1', '0', '1001', 'abc', '%', '_', '\\'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('search', 'type', 'categories', 'itemsPerPage', 'page', 'x'), param), {
          maxLength: 5,
        }),
        async (pairs) => {
          const q = new URLSearchParams(pairs).toString();
          expectSafe(await member.get(`/api/resource/read-many?${q}`));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('create-payment-intent and confirm-payment bodies', async () => {
    await fc.assert(
      fc.asyncProperty(anyValue, anyValue, anyValue, async (resourceId, paymentMethodId, userId) => {
        expectSafe(
          await member.post('/api/stripe/create-payment-intent').send({ resourceId, paymentMethodId, userId }),
        );
        expectSafe(await member.post('/api/stripe/confirm-payment').send({ paymentIntentId: paymentMethodId }));
      }),
      { numRuns: 40 },
    );
    // The fuzz never bought anything it was not allowed to.
    expect(await t.knex('user_resources').where({ resource_id: saleId })).toEqual([]);
  });

  it('webhook bodies without a valid signature', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.string({ maxLength: 60 }), async (payload, signature) => {
        const res = await t
          .request()
          .post('/api/stripe/webhook')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', signature || 'x')
          .send(payload);
        expect(res.status).toBe(400);
      }),
      { numRuns: 100 },
    );
    expect(await t.knex('stripe_events')).toEqual([]);
  });
});
