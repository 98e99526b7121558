import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { MESSAGES } from '../../shared/src/messages';
import type { Product } from '../../shared/src/types';
import { todayUtc } from '../../shared/src/schemas/dates';
import { BEFORE_CUTOFF, listByName, MTN, readBoard } from './board-fixtures';
import { GOLDEN } from './products-golden';

// docs/areas/seller-tools.md, "Ad targets" and "Reorder planner".
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const E1 = GOLDEN[0]!.product;

async function member(role: Role = 'premium', createdAt = BEFORE_CUTOFF) {
  const user = await createUser(t.knex, { role, createdAt });
  return { user, agent: await signIn(t.agent(), user) };
}

async function create(agent: supertest.Agent, product: Record<string, unknown> = E1) {
  const res = await agent.post('/api/product/upsert').send({ product, typeAdditionalFees: 'percentage' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.product as { id: number; title: string };
}

const PLAN = 'onHand=1000&dailySales=10&leadTimeDays=30&coverDays=90&safetyDays=0';
const plus = (days: number) =>
  new Date(Date.parse(`${todayUtc()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/product/{id}/ppc', () => {
  it('answers break-even ACoS, target ACoS and max CPC (E1)', async () => {
    const { agent } = await member();
    const p = await create(agent);
    const res = await agent.get(`/api/product/${p.id}/ppc?targetMargin=10&conversionRate=10`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ breakEvenAcos: 54.27, targetAcos: 44.27, maxCpc: 1.24 });
    const zero = await agent.get(`/api/product/${p.id}/ppc?targetMargin=0&conversionRate=10`);
    expect(zero.body.targetAcos).toBe(zero.body.breakEvenAcos);
  });

  it.each([
    ['targetMargin=abc&conversionRate=10', 'targetMargin'],
    ['targetMargin=101&conversionRate=10', 'targetMargin'],
    ['targetMargin=10&conversionRate=0', 'conversionRate'],
    ['targetMargin=10&conversionRate=101', 'conversionRate'],
    ['targetMargin=10', 'conversionRate'],
    ['targetMargin=1e1&conversionRate=10', 'targetMargin'],
  ])('%s is a 400 naming %s', async (query, field) => {
    const { agent } = await member();
    const p = await create(agent);
    const res = await agent.get(`/api/product/${p.id}/ppc?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBeTruthy();
  });

  it('requires a session', async () => {
    expect((await t.request().get('/api/product/1/ppc?targetMargin=10&conversionRate=10')).status).toBe(401);
  });

  it.each(ALL_ROLES)("lets a %s ask about their own product, never another member's (404)", async (role) => {
    const { agent } = await member(role);
    const own = await create(agent);
    expect((await agent.get(`/api/product/${own.id}/ppc?targetMargin=10&conversionRate=10`)).status).toBe(200);
    const other = await member();
    const theirs = await create(other.agent);
    expect((await agent.get(`/api/product/${theirs.id}/ppc?targetMargin=10&conversionRate=10`)).status).toBe(404);
    expect((await agent.get(`/api/product/${theirs.id}/reorder?${PLAN}`)).status).toBe(404);
  });
});

describe('GET /api/product/{id}/reorder', () => {
  it('the worked example: reorder point 300, in 70 days, 900 units, dated from today', async () => {
    const { agent } = await member();
    const p = await create(agent);
    const res = await agent.get(`/api/product/${p.id}/reorder?${PLAN}&timeZone=UTC`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reorderPoint: 300,
      daysUntilReorder: 70,
      reorderOn: plus(70),
      quantity: 900,
      stockoutOn: plus(100),
      message: null,
    });
  });

  it('zero sales: no dates and a message; below the reorder point: today', async () => {
    const { agent } = await member();
    const p = await create(agent);
    const none = await agent.get(`/api/product/${p.id}/reorder?${PLAN.replace('dailySales=10', 'dailySales=0')}`);
    expect(none.body).toMatchObject({ reorderOn: null, daysUntilReorder: null, message: MESSAGES.reorderNoSales });
    const low = await agent.get(
      `/api/product/${p.id}/reorder?${PLAN.replace('onHand=1000', 'onHand=100')}&timeZone=UTC`,
    );
    expect(low.body).toMatchObject({ daysUntilReorder: 0, reorderOn: todayUtc(), message: MESSAGES.reorderNow });
  });

  it.each([
    ['onHand=-1', 'onHand'],
    ['dailySales=x', 'dailySales'],
    ['leadTimeDays=1.5', 'leadTimeDays'],
    ['coverDays=0', 'coverDays'],
    ['safetyDays=4000', 'safetyDays'],
    ['timeZone=Mars/Olympus', 'timeZone'],
  ])('%s is a 400 naming %s', async (bad, field) => {
    const { agent } = await member();
    const p = await create(agent);
    const key = bad.split('=')[0]!;
    const query = PLAN.split('&')
      .filter((q) => q.split('=')[0] !== key)
      .concat(bad)
      .join('&');
    const res = await agent.get(`/api/product/${p.id}/reorder?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields[field]).toBeTruthy();
  });
});

describe('POST /api/product/{id}/reorder/card: "Put it on my board"', () => {
  const body = { onHand: 1000, dailySales: 10, leadTimeDays: 30, coverDays: 90, safetyDays: 0, timeZone: 'UTC' };

  it.each(['premium', 'coach'] as const)('a %s gets "Reorder: <product>" at the end of NOT STARTED', async (role) => {
    const a = await member(role);
    const p = await create(a.agent, { ...E1, title: 'Bamboo boards' });
    const res = await a.agent.post(`/api/product/${p.id}/reorder/card`).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ title: 'Reorder: Bamboo boards', plan: { reorderOn: plus(70), quantity: 900 } });
    const board = await readBoard(a);
    const notStarted = listByName(board, 'NOT STARTED');
    expect(notStarted.Cards.at(-1)).toMatchObject({ id: res.body.cardId, title: 'Reorder: Bamboo boards' });
    const card = (await a.agent.get(`${MTN}/card/${res.body.cardId}`)).body.card;
    expect(card.description).toContain(`by **${plus(70)}**`);
    expect(card.description).toContain('**900 units**');
    const row = await t.knex('mtn_cards').where({ id: res.body.cardId }).first('due_at');
    expect(new Date(row.due_at).toISOString()).toBe(`${plus(70)}T00:00:00.000Z`);
  });

  it("the card is due when the reorder day starts in the member's time zone, stored UTC", async () => {
    const a = await member();
    const p = await create(a.agent, { ...E1, title: 'Tokyo boards' });
    const res = await a.agent.post(`/api/product/${p.id}/reorder/card`).send({ ...body, timeZone: 'Asia/Tokyo' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reorderOn = res.body.plan.reorderOn as string;
    const row = await t.knex('mtn_cards').where({ id: res.body.cardId }).first('due_at');
    // Tokyo is UTC+9 all year: the day starts at 15:00 UTC the day before.
    const expected = new Date(Date.parse(`${reorderOn}T00:00:00Z`) - 9 * 3_600_000).toISOString();
    expect(new Date(row.due_at).toISOString()).toBe(expected);
  });

  it.each([
    ['basic', BEFORE_CUTOFF],
    ['course only', BEFORE_CUTOFF],
    ['admin', BEFORE_CUTOFF],
    ['premium', '2025-03-01'],
  ] as const)('refuses a %s (joined %s): no board of their own, nothing written', async (role, createdAt) => {
    const a = await member(role, createdAt);
    const p = await create(a.agent);
    const res = await a.agent.post(`/api/product/${p.id}/reorder/card`).send(body);
    expect(res.status).toBe(403);
    expect(await t.knex('mtn_boards').where({ user_id: a.user.id })).toHaveLength(0);
  });

  it("another member's product is a 404 and makes no card", async () => {
    const a = await member();
    const other = await member();
    const theirs = await create(other.agent);
    const res = await a.agent.post(`/api/product/${theirs.id}/reorder/card`).send(body);
    expect(res.status).toBe(404);
    expect(await t.knex('mtn_boards').where({ user_id: a.user.id })).toHaveLength(0);
  });

  it('without sales there is no date to put on the board: 400, nothing written', async () => {
    const a = await member();
    const p = await create(a.agent);
    const res = await a.agent.post(`/api/product/${p.id}/reorder/card`).send({ ...body, dailySales: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.dailySales).toBe(MESSAGES.reorderNoSales);
    expect(await t.knex('mtn_boards').where({ user_id: a.user.id })).toHaveLength(0);
  });

  it('bad input is a 400 before anything else', async () => {
    const a = await member('basic');
    const res = await a.agent.post('/api/product/1/reorder/card').send({ ...body, coverDays: -1 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.coverDays).toBeTruthy();
  });
});

/** The member's product as the list sends it. */
async function readProduct(agent: supertest.Agent, id: number) {
  const res = await agent.get('/api/product/read-many');
  expect(res.status).toBe(200);
  return (res.body.products as Product[]).find((x) => x.id === id)!;
}

describe('PUT /api/product/{id}/reorder: the product keeps the plan', () => {
  const body = { onHand: 1000, dailySales: 10, leadTimeDays: 30, coverDays: 90, safetyDays: 5, timeZone: 'UTC' };

  it.each(ALL_ROLES)('a %s saves the inputs; the product reads them back with their plan', async (role) => {
    const a = await member(role);
    const p = await create(a.agent);
    expect((await readProduct(a.agent, p.id)).reorder).toBeNull();
    const res = await a.agent.put(`/api/product/${p.id}/reorder`).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const inputs = { ...body, plannedOn: todayUtc() };
    // 10 a day x (30 + 5) days: reorder point 350, in 65 days.
    const plan = { reorderPoint: 350, daysUntilReorder: 65, reorderOn: plus(65), quantity: 900, stockoutOn: plus(100) };
    expect(res.body).toEqual({ inputs, plan: { ...plan, message: null } });
    const read = await readProduct(a.agent, p.id);
    expect(read.reorder).toEqual({ inputs, plan: { ...plan, message: null } });
  });

  it('a second plan replaces the first; editing the product keeps it', async () => {
    const a = await member();
    const p = await create(a.agent);
    await a.agent.put(`/api/product/${p.id}/reorder`).send(body);
    await a.agent.put(`/api/product/${p.id}/reorder`).send({ ...body, onHand: 200, timeZone: 'Asia/Tokyo' });
    await a.agent.post('/api/product/upsert').send({ product: { id: p.id, title: 'Renamed' } });
    const read = await readProduct(a.agent, p.id);
    expect(read.title).toBe('Renamed');
    expect(read.reorder!.inputs).toMatchObject({ onHand: 200, timeZone: 'Asia/Tokyo', safetyDays: 5 });
    expect(read.reorder!.plan).toMatchObject({ daysUntilReorder: 0, message: MESSAGES.reorderNow });
  });

  it('"Put it on my board" keeps its inputs too', async () => {
    const a = await member();
    const p = await create(a.agent);
    const res = await a.agent.post(`/api/product/${p.id}/reorder/card`).send(body);
    expect(res.status).toBe(200);
    const read = await readProduct(a.agent, p.id);
    expect(read.reorder!.inputs).toMatchObject({ onHand: 1000, safetyDays: 5 });
  });

  it("another member's product is a 404 and keeps nothing; bad input is a 400 naming the field", async () => {
    const a = await member();
    const other = await member();
    const theirs = await create(other.agent);
    expect((await a.agent.put(`/api/product/${theirs.id}/reorder`).send(body)).status).toBe(404);
    expect((await readProduct(other.agent, theirs.id)).reorder).toBeNull();
    const bad = await a.agent.put(`/api/product/${theirs.id}/reorder`).send({ ...body, leadTimeDays: -2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.leadTimeDays).toBeTruthy();
    expect((await t.request().put(`/api/product/${theirs.id}/reorder`).send(body)).status).toBe(401);
  });
});

describe('the product keeps its fee breakdown', () => {
  it('stores FBA, referral and storage fees and whether they are estimated', async () => {
    const { agent } = await member();
    const p = await create(agent, { ...E1, fbaFee: 3.33, referralFee: 4.2, storageFee: 0.02, feesEstimated: true });
    expect(p).toMatchObject({ fbaFee: 3.33, referralFee: 4.2, storageFee: 0.02, feesEstimated: true });
    const edited = await agent
      .post('/api/product/upsert')
      .send({ product: { id: p.id, fbaFee: 3.5, feesEstimated: false } });
    expect(edited.body.product).toMatchObject({ fbaFee: 3.5, referralFee: 4.2, feesEstimated: false });
    const bad = await agent.post('/api/product/upsert').send({ product: { id: p.id, storageFee: -1 } });
    expect(bad.status).toBe(400);
  });
});
