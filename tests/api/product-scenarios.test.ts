import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { MINIMAL } from './products-golden';

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

async function product(agent: supertest.Agent) {
  const res = await agent.post('/api/product/upsert').send({ product: MINIMAL });
  expect(res.status).toBe(200);
  return res.body.product as { id: number };
}

const add = (agent: supertest.Agent, productId: number, body: Record<string, unknown>) =>
  agent.post(`/api/product/${productId}/scenarios`).send(body);
const scenarioCount = async (productId: number) =>
  Number(
    (await t.knex('product_scenarios').where({ product_id: productId }).count<Array<{ n: string }>>('* as n'))[0]?.n,
  );

describe('scenarios: add, list, replace, delete', () => {
  it('keeps named scenarios of the changed inputs only, in the order they were added', async () => {
    const { agent } = await member();
    const p = await product(agent);
    const first = await add(agent, p.id, { name: 'Price up', changes: { amazonRetail: 24.99 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      isNew: true,
      scenario: { productId: p.id, name: 'Price up', position: 1, changes: { amazonRetail: 24.99, costPerUnit: null } },
    });
    await add(agent, p.id, { name: 'Cheaper supplier', changes: { costPerUnit: 1.5, units: 500, shippingCost: '' } });
    const list = await agent.get(`/api/product/${p.id}/scenarios`);
    expect(list.status).toBe(200);
    expect(list.body.scenarios.map((s: { name: string }) => s.name)).toEqual(['Price up', 'Cheaper supplier']);
    expect(list.body.scenarios[1].changes).toEqual({
      amazonRetail: null,
      costPerUnit: 1.5,
      shippingCost: null,
      amazonFees: null,
      additionalFees: null,
      dailyAdvertisingCost: null,
      spend: null,
      sales: null,
      units: 500,
      projectedUnits: null,
    });
  });

  it('replaces the name and every change of a scenario sent with its id', async () => {
    const { agent } = await member();
    const p = await product(agent);
    const { scenario } = (await add(agent, p.id, { name: 'A', changes: { amazonRetail: 30, units: 10 } })).body;
    const res = await add(agent, p.id, { id: scenario.id, name: 'B', changes: { amazonFees: 4 } });
    expect(res.body).toMatchObject({ isNew: false, scenario: { id: scenario.id, name: 'B', position: 1 } });
    expect(res.body.scenario.changes).toMatchObject({ amazonRetail: null, units: null, amazonFees: 4 });
  });

  it('deletes a scenario, reuses its place, and deletes them all with their product', async () => {
    const { agent } = await member();
    const p = await product(agent);
    const a = (await add(agent, p.id, { name: 'A', changes: {} })).body.scenario;
    await add(agent, p.id, { name: 'B', changes: {} });
    const del = await agent.delete(`/api/product/${p.id}/scenarios/${a.id}`);
    expect(del.body).toEqual({ success: true, message: 'Scenario deleted' });
    expect((await agent.delete(`/api/product/${p.id}/scenarios/${a.id}`)).status).toBe(404);
    expect((await add(agent, p.id, { name: 'C', changes: {} })).body.scenario.position).toBe(1);
    await agent.delete(`/api/product/${p.id}`);
    expect(await scenarioCount(p.id)).toBe(0);
  });
});

describe('scenarios: limits', () => {
  it('allows 5 per product: the sixth is a 409 and is not written, even sent all at once', async () => {
    const { agent } = await member();
    const p = await product(agent);
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) => add(agent, p.id, { name: `S${i}`, changes: { amazonRetail: 20 + i } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe('A product can have up to 5 scenarios. Delete one to add another.');
    }
    expect(await scenarioCount(p.id)).toBe(5);
    const positions = (await agent.get(`/api/product/${p.id}/scenarios`)).body.scenarios.map(
      (s: { position: number }) => s.position,
    );
    expect(positions).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses a name the product already uses, in any case (409 on the name field)', async () => {
    const { agent } = await member();
    const p = await product(agent);
    await add(agent, p.id, { name: 'Price up', changes: {} });
    const res = await add(agent, p.id, { name: '  PRICE UP ', changes: {} });
    expect(res.status).toBe(409);
    expect(res.body.error.fields).toEqual({ name: 'This product already has a scenario with this name' });
    expect(await scenarioCount(p.id)).toBe(1);
    // another product may use it
    const other = await product(agent);
    expect((await add(agent, other.id, { name: 'Price up', changes: {} })).status).toBe(200);
  });

  it('is a 400 naming every bad field, and writes nothing', async () => {
    const { agent } = await member();
    const p = await product(agent);
    const res = await add(agent, p.id, {
      name: ' ',
      changes: { amazonRetail: -1, units: 0, additionalFees: 60, costPerUnit: 'abc', projectedUnits: 1.5 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(
      ['additionalFees', 'amazonRetail', 'costPerUnit', 'name', 'projectedUnits', 'units'].sort(),
    );
    expect((await add(agent, p.id, { name: 'x'.repeat(61), changes: {} })).status).toBe(400);
    expect((await add(agent, p.id, { name: 'Array', changes: [1] })).status).toBe(400);
    expect(await scenarioCount(p.id)).toBe(0);
  });

  it("ignores a basic member's change of additional fees, as for the product itself", async () => {
    const { agent } = await member('basic');
    const p = await product(agent);
    const res = await add(agent, p.id, { name: 'Fees', changes: { additionalFees: 10, amazonRetail: 30 } });
    expect(res.body.scenario.changes).toMatchObject({ additionalFees: null, amazonRetail: 30 });
  });
});

describe('scenarios: who may see and change them', () => {
  it('requires a session', async () => {
    const r = t.request();
    expect((await r.get('/api/product/1/scenarios')).status).toBe(401);
    expect((await r.post('/api/product/1/scenarios').send({ name: 'x', changes: {} })).status).toBe(401);
    expect((await r.delete('/api/product/1/scenarios/1')).status).toBe(401);
  });

  it.each(ALL_ROLES)(
    "lets a %s keep scenarios of their own products, and none of another member's (404)",
    async (role) => {
      const { agent } = await member(role);
      const own = await product(agent);
      expect((await add(agent, own.id, { name: 'Mine', changes: {} })).status).toBe(200);
      const owner = await member('premium');
      const other = await product(owner.agent);
      const theirs = (await add(owner.agent, other.id, { name: 'Theirs', changes: {} })).body.scenario;
      expect((await agent.get(`/api/product/${other.id}/scenarios`)).status).toBe(404);
      expect((await add(agent, other.id, { name: 'Intruder', changes: {} })).status).toBe(404);
      expect((await add(agent, other.id, { id: theirs.id, name: 'Renamed', changes: {} })).status).toBe(404);
      expect((await agent.delete(`/api/product/${other.id}/scenarios/${theirs.id}`)).status).toBe(404);
      // nor through their own product's path
      expect((await add(agent, own.id, { id: theirs.id, name: 'Moved', changes: {} })).status).toBe(404);
      expect((await agent.delete(`/api/product/${own.id}/scenarios/${theirs.id}`)).status).toBe(404);
      const after = await owner.agent.get(`/api/product/${other.id}/scenarios`);
      expect(after.body.scenarios.map((s: { name: string }) => s.name)).toEqual(['Theirs']);
    },
  );
});
