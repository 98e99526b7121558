import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { YES_NO_IDS, type YesNoId } from '../../shared/src/calc/qualifier';
import { DEFAULT_LAUNCH_STEPS } from '../../shared/src/content/launch';
import type { Role } from '../../shared/src/limits';
import { AFTER_CUTOFF, BEFORE_CUTOFF, listByName, MTN, readBoard, type Actor } from './board-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const Q = '/api/product-qualifier';

async function member(role: Role = 'premium', createdAt = BEFORE_CUTOFF): Promise<Actor> {
  const user = await createUser(t.knex, { role, createdAt });
  return { user, agent: await signIn(t.agent(), user) };
}

/** Answers with every Yes/No question Yes except `no`. */
function answers(volume: number, no: readonly YesNoId[] = [], keyword = 'garlic press') {
  return [
    { id: 'keyword', answer: keyword },
    { id: 'volume', answer: volume },
    ...YES_NO_IDS.map((id) => ({ id, answer: no.includes(id) ? 'No' : 'Yes' })),
  ];
}

async function rate(agent: supertest.Agent, list = answers(12000), sizeTier: string | null = 'small standard') {
  const res = await agent.post(`${Q}/save`).send({ answers: list, sizeTier, rated: true });
  expect(res.status).toBe(200);
  return res.body.progress as { result: string };
}

const start = (agent: supertest.Agent, body: Record<string, unknown> = { units: 500 }) =>
  agent.post(`${Q}/start`).send(body);

const count = async (table: string, where: Record<string, unknown>) =>
  Number((await t.knex(table).where(where).count<Array<{ n: string }>>('* as n'))[0]?.n);

describe('Start this product: what it makes', () => {
  it('makes the product, a "Launch: <title>" card with the launch steps in NOT STARTED, and links both', async () => {
    const a = await member('premium');
    await rate(a.agent);
    const res = await start(a.agent, { units: 500, costPerUnit: 3.2, shippingCost: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Product started in the Power Profit Tool');
    expect(res.body.product).toMatchObject({
      title: 'garlic press',
      description: 'Product Qualifier: 10/10, two thumbs up, 12,000 searches a month, small standard.',
      units: 500,
      costPerUnit: 3.2,
      shippingCost: 0,
      amazonFees: 0,
      amazonRetail: 20, // the small standard guide price
      additionalFees: 25,
    });
    const cardId = res.body.cardId as number;
    expect(res.body.progress.launch).toEqual({ keyword: 'garlic press', productId: res.body.product.id, cardId });
    expect((await a.agent.get(Q)).body.progress.launch).toEqual(res.body.progress.launch);

    const board = await readBoard(a);
    const notStarted = listByName(board, 'NOT STARTED');
    expect(notStarted.Cards.at(-1)).toMatchObject({ id: cardId, title: 'Launch: garlic press' });
    const card = (await a.agent.get(`${MTN}/card/${cardId}`)).body.card;
    expect(card.CheckLists).toHaveLength(1);
    expect(card.CheckLists[0].title).toBe('Launch steps');
    expect(card.CheckLists[0].CheckListItems.map((i: { title: string }) => i.title)).toEqual(DEFAULT_LAUNCH_STEPS);
    // The card's history starts with its creation, in the member's name (docs/areas/card-history.md).
    const history = (await a.agent.get(`${MTN}/card/${cardId}/history`)).body.entries;
    expect(history).toMatchObject([
      { kind: 'created', text: 'created this card in NOT STARTED', actor: { id: a.user.id } },
    ]);
    const list = await a.agent.get('/api/product/read-many');
    expect(list.body.products.map((p: { id: number }) => p.id)).toEqual([res.body.product.id]);
  });

  it('takes a title, and the retail price the member gives', async () => {
    const a = await member('coach');
    await rate(a.agent, answers(12000, ['improve']), null);
    const res = await start(a.agent, { title: 'Steel garlic press', units: 200, amazonRetail: 24.99 });
    expect(res.body.product).toMatchObject({ title: 'Steel garlic press', amazonRetail: 24.99 });
    const card = (await a.agent.get(`${MTN}/card/${res.body.cardId}`)).body.card;
    expect(card.title).toBe('Launch: Steel garlic press');
  });

  it.each([
    ['basic', BEFORE_CUTOFF],
    ['premium', AFTER_CUTOFF],
    ['admin', BEFORE_CUTOFF],
  ] as const)('makes no card for a %s (no board of their own; joined %s)', async (role, createdAt) => {
    const a = await member(role, createdAt);
    await rate(a.agent);
    const res = await start(a.agent);
    expect(res.status).toBe(200);
    expect(res.body.cardId).toBeNull();
    expect(res.body.progress.launch).toMatchObject({ productId: res.body.product.id, cardId: null });
    expect(await count('mtn_boards', { user_id: a.user.id })).toBe(0);
  });

  it("uses the Master Template's launch steps, which stay on the template", async () => {
    const admin = await member('admin');
    const template = await readBoard(admin);
    const future = listByName(template, 'FUTURE ACTIONS');
    const card = await admin.agent.post(`${MTN}/card/upsert`).send({ title: 'Launch steps', ListId: future.id });
    const checklist = await admin.agent
      .post(`${MTN}/checkList/upsert`)
      .send({ title: 'Steps', CardId: card.body.card.id });
    for (const title of ['Order samples', 'Book the photographer'])
      await admin.agent.post(`${MTN}/checkListItem/upsert`).send({ title, CheckListId: checklist.body.checkList.id });
    await admin.agent.post(`${MTN}/card/upsert`).send({ title: 'After the steps', ListId: future.id });

    const a = await member('premium');
    await rate(a.agent);
    const res = await start(a.agent);
    const launch = (await a.agent.get(`${MTN}/card/${res.body.cardId}`)).body.card;
    expect(launch.CheckLists[0].CheckListItems.map((i: { title: string }) => i.title)).toEqual([
      'Order samples',
      'Book the photographer',
    ]);
    // the member's board (copied when the product started) has the template's other cards, closed up
    const own = listByName(await readBoard(a), 'FUTURE ACTIONS');
    expect(own.Cards.map((c) => c.title)).toEqual(['After the steps']);
    expect(
      (await admin.agent.post(`${MTN}/card/upsert`).send({ id: card.body.card.id, title: 'Launch steps' })).status,
    ).toBe(200);
  });
});

describe('Start this product: when it is refused', () => {
  it('requires a session, the qualifier (not course only) and units', async () => {
    expect((await t.request().post(`${Q}/start`).send({ units: 1 })).status).toBe(401);
    const course = await member('course only');
    expect((await start(course.agent)).status).toBe(403);
    const a = await member();
    await rate(a.agent);
    const res = await start(a.agent, { units: 0, costPerUnit: -1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['costPerUnit', 'units']);
    // Blank units: the message says what to enter (the amounts may be blank, units may not).
    const blank = await start(a.agent, { units: '', costPerUnit: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ units: 'Please enter how many units your first order has' });
    expect(await count('products', { user_id: a.user.id })).toBe(0);
  });

  it('needs a rated result of one or two thumbs up (409 otherwise)', async () => {
    const a = await member();
    expect((await start(a.agent)).body.error.message).toBe('Rate your product first');
    await a.agent.post(`${Q}/save`).send({ answers: answers(12000), rated: false });
    expect((await start(a.agent)).status).toBe(409);
    expect((await rate(a.agent, answers(3000, ['sellers', 'units', 'competitors']))).result).toBe('two thumbs down');
    const res = await start(a.agent);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Only a product with one or two thumbs up can be started');
    expect((await rate(a.agent, answers(12000, ['improve', 'alibaba', 'standard']))).result).toBe('one thumb up');
    expect((await start(a.agent)).status).toBe(200);
  });

  it('starts a keyword once; another keyword (or a deleted product) can be started again', async () => {
    const a = await member();
    await rate(a.agent);
    const first = await start(a.agent);
    const again = await start(a.agent);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This product has already been started');
    // re-rating the same keyword (any case) keeps the link
    expect((await rate(a.agent, answers(12000, [], 'GARLIC PRESS'))).result).toBe('two thumbs up');
    expect((await a.agent.get(Q)).body.progress.launch.productId).toBe(first.body.product.id);
    // another keyword forgets it
    await rate(a.agent, answers(12000, [], 'lemon squeezer'));
    expect((await a.agent.get(Q)).body.progress.launch).toBeNull();
    expect((await start(a.agent)).body.product.title).toBe('lemon squeezer');
    // deleting the product and the card unlinks them
    const second = (await a.agent.get(Q)).body.progress.launch;
    await a.agent.delete(`/api/product/${second.productId}`);
    await t.knex('mtn_cards').where({ id: second.cardId }).del();
    expect((await a.agent.get(Q)).body.progress.launch).toEqual({
      keyword: 'lemon squeezer',
      productId: null,
      cardId: null,
    });
    expect((await start(a.agent)).status).toBe(200);
  });

  it('leaves nothing behind when the card cannot be made (one transaction)', async () => {
    const a = await member();
    await rate(a.agent);
    await readBoard(a);
    const checklistsBefore = await count('mtn_checklists', {});
    // reserved lists cannot be renamed through the API; here it is done in the database to break the board
    await t.knex('mtn_lists').where({ user_id: a.user.id, name: 'NOT STARTED' }).update({ name: 'SOMEDAY' });
    const res = await start(a.agent);
    expect(res.status).toBe(404);
    expect(await count('products', { user_id: a.user.id })).toBe(0);
    expect(await count('mtn_checklists', {})).toBe(checklistsBefore);
    expect((await a.agent.get(Q)).body.progress.launch).toBeNull();
  });

  it('leaves nothing behind at the product cap (409)', async () => {
    const a = await member();
    await rate(a.agent);
    await t.knex('products').insert(
      Array.from({ length: 1000 }, (_, i) => ({
        user_id: a.user.id,
        title: `P${i}`,
        units: 1,
        cost_per_unit: 1,
        shipping_cost: 0,
        amazon_fees: 0,
        amazon_retail: 1,
        position: i + 1,
      })),
    );
    const res = await start(a.agent);
    expect(res.status).toBe(409);
    expect(await count('products', { user_id: a.user.id })).toBe(1000);
    expect(await count('mtn_boards', { user_id: a.user.id })).toBe(0);
    expect((await a.agent.get(Q)).body.progress.launch).toBeNull();
  });
});
