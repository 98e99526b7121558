import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { ArchivedCard, BoardResponse } from '../../shared/src/types/board';
import { actor, addCards, cardIdsOf, expectContiguous, listByName, MTN, readBoard, type Actor } from './board-fixtures';

/**
 * Members archive (never delete) cards of their own board and restore them; coaches and
 * admins per the board policy (docs/areas/board.md#behaviour). Archived cards leave the list's 0..n-1 positions, the board read,
 * the donut and the counts; restore puts a card at the end of its list, or of the first list.
 */
let t: TestApp;
let admin: Actor;
let owner: Actor;
let other: Actor;
let coach: Actor;
let basic: Actor;
let courseOnly: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin' });
  await readBoard(admin); // the Master Template
  owner = await actor(t, { role: 'premium', fullName: 'Owner' });
  other = await actor(t, { role: 'premium', fullName: 'Other' });
  coach = await actor(t, { role: 'coach' });
  basic = await actor(t, { role: 'basic' });
  courseOnly = await actor(t, { role: 'course only' });
  await readBoard(other);
});
afterAll(async () => {
  await t.close();
});

const cardIdsIn = (board: BoardResponse) => board.lists.flatMap((l) => l.Cards.map((c) => c.id));
const archiveOf = async (a: Actor, ownerId?: number) => {
  const res = await a.agent.get(`${MTN}/card/archive/read-many`).query(ownerId ? { ownerId } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cards as ArchivedCard[];
};

describe('archive and restore a card', () => {
  it('the owner archives a card: it leaves the list (positions close up), the board, the donut and the counts', async () => {
    const board = await readBoard(owner);
    const list = listByName(board, 'NOT STARTED').id;
    const ids = await addCards(t.knex, list, 4, 'Mine');
    const before = (await owner.agent.get(`${MTN}/summary`)).body.summary;
    const middle = ids[1]!;
    const res = await owner.agent.post(`${MTN}/card/archive`).send({ id: middle });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Card archived', id: middle });

    const idsNow = await cardIdsOf(t.knex, list);
    expect(idsNow).not.toContain(middle);
    const positions = await t.knex('mtn_cards').where({ list_id: list }).orderBy('position').pluck('position');
    expect(positions).toEqual(positions.map((_: number, i: number) => i));
    await expectContiguous(t.knex);

    expect(cardIdsIn(await readBoard(owner))).not.toContain(middle);
    const after = (await owner.agent.get(`${MTN}/summary`)).body.summary;
    expect(after.counts['NOT STARTED']).toBe(before.counts['NOT STARTED'] - 1);
    expect(after.total).toBe(before.total - 1);

    const archived = await archiveOf(owner);
    expect(archived).toEqual([
      {
        id: middle,
        title: expect.stringContaining('Mine') as string,
        archivedAt: expect.any(String) as string,
        ListId: list,
        listName: 'NOT STARTED',
      },
    ]);
    // An archived card is frozen: the card calls do not find it.
    expect((await owner.agent.get(`${MTN}/card/${middle}`)).status).toBe(404);
    expect((await owner.agent.post(`${MTN}/card/archive`).send({ id: middle })).status).toBe(404);
  });

  it('restore puts the card at the end of its list', async () => {
    const board = await readBoard(owner);
    const list = listByName(board, 'IN PROGRESS').id;
    const [a, b, c] = await addCards(t.knex, list, 3, 'Restore');
    await owner.agent.post(`${MTN}/card/archive`).send({ id: a }).expect(200);
    const res = await owner.agent.post(`${MTN}/card/restore`).send({ id: a });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Card restored', ListId: list, position: 2 });
    expect(res.body.card).toMatchObject({ id: a, ListId: list });
    expect(await cardIdsOf(t.knex, list)).toEqual([b, c, a]);
    expect((await archiveOf(owner)).map((x) => x.id)).not.toContain(a);
    expect(cardIdsIn(await readBoard(owner))).toContain(a);
    await expectContiguous(t.knex);
    // Restoring twice: it is no longer archived.
    expect((await owner.agent.post(`${MTN}/card/restore`).send({ id: a })).status).toBe(404);
  });

  it('restore puts the card at the end of the first list when its list is gone', async () => {
    const custom = (await owner.agent.post(`${MTN}/list/upsert`).send({ name: 'Scratch' })).body.list.id as number;
    const [card] = await addCards(t.knex, custom, 1, 'Scratch');
    await owner.agent.post(`${MTN}/card/archive`).send({ id: card }).expect(200);
    await admin.agent.delete(`${MTN}/list/${custom}`).expect(200);
    expect((await archiveOf(owner)).find((x) => x.id === card)).toMatchObject({ ListId: null, listName: null });
    const board = await readBoard(owner);
    const first = board.lists.find((l) => l.position === 0)!;
    const res = await owner.agent.post(`${MTN}/card/restore`).send({ id: card });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ListId: first.id, position: first.Cards.length });
    expect((await cardIdsOf(t.knex, first.id)).at(-1)).toBe(card);
    await expectContiguous(t.knex);
  });
});

describe('who may archive, restore and read the archive', () => {
  it('another member: 403 on a card of a board they may not touch, 404 for an unknown id', async () => {
    const list = listByName(await readBoard(owner), 'ON HOLD').id;
    const [card] = await addCards(t.knex, list, 1, 'Private');
    for (const a of [other, basic, courseOnly]) {
      expect((await a.agent.post(`${MTN}/card/archive`).send({ id: card })).status).toBe(403);
      expect((await a.agent.get(`${MTN}/card/archive/read-many`).query({ ownerId: owner.user.id })).status).toBe(403);
    }
    expect((await other.agent.post(`${MTN}/card/archive`).send({ id: 99999999 })).status).toBe(404);
    await owner.agent.post(`${MTN}/card/archive`).send({ id: card }).expect(200);
    for (const a of [other, basic, courseOnly]) {
      expect((await a.agent.post(`${MTN}/card/restore`).send({ id: card })).status).toBe(403);
    }
    expect((await other.agent.post(`${MTN}/card/restore`).send({ id: 99999999 })).status).toBe(404);
    // Nothing changed: still archived.
    expect((await archiveOf(owner)).map((x) => x.id)).toContain(card);
    await owner.agent.post(`${MTN}/card/restore`).send({ id: card }).expect(200);
  });

  it('a coach archives, lists and restores a member’s card', async () => {
    const list = listByName(await readBoard(owner), 'COMPLETED').id;
    const [card] = await addCards(t.knex, list, 1, 'Coached');
    await coach.agent.post(`${MTN}/card/archive`).send({ id: card }).expect(200);
    expect((await archiveOf(coach, owner.user.id)).map((x) => x.id)).toContain(card);
    await coach.agent.post(`${MTN}/card/restore`).send({ id: card }).expect(200);
    expect(await cardIdsOf(t.knex, list)).toContain(card);
  });

  it('an admin archives and restores on any board, the Master Template included', async () => {
    const list = listByName(await readBoard(owner), 'NOT STARTED').id;
    const [card] = await addCards(t.knex, list, 1, 'Admin');
    await admin.agent.post(`${MTN}/card/archive`).send({ id: card }).expect(200);
    expect((await archiveOf(admin, owner.user.id)).map((x) => x.id)).toContain(card);
    await admin.agent.post(`${MTN}/card/restore`).send({ id: card }).expect(200);
    const template = await readBoard(admin);
    const tList = template.lists[0]!.id;
    const [tCard] = await addCards(t.knex, tList, 1, 'Template');
    await admin.agent.post(`${MTN}/card/archive`).send({ id: tCard }).expect(200);
    expect((await archiveOf(admin)).map((x) => x.id)).toContain(tCard);
    // A coach may not touch the admins' board.
    expect((await coach.agent.post(`${MTN}/card/restore`).send({ id: tCard })).status).toBe(403);
    await admin.agent.post(`${MTN}/card/restore`).send({ id: tCard }).expect(200);
    await expectContiguous(t.knex);
  });

  it('answers 400 with the field for bad input and 401 without a session', async () => {
    for (const body of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }]) {
      const res = await owner.agent.post(`${MTN}/card/archive`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields.id).toBeTruthy();
      expect((await owner.agent.post(`${MTN}/card/restore`).send(body)).status).toBe(400);
    }
    const bad = await owner.agent.get(`${MTN}/card/archive/read-many?ownerId=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.ownerId).toBeTruthy();
    expect((await t.request().post(`${MTN}/card/archive`).send({ id: 1 })).status).toBe(401);
    expect((await t.request().post(`${MTN}/card/restore`).send({ id: 1 })).status).toBe(401);
    expect((await t.request().get(`${MTN}/card/archive/read-many`)).status).toBe(401);
  });
});
