import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { actor, addCards, cardIdsOf, expectContiguous, listByName, MTN, readBoard, type Actor } from './board-fixtures';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin' });
  await readBoard(admin);
});
afterAll(async () => {
  await t.close();
});

/** A member with a board whose NOT STARTED and IN PROGRESS lists hold `n` cards each. */
async function memberWithCards(n: number) {
  const member = await actor(t, { role: 'premium' });
  const board = await readBoard(member);
  const a = listByName(board, 'NOT STARTED').id;
  const b = listByName(board, 'IN PROGRESS').id;
  return { member, board, a, b, aCards: await addCards(t.knex, a, n, 'A'), bCards: await addCards(t.knex, b, n, 'B') };
}

describe('reordering cards within a list', () => {
  it('moves a card forward and shifts the cards between back', async () => {
    const { member, a, aCards } = await memberWithCards(5);
    const res = await member.agent.post(`${MTN}/card/reorder`).send({ ListId: a, startPosition: 1, endPosition: 3 });
    expect(res.status).toBe(200);
    expect(res.body.card).toEqual({ id: aCards[1], ListId: a, position: 3 });
    expect(await cardIdsOf(t.knex, a)).toEqual([aCards[0], aCards[2], aCards[3], aCards[1], aCards[4]]);
  });

  it('moves a card backward and shifts the cards between forward', async () => {
    const { member, a, aCards } = await memberWithCards(5);
    await member.agent
      .post(`${MTN}/card/reorder`)
      .send({ ListId: a, startPosition: 4, endPosition: 0, cardId: aCards[4] });
    expect(await cardIdsOf(t.knex, a)).toEqual([aCards[4], aCards[0], aCards[1], aCards[2], aCards[3]]);
    await expectContiguous(t.knex);
  });

  it('clamps an end position past the end, and 400s a start position with no card', async () => {
    const { member, a, aCards } = await memberWithCards(3);
    const res = await member.agent.post(`${MTN}/card/reorder`).send({ ListId: a, startPosition: 0, endPosition: 99 });
    expect(res.body.card.position).toBe(2);
    expect(await cardIdsOf(t.knex, a)).toEqual([aCards[1], aCards[2], aCards[0]]);
    const none = await member.agent.post(`${MTN}/card/reorder`).send({ ListId: a, startPosition: 7, endPosition: 0 });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.startPosition).toBeTruthy();
  });

  it('answers 409 when the dragged card is no longer in that list', async () => {
    const { member, a, bCards } = await memberWithCards(2);
    const res = await member.agent
      .post(`${MTN}/card/reorder`)
      .send({ ListId: a, startPosition: 0, endPosition: 1, cardId: bCards[0] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('The board changed meanwhile. Reload the page and try again.');
  });

  it('rejects bad input with field errors', async () => {
    const { member, a } = await memberWithCards(1);
    const res = await member.agent.post(`${MTN}/card/reorder`).send({ ListId: 'x', startPosition: -1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['ListId', 'endPosition', 'startPosition']);
    expect(
      (await member.agent.post(`${MTN}/card/reorder`).send({ ListId: a, startPosition: 0, endPosition: 1e12 })).status,
    ).toBe(400);
    expect((await member.agent.post(`${MTN}/card/reorder`).send([1, 2])).status).toBe(400);
  });
});

describe('moving cards across lists', () => {
  it('closes the gap in the source list, opens one in the destination and sets the list', async () => {
    const { member, a, b, aCards, bCards } = await memberWithCards(4);
    const res = await member.agent
      .post(`${MTN}/card/move`)
      .send({ cardId: aCards[1], sourceListId: a, destListId: b, positionOnSourceList: 1, positionOnDestList: 2 });
    expect(res.status).toBe(200);
    expect(res.body.card).toEqual({ id: aCards[1], ListId: b, position: 2 });
    expect(await cardIdsOf(t.knex, a)).toEqual([aCards[0], aCards[2], aCards[3]]);
    expect(await cardIdsOf(t.knex, b)).toEqual([bCards[0], bCards[1], aCards[1], bCards[2], bCards[3]]);
    await expectContiguous(t.knex);
  });

  it('appends at the end when the destination position is past it, and moves into an empty list', async () => {
    const { member, board, a, b, aCards, bCards } = await memberWithCards(2);
    await member.agent
      .post(`${MTN}/card/move`)
      .send({ cardId: aCards[0], sourceListId: a, destListId: b, positionOnDestList: 50 });
    expect(await cardIdsOf(t.knex, b)).toEqual([...bCards, aCards[0]]);
    const empty = listByName(board, 'ON HOLD').id;
    await member.agent
      .post(`${MTN}/card/move`)
      .send({ cardId: aCards[1], sourceListId: a, destListId: empty, positionOnDestList: 0 });
    expect(await cardIdsOf(t.knex, empty)).toEqual([aCards[1]]);
    expect(await cardIdsOf(t.knex, a)).toEqual([]);
  });

  it('answers 409 when the card is not in the source list any more', async () => {
    const { member, a, b, bCards } = await memberWithCards(2);
    const res = await member.agent
      .post(`${MTN}/card/move`)
      .send({ cardId: bCards[0], sourceListId: a, destListId: b, positionOnDestList: 0 });
    expect(res.status).toBe(409);
  });

  it("refuses a move into another board's list", async () => {
    const one = await memberWithCards(1);
    const two = await memberWithCards(1);
    const res = await one.member.agent
      .post(`${MTN}/card/move`)
      .send({ cardId: one.aCards[0], sourceListId: one.a, destListId: two.a, positionOnDestList: 0 });
    expect(res.status).toBe(400);
    // An admin may work on both boards, and still cannot mix them.
    const byAdmin = await admin.agent
      .post(`${MTN}/card/move`)
      .send({ cardId: one.aCards[0], sourceListId: one.a, destListId: two.a, positionOnDestList: 0 });
    expect(byAdmin.status).toBe(400);
    expect(await cardIdsOf(t.knex, one.a)).toEqual(one.aCards);
  });

  it('keeps every list gap-free and duplicate-free under 50 concurrent moves', async () => {
    const { member, board, aCards, bCards } = await memberWithCards(15);
    const lists = board.lists.slice(0, 4).map((l) => l.id);
    const all = [...aCards, ...bCards];
    const before = await t.knex('mtn_cards').whereIn('list_id', lists).count<Array<{ n: number }>>('* as n');
    // Each client reads where its card is and sends its move; the 50 run at the same time, so
    // many act on a stale board: they either apply (under the list locks) or get a 409.
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const cardId = all[(i * 7) % all.length]!;
        const card = await t
          .knex('mtn_cards')
          .where({ id: cardId })
          .first<{ list_id: number; position: number }>('list_id', 'position');
        const destListId = lists[(i * 3) % lists.length]!;
        const res = await member.agent.post(`${MTN}/card/move`).send({
          cardId,
          sourceListId: card.list_id,
          destListId,
          positionOnSourceList: card.position,
          positionOnDestList: (i * 5) % 17,
        });
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    await expectContiguous(t.knex);
    const after = await t.knex('mtn_cards').whereIn('list_id', lists).count<Array<{ n: number }>>('* as n');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });

  it('keeps lists gap-free under concurrent reorders of one list', async () => {
    const { member, a, aCards } = await memberWithCards(20);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        member.agent
          .post(`${MTN}/card/reorder`)
          .send({ ListId: a, cardId: aCards[i % 20], startPosition: 0, endPosition: (i * 7) % 20 })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await cardIdsOf(t.knex, a)).sort()).toEqual([...aCards].sort());
    await expectContiguous(t.knex);
  });
});

describe('creating and deleting cards', () => {
  it('adds a card at the end by default or at a position, shifting the others', async () => {
    const { member, a, aCards } = await memberWithCards(3);
    const end = await member.agent.post(`${MTN}/card/upsert`).send({ title: 'Last', ListId: a });
    expect(end.body).toMatchObject({ card: { title: 'Last', position: 3, ListId: a, description: '' }, isNew: true });
    const top = await member.agent.post(`${MTN}/card/upsert`).send({ title: 'First', ListId: a, position: 0 });
    expect(await cardIdsOf(t.knex, a)).toEqual([top.body.card.id, ...aCards, end.body.card.id]);
    await expectContiguous(t.knex);
  });

  it('refuses a card past 1,000 in a list with a 409', async () => {
    const { member, a } = await memberWithCards(1000);
    const res = await member.agent.post(`${MTN}/card/upsert`).send({ title: 'One too many', ListId: a });
    expect(res.status).toBe(409);
    expect(res.body.error.fields.ListId).toBe('A list holds at most 1000 cards');
  });

  it('lets only an admin delete a card, and closes the gap', async () => {
    const { member, a, aCards } = await memberWithCards(3);
    expect((await member.agent.delete(`${MTN}/card/${aCards[1]}`)).status).toBe(403);
    const coach = await actor(t, { role: 'coach' });
    expect((await coach.agent.delete(`${MTN}/card/${aCards[1]}`)).status).toBe(403);
    const res = await admin.agent.delete(`${MTN}/card/${aCards[1]}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Card removed successfully');
    expect(await cardIdsOf(t.knex, a)).toEqual([aCards[0], aCards[2]]);
    expect((await admin.agent.delete(`${MTN}/card/${aCards[1]}`)).status).toBe(404);
    await expectContiguous(t.knex);
  });

  it('makes a gap or a duplicate impossible at the database level', async () => {
    const { a } = await memberWithCards(3);
    await expect(t.knex('mtn_cards').insert({ list_id: a, title: 'gap', position: 9 })).rejects.toMatchObject({
      code: '23514',
    });
    await expect(t.knex('mtn_cards').insert({ list_id: a, title: 'dup', position: 1 })).rejects.toMatchObject({
      code: '23505',
    });
    await expect(t.knex('mtn_cards').where({ list_id: a, position: 0 }).del()).rejects.toMatchObject({ code: '23514' });
    await expectContiguous(t.knex);
  });
});
