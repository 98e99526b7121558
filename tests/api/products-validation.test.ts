import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { PRODUCT_LIMITS } from '../../shared/src/schemas/products';
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

const upsert = (agent: supertest.Agent, product: unknown, typeAdditionalFees?: string) =>
  agent.post('/api/product/upsert').send({ product, ...(typeAdditionalFees ? { typeAdditionalFees } : {}) });

async function productCount(userId: number): Promise<number> {
  const [row] = await t.knex('products').where({ user_id: userId }).count<Array<{ count: number }>>('* as count');
  return Number(row!.count);
}

describe('products: validation (docs/areas/seller-tools.md#validation)', () => {
  it('requires title, units, cost per unit, shipping, Amazon fees and retail price, with a message per field', async () => {
    const { user, agent } = await member();
    const res = await upsert(agent, { description: 'no numbers' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      title: 'This field cannot be empty',
      units: 'This field cannot be empty',
      costPerUnit: 'This field cannot be empty',
      shippingCost: 'This field cannot be empty',
      amazonFees: 'This field cannot be empty',
      amazonRetail: 'This field cannot be empty',
    });
    expect(await productCount(user.id)).toBe(0);
  });

  it('treats blank strings and spaces as missing', async () => {
    const { agent } = await member();
    const res = await upsert(agent, { ...MINIMAL, title: '   ', amazonRetail: '' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['amazonRetail', 'title']);
  });

  it('refuses negative numbers and a units count below 1 or with decimals', async () => {
    const { agent } = await member();
    const neg = await upsert(agent, { ...MINIMAL, costPerUnit: -1, spend: -5, promotionPercentage: -1 });
    expect(neg.status).toBe(400);
    expect(neg.body.error.fields).toEqual({
      costPerUnit: 'Please enter 0 or more',
      spend: 'Please enter 0 or more',
      promotionPercentage: 'Please enter 0 or more',
    });
    expect((await upsert(agent, { ...MINIMAL, units: 0 })).body.error.fields).toEqual({
      units: 'Please enter at least 1 unit',
    });
    expect((await upsert(agent, { ...MINIMAL, units: 2.5 })).body.error.fields).toEqual({
      units: 'Please enter a whole number',
    });
    expect((await upsert(agent, { ...MINIMAL, promotionDays: 1.5 })).status).toBe(400);
  });

  it('refuses a promotion discount above 100 % and absurd magnitudes, never a 500', async () => {
    const { agent } = await member();
    expect((await upsert(agent, { ...MINIMAL, promotionPercentage: 100.5 })).status).toBe(400);
    for (const field of ['units', 'costPerUnit', 'shippingCost', 'amazonRetail', 'sales', 'projectedUnits']) {
      const res = await upsert(agent, { ...MINIMAL, [field]: 1e308 });
      expect(res.status, field).toBe(400);
      expect(res.body.error.fields[field]).toMatch(/^Please enter at most/);
    }
  });

  it('answers 400 for wrong types: text for numbers, arrays, objects, a missing or non-object product', async () => {
    const { user, agent } = await member();
    const bad: unknown[] = [
      { ...MINIMAL, units: 'lots' },
      { ...MINIMAL, costPerUnit: [1] },
      { ...MINIMAL, title: { text: 'x' } },
      { ...MINIMAL, additionalFees: { v: 1 } },
      { ...MINIMAL, description: 'x'.repeat(PRODUCT_LIMITS.descriptionMax + 1) },
    ];
    for (const product of bad)
      expect((await upsert(agent, product)).status, JSON.stringify(product).slice(0, 60)).toBe(400);
    expect((await agent.post('/api/product/upsert').send({})).status).toBe(400);
    expect((await agent.post('/api/product/upsert').send({ product: [MINIMAL] })).status).toBe(400);
    expect((await agent.post('/api/product/upsert').send({ product: 'x' })).status).toBe(400);
    expect((await upsert(agent, MINIMAL, 'euro')).status).toBe(400);
    expect(await productCount(user.id)).toBe(0);
  });

  it('validates an update against the stored product merged with the changes', async () => {
    const { agent } = await member();
    const created = (await upsert(agent, MINIMAL)).body.product;
    const res = await upsert(agent, { id: created.id, title: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ title: 'This field cannot be empty' });
    const list = (await agent.get('/api/product/read-many')).body.products;
    expect(list[0].title).toBe(MINIMAL.title);
  });
});

describe('products: additional fees (docs/areas/seller-tools.md#additional-fees)', () => {
  it('defaults to 25 % and stores an accepted percentage as entered', async () => {
    const { agent } = await member();
    expect((await upsert(agent, MINIMAL)).body.product.additionalFees).toBe(25);
    expect((await upsert(agent, { ...MINIMAL, additionalFees: 0 })).body.product.additionalFees).toBe(0);
    expect((await upsert(agent, { ...MINIMAL, additionalFees: 50 })).body.product.additionalFees).toBe(50);
    expect((await upsert(agent, { ...MINIMAL, additionalFees: 12.5 }, 'percentage')).body.product.additionalFees).toBe(
      12.5,
    );
  });

  it('ignores a percentage outside 0..50 and keeps the stored value', async () => {
    const { agent } = await member();
    expect((await upsert(agent, { ...MINIMAL, additionalFees: 50.01 })).body.product.additionalFees).toBe(25);
    const p = (await upsert(agent, { ...MINIMAL, additionalFees: 30 })).body.product;
    for (const value of [-1, 80, 'abc', '']) {
      const res = await upsert(agent, { id: p.id, additionalFees: value }, 'percentage');
      expect(res.status).toBe(200);
      expect(res.body.product.additionalFees).toBe(30);
    }
  });

  it('converts dollars to a percentage of the retail price (2 decimals, 49.99 or more is 50)', async () => {
    const { agent } = await member();
    const p = (await upsert(agent, { ...MINIMAL, amazonRetail: 19.99, additionalFees: 3 }, 'dollar')).body.product;
    expect(p).toMatchObject({ additionalFees: 15.01, typeAdditionalFees: 'dollar' });
    const snapped = await upsert(agent, { id: p.id, amazonRetail: 79.98, additionalFees: 39.98 }, 'dollar');
    expect(snapped.body.product.additionalFees).toBe(50);
    const half = await upsert(agent, { id: p.id, amazonRetail: 100, additionalFees: 50 }, 'dollar');
    expect(half.body.product.additionalFees).toBe(50);
  });

  it('ignores dollars above half the retail price (the new price when it changes too)', async () => {
    const { agent } = await member();
    const p = (await upsert(agent, { ...MINIMAL, amazonRetail: 20, additionalFees: 20 })).body.product;
    const over = await upsert(agent, { id: p.id, additionalFees: 10.01 }, 'dollar');
    expect(over.body.product.additionalFees).toBe(20);
    const withNewPrice = await upsert(agent, { id: p.id, amazonRetail: 30, additionalFees: 15 }, 'dollar');
    expect(withNewPrice.body.product).toMatchObject({ amazonRetail: 30, additionalFees: 50 });
  });

  it('keeps the stored percentage when only the retail price changes', async () => {
    const { agent } = await member();
    const p = (await upsert(agent, GOLDEN[0]!.product)).body.product;
    const res = await upsert(agent, { id: p.id, amazonRetail: 40 });
    expect(res.body.product).toMatchObject({ additionalFees: 25, totalAdditionalFees: 10000 });
  });

  it("ignores a basic member's additional fees on create and update (server-enforced)", async () => {
    const { user, agent } = await member('basic');
    const created = (await upsert(agent, { ...MINIMAL, additionalFees: 40 }, 'dollar')).body.product;
    expect(created).toMatchObject({ additionalFees: 25, typeAdditionalFees: 'percentage' });
    const updated = await upsert(agent, { id: created.id, additionalFees: 5, title: 'Still mine' }, 'percentage');
    expect(updated.body.product).toMatchObject({ additionalFees: 25, title: 'Still mine' });
    // A member downgraded to basic keeps the value they set as premium, and cannot change it.
    await t.knex('products').where({ id: created.id }).update({ additional_fees: 40 });
    const kept = await upsert(agent, { id: created.id, additionalFees: 10 });
    expect(kept.body.product.additionalFees).toBe(40);
    expect(await productCount(user.id)).toBe(1);
  });
});

describe('products: limits and query counts', () => {
  it(`refuses a product beyond ${PRODUCT_LIMITS.productsPerUser} per member with 409`, async () => {
    const { user, agent } = await member();
    const rows = Array.from({ length: PRODUCT_LIMITS.productsPerUser - 1 }, (_, i) => ({
      user_id: user.id,
      title: `Bulk ${i}`,
      position: i + 1,
      units: 1,
      cost_per_unit: 1,
      shipping_cost: 0,
      amazon_fees: 1,
      amazon_retail: 10,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.knex('products').insert(rows.slice(i, i + 500));
    expect((await upsert(agent, MINIMAL)).status).toBe(200);
    const over = await upsert(agent, MINIMAL);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toMatch(/maximum number of products/);
    expect(await productCount(user.id)).toBe(PRODUCT_LIMITS.productsPerUser);
  });

  async function queriesDuring(fn: () => Promise<unknown>): Promise<number> {
    let n = 0;
    const listener = () => {
      n += 1;
    };
    t.knex.on('query', listener);
    try {
      await fn();
    } finally {
      t.knex.off('query', listener);
    }
    return n;
  }

  it('reads the list with the same small number of queries for 1 or 40 products (no N+1)', async () => {
    const { agent } = await member();
    await upsert(agent, MINIMAL);
    const one = await queriesDuring(() => agent.get('/api/product/read-many').expect(200));
    for (let i = 0; i < 39; i++) await upsert(agent, { ...MINIMAL, title: `P${i}` });
    const forty = await queriesDuring(async () => {
      const res = await agent.get('/api/product/read-many').expect(200);
      expect(res.body.products).toHaveLength(40);
    });
    expect(forty).toBe(one);
    expect(forty).toBeLessThanOrEqual(4);
  });

  it('creates and updates with a fixed number of queries', async () => {
    const { agent } = await member();
    const create = await queriesDuring(() => upsert(agent, MINIMAL).expect(200));
    const id = (await agent.get('/api/product/read-many')).body.products[0].id as number;
    const update = await queriesDuring(() => upsert(agent, { id, title: 'x' }).expect(200));
    for (let i = 0; i < 5; i++) await upsert(agent, MINIMAL);
    expect(await queriesDuring(() => upsert(agent, MINIMAL).expect(200))).toBe(create);
    expect(create).toBeLessThanOrEqual(9);
    expect(update).toBeLessThanOrEqual(8);
  });
});
