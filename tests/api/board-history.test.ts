import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enteredCurrentListAt } from '../../api/src/features/board';
import type { CardHistoryEntry } from '../../shared/src/types/board';
import { createTestApp, type TestApp } from '../helpers/app';
import { actor, countQueries, listByName, MTN, readBoard, upload, type Actor } from './board-fixtures';

/**
 * A card's history (created, moved, renamed, description edited, checklist item
 * completed or reopened, attachment added or removed, labels changed, archived or restored) is
 * written in the transaction of the change and read with GET /card/:id/history, by whoever may
 * work on the board (docs/areas/card-history.md). It is never a comment: the comment counts do not move.
 */
let t: TestApp;
let admin: Actor;
let owner: Actor;
let other: Actor;
let coach: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  await readBoard(admin);
  owner = await actor(t, { role: 'premium', fullName: 'Jane Member' });
  other = await actor(t, { role: 'premium', fullName: 'Olly Other' });
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  await readBoard(other);
});
afterAll(async () => {
  await t.close();
});

async function history(a: Actor, cardId: number): Promise<CardHistoryEntry[]> {
  const res = await a.agent.get(`${MTN}/card/${cardId}/history`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { entries: CardHistoryEntry[] }).entries;
}

const rowsOf = async (cardId: number) =>
  Number((await t.knex('mtn_card_events').where({ card_id: cardId }).count('* as n'))[0]!.n);

async function newCard(a: Actor = owner, title = 'Launch'): Promise<{ cardId: number; lists: Record<string, number> }> {
  const board = await readBoard(a);
  const lists = Object.fromEntries(board.lists.map((l) => [l.name, l.id]));
  const res = await a.agent.post(`${MTN}/card/upsert`).send({ title, ListId: listByName(board, 'NOT STARTED').id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { cardId: res.body.card.id as number, lists };
}

describe('card history: what is written', () => {
  it('a new card: "created this card in NOT STARTED", by its author', async () => {
    const { cardId } = await newCard();
    const entries = await history(owner, cardId);
    expect(entries).toEqual([
      {
        id: expect.any(Number) as number,
        kind: 'created',
        text: 'created this card in NOT STARTED',
        createdAt: expect.any(String) as string,
        actor: { id: owner.user.id, fullName: 'Jane Member' },
      },
    ]);
    expect(Number.isNaN(Date.parse(entries[0]!.createdAt))).toBe(false);
  });

  it('a move across lists writes one row with both list names; a reorder within a list writes none', async () => {
    const { cardId, lists } = await newCard();
    await owner.agent.post(`${MTN}/card/upsert`).send({ title: 'Second', ListId: lists['NOT STARTED'] });
    const before = await rowsOf(cardId);
    const moved = await owner.agent.post(`${MTN}/card/move`).send({
      cardId,
      sourceListId: lists['NOT STARTED'],
      destListId: lists['IN PROGRESS'],
      positionOnDestList: 0,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await rowsOf(cardId)).toBe(before + 1);
    const [latest] = await history(owner, cardId);
    expect(latest).toMatchObject({ kind: 'moved', text: 'moved this card from NOT STARTED to IN PROGRESS' });

    // Within one list (move to the same list, or reorder): no history.
    await owner.agent.post(`${MTN}/card/upsert`).send({ title: 'Third', ListId: lists['IN PROGRESS'] });
    const same = await owner.agent.post(`${MTN}/card/move`).send({
      cardId,
      sourceListId: lists['IN PROGRESS'],
      destListId: lists['IN PROGRESS'],
      positionOnDestList: 1,
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const reorder = await owner.agent
      .post(`${MTN}/card/reorder`)
      .send({ ListId: lists['IN PROGRESS'], cardId, startPosition: 1, endPosition: 0 });
    expect(reorder.status, JSON.stringify(reorder.body)).toBe(200);
    expect(await rowsOf(cardId)).toBe(before + 1);
  });

  it('the move’s history is one statement (an INSERT ... SELECT that reads both list names)', async () => {
    const { cardId, lists } = await newCard();
    const sql: string[] = [];
    const listener = (q: { sql: string }) => sql.push(q.sql);
    t.knex.on('query', listener);
    try {
      await owner.agent
        .post(`${MTN}/card/move`)
        .send({ cardId, sourceListId: lists['NOT STARTED'], destListId: lists['ON HOLD'], positionOnDestList: 0 })
        .expect(200);
    } finally {
      t.knex.removeListener('query', listener);
    }
    const touching = sql.filter((q) => /mtn_card_events/.test(q));
    expect(touching).toHaveLength(1);
    // The move is one statement (board/commands/move-card.ts): its history row is one of its CTEs, an
    // INSERT ... SELECT of the names its lists CTE read.
    expect(touching[0]).toMatch(/insert into mtn_card_events[\s\S]*select[\s\S]*from_name[\s\S]*to_name/);
    expect(touching[0]).toMatch(/from mtn_lists/);
  });

  it('a rename keeps the old and new title; an edited description says so; unchanged values write nothing', async () => {
    const { cardId } = await newCard(owner, 'Draft');
    await owner.agent
      .post(`${MTN}/card/upsert`)
      .send({ id: cardId, title: 'Final', description: 'Plan **it**' })
      .expect(200);
    const entries = await history(owner, cardId);
    expect(
      entries
        .slice(0, 2)
        .map((e) => e.text)
        .sort(),
    ).toEqual(['edited the description', 'renamed this card from “Draft” to “Final”'].sort());
    const before = await rowsOf(cardId);
    await owner.agent
      .post(`${MTN}/card/upsert`)
      .send({ id: cardId, title: 'Final', description: 'Plan **it**' })
      .expect(200);
    await owner.agent.post(`${MTN}/card/upsert`).send({ id: cardId, coverPhotoUrl: null }).expect(200);
    expect(await rowsOf(cardId)).toBe(before);
  });

  it('a checklist item completed or reopened (with its text); ticking a ticked item writes nothing', async () => {
    const { cardId } = await newCard();
    const cl = await owner.agent.post(`${MTN}/checkList/upsert`).send({ title: 'Steps', CardId: cardId });
    const item = await owner.agent
      .post(`${MTN}/checkListItem/upsert`)
      .send({ title: 'Order samples', CheckListId: cl.body.checkList.id });
    const itemId = item.body.checkListItem.id as number;
    const before = await rowsOf(cardId);
    await owner.agent.post(`${MTN}/checkListItem/upsert`).send({ id: itemId, completed: true }).expect(200);
    await owner.agent.post(`${MTN}/checkListItem/upsert`).send({ id: itemId, completed: true }).expect(200);
    await owner.agent.post(`${MTN}/checkListItem/upsert`).send({ id: itemId, title: 'Order 3 samples' }).expect(200);
    await owner.agent.post(`${MTN}/checkListItem/upsert`).send({ id: itemId, completed: false }).expect(200);
    expect(await rowsOf(cardId)).toBe(before + 2);
    const [reopened, completed] = await history(owner, cardId);
    expect(reopened).toMatchObject({ kind: 'item_reopened', text: 'reopened “Order 3 samples”' });
    expect(completed).toMatchObject({ kind: 'item_completed', text: 'completed “Order samples”' });
  });

  it('an attachment added and removed, by file name', async () => {
    const { cardId } = await newCard();
    const url = await upload(owner);
    const added = await owner.agent
      .post(`${MTN}/attachment/upsert`)
      .send({ CardId: cardId, fileUrl: url, fileName: 'mockup.png' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await owner.agent
      .post(`${MTN}/attachment/upsert`)
      .send({ id: added.body.attachment.id, fileName: 'v2.png' })
      .expect(200);
    await owner.agent.delete(`${MTN}/attachment/${added.body.attachment.id}`).expect(200);
    const [removed, attached] = await history(owner, cardId);
    expect(attached).toMatchObject({ kind: 'attachment_added', text: 'attached mockup.png' });
    expect(removed).toMatchObject({ kind: 'attachment_removed', text: 'removed the attachment v2.png' });
  });

  it('labels added and removed by name (once, however often the same label is added)', async () => {
    const { cardId } = await newCard();
    const label = await owner.agent.post(`${MTN}/label/upsert`).send({ name: 'Urgent', color: 'red-200' });
    const LabelId = label.body.label.id as number;
    const before = await rowsOf(cardId);
    await owner.agent.post(`${MTN}/label/add`).send({ LabelId, CardId: cardId }).expect(200);
    await owner.agent.post(`${MTN}/label/add`).send({ LabelId, CardId: cardId }).expect(200);
    await owner.agent.post(`${MTN}/label/remove`).send({ LabelId, CardId: cardId }).expect(200);
    await owner.agent.post(`${MTN}/label/remove`).send({ LabelId, CardId: cardId }).expect(200);
    expect(await rowsOf(cardId)).toBe(before + 2);
    const [removed, added] = await history(owner, cardId);
    expect(added).toMatchObject({ kind: 'label_added', text: 'added the label Urgent' });
    expect(removed).toMatchObject({ kind: 'label_removed', text: 'removed the label Urgent' });
  });

  it('archived and restored, with the list; the archived card’s history is out of reach like the card', async () => {
    const { cardId } = await newCard();
    await owner.agent.post(`${MTN}/card/archive`).send({ id: cardId }).expect(200);
    expect((await owner.agent.get(`${MTN}/card/${cardId}/history`)).status).toBe(404);
    await owner.agent.post(`${MTN}/card/restore`).send({ id: cardId }).expect(200);
    const [restored, archived] = await history(owner, cardId);
    expect(archived).toMatchObject({ kind: 'archived', text: 'archived this card from NOT STARTED' });
    expect(restored).toMatchObject({ kind: 'restored', text: 'restored this card to NOT STARTED' });
  });

  it('keeps the names as they were: renaming a list later does not rewrite the entry', async () => {
    const board = await readBoard(owner);
    const custom = await owner.agent.post(`${MTN}/list/upsert`).send({ name: 'Ideas' });
    expect(custom.status, JSON.stringify(custom.body)).toBe(200);
    const res = await owner.agent.post(`${MTN}/card/upsert`).send({ title: 'Idea', ListId: custom.body.list.id });
    const cardId = res.body.card.id as number;
    await owner.agent
      .post(`${MTN}/card/move`)
      .send({
        cardId,
        sourceListId: custom.body.list.id,
        destListId: listByName(board, 'ON HOLD').id,
        positionOnDestList: 0,
      })
      .expect(200);
    await owner.agent.post(`${MTN}/list/upsert`).send({ id: custom.body.list.id, name: 'Someday' }).expect(200);
    expect((await history(owner, cardId))[0]!.text).toBe('moved this card from Ideas to ON HOLD');
  });
});

describe('card history: never a comment, never a partial write', () => {
  it('history entries do not count as comments, and the card read lists comments only', async () => {
    const { cardId, lists } = await newCard();
    await owner.agent.post(`${MTN}/activity/upsert`).send({ comment: 'Hello coach', CardId: cardId }).expect(200);
    await owner.agent
      .post(`${MTN}/card/move`)
      .send({ cardId, sourceListId: lists['NOT STARTED'], destListId: lists['FOR REVIEW'], positionOnDestList: 0 })
      .expect(200);
    await owner.agent.post(`${MTN}/card/upsert`).send({ id: cardId, title: 'Renamed' }).expect(200);
    const row = await t.knex('mtn_cards').where({ id: cardId }).first<{ activities_count: number }>('activities_count');
    expect(Number(row.activities_count)).toBe(1);
    const card = (await owner.agent.get(`${MTN}/card/${cardId}`)).body.card;
    expect(card.Activities.map((a: { comment: string }) => a.comment)).toEqual(['Hello coach']);
    const board = await readBoard(owner);
    const tile = board.lists.flatMap((l) => l.Cards).find((c) => c.id === cardId)!;
    expect(tile).toMatchObject({ activitiesCount: 1 });
    // The comment itself is no history entry.
    expect((await history(owner, cardId)).map((e) => e.kind)).toEqual(['renamed', 'moved', 'created']);
  });

  it('a move on a stale view (409) writes no row', async () => {
    const { cardId, lists } = await newCard();
    const before = await rowsOf(cardId);
    const res = await owner.agent
      .post(`${MTN}/card/move`)
      .send({ cardId, sourceListId: lists['ON HOLD'], destListId: lists['COMPLETED'], positionOnDestList: 0 });
    expect(res.status).toBe(409);
    expect(await rowsOf(cardId)).toBe(before);
  });

  it('an edit refused after its history row was written (a cover that is not attached) leaves no row', async () => {
    const { cardId } = await newCard(owner, 'Keep');
    const before = await rowsOf(cardId);
    const res = await owner.agent
      .post(`${MTN}/card/upsert`)
      .send({ id: cardId, title: 'Changed', coverPhotoUrl: '/uploads/0123456789abcdef.png' });
    expect(res.status).toBe(400);
    expect(await rowsOf(cardId)).toBe(before);
    expect((await t.knex('mtn_cards').where({ id: cardId }).first<{ title: string }>('title')).title).toBe('Keep');
  });

  it('a refused write of another member writes no row on their card', async () => {
    const { cardId } = await newCard(other);
    const before = await rowsOf(cardId);
    expect((await owner.agent.post(`${MTN}/card/upsert`).send({ id: cardId, title: 'Mine now' })).status).toBe(403);
    expect(await rowsOf(cardId)).toBe(before);
  });
});

describe('card history: who may read it', () => {
  it('the owner, a coach and an admin read it; another member is refused; no session is a 401; an unknown card 404', async () => {
    const { cardId } = await newCard();
    expect((await history(owner, cardId)).length).toBe(1);
    expect((await history(coach, cardId)).length).toBe(1);
    expect((await history(admin, cardId)).length).toBe(1);
    expect((await other.agent.get(`${MTN}/card/${cardId}/history`)).status).toBe(403);
    expect((await t.agent().get(`${MTN}/card/${cardId}/history`)).status).toBe(401);
    expect((await owner.agent.get(`${MTN}/card/999999999/history`)).status).toBe(404);
    expect((await owner.agent.get(`${MTN}/card/abc/history`)).status).toBe(400);
  });

  it('an entry outlives its author: a deleted user reads as no actor', async () => {
    const gone = await actor(t, { role: 'coach', fullName: 'Gone Coach' });
    const { cardId } = await newCard();
    await gone.agent.post(`${MTN}/card/upsert`).send({ id: cardId, title: 'Renamed by a coach' }).expect(200);
    await t.knex('users').where({ id: gone.user.id }).del();
    const [latest] = await history(owner, cardId);
    expect(latest).toMatchObject({ kind: 'renamed', actor: null });
  });

  it('a coach’s or an admin’s change is written in their name', async () => {
    const { cardId, lists } = await newCard();
    await coach.agent
      .post(`${MTN}/card/move`)
      .send({ cardId, sourceListId: lists['NOT STARTED'], destListId: lists['COMPLETED'], positionOnDestList: 0 })
      .expect(200);
    const [latest] = await history(owner, cardId);
    expect(latest).toMatchObject({
      text: 'moved this card from NOT STARTED to COMPLETED',
      actor: { id: coach.user.id, fullName: 'Cora Coach' },
    });
    await admin.agent
      .post(`${MTN}/card/move`)
      .send({ cardId, sourceListId: lists['COMPLETED'], destListId: lists['IN PROGRESS'], positionOnDestList: 0 })
      .expect(200);
    expect((await history(coach, cardId))[0]).toMatchObject({
      text: 'moved this card from COMPLETED to IN PROGRESS',
      actor: { id: admin.user.id, fullName: 'Ada Admin' },
    });
  });
});

describe('enteredCurrentListAt (for the review queue)', () => {
  it('answers, in one query, when each card last entered its current list', async () => {
    const { cardId, lists } = await newCard();
    const { cardId: untouched } = await newCard();
    await t.knex('mtn_card_events').where({ card_id: cardId }).update({ created_at: '2024-01-01T00:00:00Z' });
    await owner.agent
      .post(`${MTN}/card/move`)
      .send({ cardId, sourceListId: lists['NOT STARTED'], destListId: lists['FOR REVIEW'], positionOnDestList: 0 })
      .expect(200);
    await t
      .knex('mtn_card_events')
      .where({ card_id: cardId, kind: 'moved' })
      .update({ created_at: '2024-02-02T00:00:00Z' });
    await owner.agent.post(`${MTN}/card/upsert`).send({ id: cardId, title: 'Edited later' }).expect(200);
    await t.knex('mtn_card_events').where({ card_id: untouched }).update({ created_at: '2024-03-03T00:00:00Z' });
    // A card with no history (made before it was kept) answers its creation time.
    const end = Number((await t.knex('mtn_cards').where({ list_id: lists['ON HOLD'] }).count('* as n'))[0]!.n);
    const bare = await t
      .knex('mtn_cards')
      .insert({ list_id: lists['ON HOLD'], title: 'Old', position: end, created_at: '2023-05-05T00:00:00Z' })
      .returning<Array<{ id: number }>>('id');

    let at = new Map<number, Date>();
    const queries = await countQueries(t.knex, async () => {
      at = await enteredCurrentListAt(t.knex, [cardId, untouched, bare[0]!.id, 999999999]);
    });
    expect(queries).toBe(1);
    expect(at.get(cardId)?.toISOString()).toBe('2024-02-02T00:00:00.000Z');
    expect(at.get(untouched)?.toISOString()).toBe('2024-03-03T00:00:00.000Z');
    expect(at.get(bare[0]!.id)?.toISOString()).toBe('2023-05-05T00:00:00.000Z');
    expect(at.has(999999999)).toBe(false);
    expect((await enteredCurrentListAt(t.knex, [])).size).toBe(0);
  });
});
