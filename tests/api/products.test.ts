import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { PRODUCT_COMPUTED_FIELDS } from '../../shared/src/calc';
import { GOLDEN, MINIMAL } from './products-golden';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(role: Role = 'premium') {
  const user = await createUser(t.knex, { role });
  return { user, agent: await signIn(t.agent(), user) };
}

async function create(agent: supertest.Agent, product: Record<string, unknown> = MINIMAL, type?: string) {
  const res = await agent.post('/api/product/upsert').send({ product, ...(type ? { typeAdditionalFees: type } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product as Record<string, unknown> & { id: number };
}

const INPUT_KEYS = [
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
  'fbaFee',
  'referralFee',
  'storageFee',
  'feesEstimated',
  'marketplace',
];

describe('products: authentication and roles', () => {
  it('requires a session for every product call', async () => {
    const r = t.request();
    expect((await r.get('/api/product/read-many')).status).toBe(401);
    expect((await r.get('/api/product/count')).status).toBe(401);
    expect((await r.post('/api/product/upsert').send({ product: MINIMAL })).status).toBe(401);
    expect((await r.delete('/api/product/1')).status).toBe(401);
  });

  it('sends a member whose subscription is unpaid to /blocked (403) instead of their products', async () => {
    const user = await createUser(t.knex, { role: 'premium', stripeStatus: 'unpaid' });
    const agent = await signIn(t.agent(), user);
    const res = await agent.get('/api/product/read-many');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('subscription_blocked');
  });

  it.each(ALL_ROLES)('lets a %s create, list, count, update and delete their own products', async (role) => {
    const { agent } = await member(role);
    const created = await agent.post('/api/product/upsert').send({ product: MINIMAL });
    expect(created.body.isNew).toBe(true);
    const id = created.body.product.id as number;
    const list = await agent.get('/api/product/read-many');
    expect(list.body.products.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await agent.get('/api/product/count')).body).toEqual({ total: 1 });
    const updated = await agent.post('/api/product/upsert').send({ product: { id, title: 'Renamed' } });
    expect(updated.body).toMatchObject({ isNew: false, product: { id, title: 'Renamed', units: 100 } });
    const deleted = await agent.delete(`/api/product/${id}`);
    expect(deleted.body).toEqual({ success: true, message: 'Product deleted successfully' });
    expect((await agent.get('/api/product/count')).body).toEqual({ total: 0 });
  });
});

describe('products: computed fields', () => {
  for (const g of GOLDEN) {
    it(`returns every computed field of golden case ${g.name} to the cent, stored additional fees ${g.storedA} %`, async () => {
      const { agent } = await member('premium');
      const product = await create(agent, g.product, g.typeAdditionalFees);
      expect(product.additionalFees).toBe(g.storedA);
      expect(product.typeAdditionalFees).toBe(g.typeAdditionalFees);
      for (const [field, value] of Object.entries(g.expected)) expect(product[field], field).toBe(value);
      // The list gives the same figures.
      const listed = (await agent.get('/api/product/read-many')).body.products[0];
      expect(listed).toEqual(product);
    });
  }

  it('echoes every input key and adds exactly the computed fields (docs/areas/seller-tools.md#data), nothing private', async () => {
    const { agent } = await member();
    const product = await create(agent, { ...GOLDEN[0]!.product, description: 'Three boards' });
    const expectedKeys = [
      ...INPUT_KEYS,
      ...PRODUCT_COMPUTED_FIELDS,
      'id',
      'position',
      'createdAt',
      'updatedAt',
      'currency',
      'vatRate',
      'amazonRetailExVat',
      'reorder',
    ];
    expect(Object.keys(product).sort()).toEqual(expectedKeys.sort());
    expect(product.description).toBe('Three boards');
    expect(JSON.stringify(product)).not.toMatch(/user_?id/i);
  });

  it('returns blank optional numbers as null and counts them as 0', async () => {
    const { agent } = await member();
    const product = await create(agent, { ...MINIMAL, spend: '', sales: null });
    expect(product).toMatchObject({
      spend: null,
      sales: null,
      promotionDays: null,
      projectedUnits: null,
      description: null,
    });
    expect(product).toMatchObject({ campaignACOS: 0, promotionCost: 0, monthlyGross: 0, additionalFees: 25 });
  });

  it('accepts numeric strings from form fields', async () => {
    const { agent } = await member();
    const product = await create(agent, { ...MINIMAL, units: '100', costPerUnit: ' 2.50 ', additionalFees: '30' });
    expect(product).toMatchObject({ units: 100, costPerUnit: 2.5, additionalFees: 30 });
  });
});

describe('products: order and partial updates', () => {
  it('adds new products on top of the list', async () => {
    const { agent } = await member();
    const a = await create(agent, { ...MINIMAL, title: 'First' });
    const b = await create(agent, { ...MINIMAL, title: 'Second' });
    const c = await create(agent, { ...MINIMAL, title: 'Third' });
    const list = (await agent.get('/api/product/read-many')).body.products as Array<{ id: number; position: number }>;
    expect(list.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(list.map((p) => p.position)).toEqual([3, 2, 1]);
    // Editing does not move a product.
    await agent.post('/api/product/upsert').send({ product: { id: a.id, title: 'First, edited' } });
    const again = (await agent.get('/api/product/read-many')).body.products as Array<{ id: number }>;
    expect(again.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
  });

  it('changes only the fields a modal sends (promotion) and recomputes the totals', async () => {
    const { agent } = await member();
    const p = await create(agent, GOLDEN[0]!.product);
    const res = await agent.post('/api/product/upsert').send({ product: { id: p.id, promotionDays: 10 } });
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({ ...GOLDEN[0]!.product, promotionDays: 10 });
    // 12 units/day x 10 days: revenue 120 x 27.99 x 5 % and cost 120 x (4.05 + 8.75) - revenue.
    expect(res.body.product.promotionRevenue).toBe(167.94);
    expect(res.body.product.promotionCost).toBe(1368.06);
    expect(res.body.product.totalCost).toBe(1868.06);
  });

  it('clears an optional field sent as null', async () => {
    const { agent } = await member();
    const p = await create(agent, GOLDEN[0]!.product);
    const res = await agent.post('/api/product/upsert').send({ product: { id: p.id, spend: null, sales: null } });
    expect(res.body.product).toMatchObject({ spend: null, sales: null, campaignACOS: 0 });
  });

  it('ignores keys that are not product inputs (owner, position, computed fields)', async () => {
    const { user, agent } = await member();
    const other = await createUser(t.knex, { role: 'premium' });
    const res = await agent.post('/api/product/upsert').send({
      product: {
        ...MINIMAL,
        userId: other.id,
        user_id: other.id,
        position: 999,
        profitMargin: 99,
        createdAt: '2000-01-01',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.product.position).toBe(1);
    expect(res.body.product.profitMargin).not.toBe(99);
    expect(res.body.product.createdAt).not.toMatch(/^2000/);
    const row = await t.knex('products').where({ id: res.body.product.id }).first<{ user_id: number }>();
    expect(row.user_id).toBe(user.id);
  });

  it('refuses a body with __proto__ keys (400) and writes nothing', async () => {
    const { user, agent } = await member();
    const body =
      '{"product":{"title":"Sneaky","units":1,"costPerUnit":1,"shippingCost":1,"amazonFees":1,"amazonRetail":10,"__proto__":{"isAdmin":true}}}';
    const res = await agent.post('/api/product/upsert').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(await t.knex('products').where({ user_id: user.id }).count<Array<{ count: number }>>('* as count')).toEqual([
      { count: 0 },
    ]);
  });
});

describe('products: ownership (IDOR)', () => {
  it("never lists, counts, changes or deletes another member's product, even as admin", async () => {
    const owner = await member('premium');
    const p = await create(owner.agent, GOLDEN[0]!.product);
    for (const role of ['premium', 'coach', 'admin'] as const) {
      const { agent } = await member(role);
      expect((await agent.get('/api/product/read-many')).body.products).toEqual([]);
      expect((await agent.get('/api/product/count')).body.total).toBe(0);
      const upd = await agent.post('/api/product/upsert').send({ product: { id: p.id, title: 'Hijacked' } });
      expect(upd.status).toBe(404);
      expect(upd.body.error.message).toBe('Product not found');
      expect((await agent.delete(`/api/product/${p.id}`)).status).toBe(404);
    }
    const mine = (await owner.agent.get('/api/product/read-many')).body.products;
    expect(mine).toHaveLength(1);
    expect(mine[0].title).toBe(GOLDEN[0]!.product.title);
  });

  it('answers 404 for an id that does not exist and 400 for one that cannot', async () => {
    const { agent } = await member();
    expect((await agent.delete('/api/product/999999')).status).toBe(404);
    expect((await agent.delete('/api/product/abc')).status).toBe(400);
    expect((await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, id: 999999 } })).status).toBe(404);
    expect((await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, id: 'abc' } })).status).toBe(400);
    expect((await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, id: [1] } })).status).toBe(400);
  });

  it("deletes a member's products with the member", async () => {
    const { user, agent } = await member();
    await create(agent);
    await t.knex('users').where({ id: user.id }).del();
    expect(await t.knex('products').where({ user_id: user.id }).count<Array<{ count: number }>>('* as count')).toEqual([
      { count: 0 },
    ]);
  });
});

describe('products: marketplaces (docs/areas/seller-tools.md, "Marketplaces")', () => {
  it('a product sells on US unless it says otherwise, in dollars without VAT', async () => {
    const { agent } = await member();
    const product = await create(agent);
    expect(product).toMatchObject({ marketplace: 'US', currency: 'USD', vatRate: 0 });
    expect(product.amazonRetailExVat).toBe(product.amazonRetail);
    const row = await t.knex('products').where({ id: product.id }).first('marketplace');
    expect(row.marketplace).toBe('US');
  });

  it.each([
    ['UK', 24, 20, 'GBP'],
    ['DE', 23.8, 19, 'EUR'],
    ['CA', 20, 0, 'CAD'],
  ] as const)(
    '%s: the VAT of its card in force, every figure on the price without it',
    async (marketplace, price, vat, currency) => {
      const { agent } = await member();
      const product = await create(agent, { ...MINIMAL, amazonRetail: price, marketplace });
      const us = await create(agent, { ...MINIMAL, amazonRetail: 20 });
      expect(product).toMatchObject({
        marketplace,
        currency,
        vatRate: vat,
        amazonRetail: price,
        amazonRetailExVat: 20,
      });
      for (const field of PRODUCT_COMPUTED_FIELDS) expect(product[field], field).toBe(us[field]);
    },
  );

  it("changes a product's marketplace, and keeps it when other fields change", async () => {
    const { agent } = await member();
    const product = await create(agent, { ...MINIMAL, amazonRetail: 24 });
    const moved = await agent.post('/api/product/upsert').send({ product: { id: product.id, marketplace: 'UK' } });
    expect(moved.body.product).toMatchObject({ marketplace: 'UK', vatRate: 20, amazonRetailExVat: 20 });
    const renamed = await agent.post('/api/product/upsert').send({ product: { id: product.id, title: 'Renamed' } });
    expect(renamed.body.product).toMatchObject({ marketplace: 'UK', title: 'Renamed' });
  });

  it.each(['FR', 'us', '', 3])('marketplace %j is a 400 naming it, nothing written', async (marketplace) => {
    const { agent } = await member();
    const res = await agent.post('/api/product/upsert').send({ product: { ...MINIMAL, marketplace } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.marketplace).toBeTruthy();
    expect((await agent.get('/api/product/count')).body).toEqual({ total: 0 });
  });

  it('the database refuses a marketplace outside the four', async () => {
    const { user } = await member();
    await expect(
      t.knex('products').insert({
        user_id: user.id,
        title: 'x',
        position: 1,
        units: 1,
        cost_per_unit: 1,
        shipping_cost: 0,
        amazon_fees: 0,
        amazon_retail: 1,
        additional_fees: 25,
        type_additional_fees: 'percentage',
        marketplace: 'FR',
      }),
    ).rejects.toThrow(/products_marketplace_check/);
  });

  it('ad targets and reverse solve use the price without VAT too', async () => {
    const { agent } = await member();
    const uk = await create(agent, { ...MINIMAL, amazonRetail: 24, marketplace: 'UK' });
    const us = await create(agent, { ...MINIMAL, amazonRetail: 20 });
    const q = 'targetMargin=10&conversionRate=10';
    expect((await agent.get(`/api/product/${uk.id}/ppc?${q}`)).body).toEqual(
      (await agent.get(`/api/product/${us.id}/ppc?${q}`)).body,
    );
    const solved = await agent.get(
      `/api/product/${uk.id}/solve?target=acosBreakEven&value=${String(us.ACOSBreakEven)}`,
    );
    expect(solved.body).toMatchObject({ reachable: true, amazonRetail: 24 });
  });
});
