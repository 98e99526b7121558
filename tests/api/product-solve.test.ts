import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { GOLDEN } from './products-golden';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const E1 = GOLDEN[0]!.product;

async function member(role: Role = 'premium') {
  const user = await createUser(t.knex, { role });
  return { user, agent: await signIn(t.agent(), user) };
}

async function create(agent: supertest.Agent, product: Record<string, unknown> = E1) {
  const res = await agent.post('/api/product/upsert').send({ product, typeAdditionalFees: 'percentage' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product as { id: number } & Record<string, unknown>;
}

const solve = (agent: supertest.Agent, id: number, query: string) => agent.get(`/api/product/${id}/solve?${query}`);

describe('reverse solve: the answers (golden case E1 of docs/areas/seller-tools.md)', () => {
  it('answers the price for a 30 % margin, to the cent, and applying it gives that margin', async () => {
    const { agent } = await member();
    const p = await create(agent);
    const res = await solve(agent, p.id, 'target=margin&value=30');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ target: 'margin', value: 30, amazonRetail: 28.45, reachable: true, reached: 30.01 });
    const applied = await agent.post('/api/product/upsert').send({ product: { id: p.id, amazonRetail: 28.45 } });
    expect(applied.body.product.profitMargin).toBe(30.01);
    const centBelow = await agent.post('/api/product/upsert').send({ product: { id: p.id, amazonRetail: 28.44 } });
    expect(centBelow.body.product.profitMargin).toBeLessThan(30);
  });

  it.each([
    ['profitPerUnit', 5, 23.74, 5],
    ['acosBreakEven', 60, 32, 60],
  ] as const)('answers the price for %s %s: %s', async (target, value, price, reached) => {
    const { agent } = await member();
    const p = await create(agent);
    const res = await solve(agent, p.id, `target=${target}&value=${value}`);
    expect(res.body).toMatchObject({ target, value, amazonRetail: price, reachable: true });
    // What the product shows once applied: at or just past the target.
    expect(res.body.reached).toBeGreaterThanOrEqual(reached);
    expect(res.body.reached).toBeLessThan(reached + 0.05);
  });

  it('answers the highest cost per unit that keeps a 20 % margin', async () => {
    const { agent } = await member();
    const p = await create(agent);
    const res = await solve(agent, p.id, 'target=maxCostPerUnit&value=20');
    expect(res.body).toMatchObject({ target: 'maxCostPerUnit', value: 20, costPerUnit: 5.79, reachable: true });
    expect(res.body.reached).toBeGreaterThanOrEqual(20);
  });

  it('says "not reachable" for a margin at or above 100 % minus the additional fees (25 % here)', async () => {
    const { agent } = await member();
    const p = await create(agent);
    for (const value of [75, 80]) {
      const res = await solve(agent, p.id, `target=margin&value=${value}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ target: 'margin', value, amazonRetail: null, reachable: false, reached: null });
    }
    const cost = await solve(agent, p.id, 'target=maxCostPerUnit&value=70');
    expect(cost.body).toEqual({
      target: 'maxCostPerUnit',
      value: 70,
      costPerUnit: null,
      reachable: false,
      reached: null,
    });
  });
});

describe('reverse solve: who may ask', () => {
  it('requires a session', async () => {
    expect((await t.request().get('/api/product/1/solve?target=margin&value=30')).status).toBe(401);
  });

  it.each(ALL_ROLES)("lets a %s solve their own product, and never another member's (404)", async (role) => {
    const { agent } = await member(role);
    const own = await create(agent);
    expect((await solve(agent, own.id, 'target=margin&value=30')).status).toBe(200);
    const other = await create((await member('premium')).agent);
    const res = await solve(agent, other.id, 'target=margin&value=30');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Product not found');
  });
});

describe('reverse solve: bad input is a 400 naming the field', () => {
  it.each([
    ['', 'target'],
    ['value=30', 'target'],
    ['target=price&value=30', 'target'],
    ['target=margin', 'value'],
    ['target=margin&value=', 'value'],
    ['target=margin&value=abc', 'value'],
    ['target=margin&value=1001', 'value'],
    ['target=acosBreakEven&value=-1001', 'value'],
    ['target=profitPerUnit&value=1e10', 'value'],
    ['target=margin&value=30&value=40', 'value'],
    ['target=margin&target=acosBreakEven&value=30', 'target'],
  ])('?%s', async (query, field) => {
    const { agent } = await member();
    const p = await create(agent);
    const res = await solve(agent, p.id, query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
  });

  it('is a 400 for an id that cannot exist', async () => {
    const { agent } = await member();
    expect((await agent.get('/api/product/abc/solve?target=margin&value=30')).status).toBe(400);
  });

  it('reads the value in decimal notation only: 0x10, 0b11, 0o7, 1e1 and Infinity are 400, not numbers', async () => {
    const { agent } = await member();
    const p = await create(agent);
    for (const value of ['0x10', '0X10', '0b11', '0o7', '1e1', 'Infinity']) {
      const res = await solve(agent, p.id, `target=margin&value=${value}`);
      expect(res.status, value).toBe(400);
      expect(res.body.error.fields.value, value).toBe('Please enter a valid value');
    }
    // The same numbers written in decimal are answered.
    for (const value of ['16', '16.0', '+16', ' 16 ']) {
      const res = await solve(agent, p.id, `target=margin&value=${encodeURIComponent(value)}`);
      expect(res.status, value).toBe(200);
      expect(res.body.value, value).toBe(16);
    }
  });
});
