import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { MINIMAL } from './products-golden';

let t: TestApp;
let agent: supertest.Agent;
let ownId: number;
beforeAll(async () => {
  t = await createTestApp();
  agent = await signIn(t.agent(), await createUser(t.knex, { role: 'premium' }));
  ownId = (await agent.post('/api/product/upsert').send({ product: MINIMAL })).body.product.id as number;
});
afterAll(async () => {
  await t.close();
});

const OK_STATUSES = [200, 400, 404, 409, 413, 429];

/** Anything JSON can carry: wrong types, extreme numbers, Unicode, long strings, arrays, nesting. */
const anyValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.constantFrom(1e308, -1e308, -0, 0, 1, -1, 0.005, 49.99, 50, 50.01, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '12', '1e3', 'NaN', 'Infinity', '-5', '0x10', 'x'.repeat(5000)),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

const PRODUCT_KEYS = [
  'id',
  'title',
  'description',
  'units',
  'costPerUnit',
  'shippingCost',
  'amazonFees',
  'amazonRetail',
  'additionalFees',
  'typeAdditionalFees',
  'promotionUnitsPerDay',
  'promotionPercentage',
  'promotionDays',
  'dailyAdvertisingCost',
  'spend',
  'sales',
  'projectedUnits',
  'userId',
  'position',
];

function expectSafe(res: supertest.Response) {
  expect(OK_STATUSES, `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/at .*\.ts:\d+|select |insert into|update "products"/i);
  if (res.status === 200) {
    for (const [k, v] of Object.entries(res.body.product as Record<string, unknown>)) {
      if (typeof v === 'number') expect(Number.isFinite(v), k).toBe(true);
    }
  }
}

describe('fuzz: never a 500, never a stack trace, never a non-finite figure', () => {
  it('POST /api/product/upsert with random products', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...PRODUCT_KEYS), anyValue, { maxKeys: 8 }),
        fc.boolean(),
        fc.option(anyValue, { nil: undefined }),
        async (changes, update, type) => {
          const product = { ...MINIMAL, ...changes, ...(update ? { id: ownId } : {}) };
          if (!update && changes.id === undefined) delete (product as Record<string, unknown>).id;
          const res = await agent
            .post('/api/product/upsert')
            .send({ product, ...(type === undefined ? {} : { typeAdditionalFees: type }) });
          expectSafe(res);
        },
      ),
      { numRuns: 150 },
    );
    // The store still holds only valid rows.
    const bad = await t
      .knex('products')
      .where('additional_fees', '>', 50)
      .orWhere('units', '<', 1)
      .count<Array<{ count: number }>>('* as count');
    expect(Number(bad[0]!.count)).toBe(0);
  });

  it('POST /api/product-qualifier/save and /send with random answers', async () => {
    const answers = fc.array(
      fc.record({
        id: fc.oneof(fc.constantFrom('keyword', 'volume', 'sellers', 'improve'), fc.string()),
        answer: anyValue,
      }),
      { maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(answers, anyValue, anyValue, async (list, sizeTier, email) => {
        const save = await agent.post('/api/product-qualifier/save').send({ answers: list, sizeTier, rated: true });
        expect(OK_STATUSES).toContain(save.status);
        if (save.status === 200) {
          expect(save.body.progress.score).toBeGreaterThanOrEqual(0);
          expect(save.body.progress.score).toBeLessThanOrEqual(10);
        }
        const send = await agent.post('/api/product-qualifier/send').send({ answers: list, email, keywords: 'k' });
        expect(OK_STATUSES).toContain(send.status);
      }),
      { numRuns: 100 },
    );
  });

  it('DELETE /api/product/:id with odd ids', async () => {
    for (const id of ['0', '-1', '1.5', '99999999999', '%00', 'null', '1e3', ' 1']) {
      const res = await agent.delete(`/api/product/${encodeURIComponent(id)}`);
      expect([400, 404]).toContain(res.status);
    }
  });
});
