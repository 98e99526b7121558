import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/src/messages';
import type { BoardEvent } from '../../shared/src/types/live';
import type { CardHistoryEntry } from '../../shared/src/types/board';
import type { ReviewQueueResponse } from '../../shared/src/types/review';
import { createTestApp, type TestApp } from '../helpers/app';
import { actor, fillTemplate, listByName, MTN, readBoard, type Actor } from './board-fixtures';

/**
 * Due dates (docs/areas/board.md, "Due dates"): `dueAt` set and cleared through POST /card/upsert,
 * checked (an instant inside the bounds, else 400 with a field message), returned by the board
 * read, the card read, the live event and the review queue, recorded in the card's history, and
 * only by those who may work on the board. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let t: TestApp;
let admin: Actor;
let member: Actor;
let other: Actor;
let coach: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  await fillTemplate(admin);
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  other = await actor(t, { role: 'premium', fullName: 'Otto Other' });
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  await readBoard(member);
  await readBoard(other);
});
afterAll(async () => {
  await t.close();
});

const DUE = '2026-12-03T14:00:00.000Z';

async function newCard(a: Actor, body: Record<string, unknown> = {}, list = 'NOT STARTED') {
  const board = await readBoard(a);
  const res = await a.agent
    .post(`${MTN}/card/upsert`)
    .send({ title: 'Ship it', ListId: listByName(board, list).id, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.card as { id: number; dueAt: string | null };
}

const upsert = (a: Actor, body: Record<string, unknown>) => a.agent.post(`${MTN}/card/upsert`).send(body);

async function history(a: Actor, cardId: number): Promise<CardHistoryEntry[]> {
  const res = await a.agent.get(`${MTN}/card/${cardId}/history`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { entries: CardHistoryEntry[] }).entries;
}

/** The board events published for `ownerId` after event `afterId`. */
async function boardEvents(ownerId: number, afterId: number): Promise<BoardEvent[]> {
  const rows = await t
    .knex('live_events')
    .where('id', '>', afterId)
    .andWhere({ type: 'board' })
    .orderBy('id')
    .select<Array<{ payload: BoardEvent | string }>>('payload');
  return rows
    .map((r) => (typeof r.payload === 'string' ? (JSON.parse(r.payload) as BoardEvent) : r.payload))
    .filter((e) => e.ownerId === ownerId);
}
const lastEventId = async () => Number((await t.knex('live_events').max('id as id').first())?.id ?? 0);

function boardCard(board: Awaited<ReturnType<typeof readBoard>>, id: number) {
  return board.lists.flatMap((l) => l.Cards).find((c) => c.id === id);
}

describe('due dates: set and clear', () => {
  it('a new card with a due date: returned in UTC by the upsert, the card read and the board read', async () => {
    const card = await newCard(member, { dueAt: '2026-12-03T15:00:00+01:00' });
    expect(card.dueAt).toBe(DUE);
    const read = await member.agent.get(`${MTN}/card/${card.id}`);
    expect(read.body.card.dueAt).toBe(DUE);
    expect(boardCard(await readBoard(member), card.id)?.dueAt).toBe(DUE);
    const entries = await history(member, card.id);
    expect(entries.map((e) => e.kind)).toEqual(['due_changed', 'created']);
    expect(entries[0]!.text).toBe('set the due date to 3 Dec 2026, 14:00 UTC');
  });

  it('a card without one answers null everywhere', async () => {
    const card = await newCard(member);
    expect(card.dueAt).toBeNull();
    expect(boardCard(await readBoard(member), card.id)?.dueAt).toBeNull();
    expect((await history(member, card.id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('set, moved, saved unchanged and cleared: one history row per change, the live event carries it', async () => {
    const card = await newCard(member);
    let since = await lastEventId();
    const set = await upsert(member, { id: card.id, dueAt: DUE });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.card.dueAt).toBe(DUE);
    const [event] = await boardEvents(member.user.id, since);
    expect(event?.change).toMatchObject({
      kind: 'patch',
      cards: [expect.objectContaining({ id: card.id, dueAt: DUE })],
    });

    // Unchanged (same instant in another offset): no new row.
    await upsert(member, { id: card.id, dueAt: '2026-12-03T09:00:00-05:00' });
    // Other fields only: the due date stays.
    const renamed = await upsert(member, { id: card.id, title: 'Ship it now' });
    expect(renamed.body.card.dueAt).toBe(DUE);

    since = await lastEventId();
    const cleared = await upsert(member, { id: card.id, dueAt: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.card.dueAt).toBeNull();
    const [clearedEvent] = await boardEvents(member.user.id, since);
    expect(clearedEvent?.change).toMatchObject({ cards: [expect.objectContaining({ id: card.id, dueAt: null })] });
    // An empty string clears it too (a form's emptied field).
    await upsert(member, { id: card.id, dueAt: DUE });
    expect((await upsert(member, { id: card.id, dueAt: '' })).body.card.dueAt).toBeNull();

    const entries = (await history(member, card.id)).filter((e) => e.kind === 'due_changed');
    expect(entries.map((e) => e.text)).toEqual([
      'removed the due date',
      'set the due date to 3 Dec 2026, 14:00 UTC',
      'removed the due date',
      'set the due date to 3 Dec 2026, 14:00 UTC',
    ]);
  });

  it('a move keeps the due date and its live event carries it', async () => {
    const card = await newCard(member, { dueAt: DUE });
    const board = await readBoard(member);
    const since = await lastEventId();
    const moved = await member.agent.post(`${MTN}/card/move`).send({
      cardId: card.id,
      sourceListId: listByName(board, 'NOT STARTED').id,
      destListId: listByName(board, 'IN PROGRESS').id,
      positionOnDestList: 0,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [event] = await boardEvents(member.user.id, since);
    expect(event?.change).toMatchObject({ cards: [expect.objectContaining({ id: card.id, dueAt: DUE })] });
  });
});

describe('due dates: validation', () => {
  it.each([
    ['a bare day', '2026-12-03', MESSAGES.dueAtInvalid],
    ['no offset', '2026-12-03T14:00:00', MESSAGES.dueAtInvalid],
    ['not a date', 'tomorrow', MESSAGES.dueAtInvalid],
    ['an impossible day', '2026-02-30T10:00:00Z', MESSAGES.dueAtInvalid],
    ['a number', 1764770400000, MESSAGES.dueAtInvalid],
    ['before 2000', '1999-12-31T23:00:00Z', expect.stringMatching(/^Choose a due date between 2000-01-01 and /)],
    ['too far ahead', '2999-01-01T00:00:00Z', expect.stringMatching(/^Choose a due date between 2000-01-01 and /)],
  ])('400 with a field message for %s, and nothing changes', async (_what, dueAt, message) => {
    const card = await newCard(member);
    const res = await upsert(member, { id: card.id, dueAt });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields, JSON.stringify(res.body)).toEqual({ dueAt: message });
    const created = await upsert(member, {
      title: 'x',
      ListId: listByName(await readBoard(member), 'NOT STARTED').id,
      dueAt,
    });
    expect(created.status).toBe(400);
    expect((await member.agent.get(`${MTN}/card/${card.id}`)).body.card.dueAt).toBeNull();
    expect((await history(member, card.id)).map((e) => e.kind)).toEqual(['created']);
  });

  it('400 for an object (the request checks refuse a structure where text goes)', async () => {
    const card = await newCard(member);
    const res = await upsert(member, { id: card.id, dueAt: { at: DUE } });
    expect(res.status).toBe(400);
    expect((await member.agent.get(`${MTN}/card/${card.id}`)).body.card.dueAt).toBeNull();
  });
});

describe('due dates: who may set them', () => {
  it("another member gets 403 on a member's card and changes nothing; their coach and an admin may set it", async () => {
    const card = await newCard(member);
    const denied = await upsert(other, { id: card.id, dueAt: DUE });
    expect(denied.status).toBe(403);
    expect((await member.agent.get(`${MTN}/card/${card.id}`)).body.card.dueAt).toBeNull();
    const byCoach = await upsert(coach, { id: card.id, dueAt: DUE });
    expect(byCoach.status, JSON.stringify(byCoach.body)).toBe(200);
    expect(byCoach.body.card.dueAt).toBe(DUE);
    const byAdmin = await upsert(admin, { id: card.id, dueAt: null });
    expect(byAdmin.status).toBe(200);
    const [latest] = await history(member, card.id);
    expect(latest).toMatchObject({ kind: 'due_changed', actor: { id: admin.user.id } });
  });
});

describe('due dates: the review queue', () => {
  it('an entry carries its card’s due date', async () => {
    const due = await newCard(member, { title: 'Review me', dueAt: DUE }, 'FOR REVIEW');
    const none = await newCard(member, { title: 'Review me too' }, 'FOR REVIEW');
    const res = await coach.agent.get(`${MTN}/review-queue`).query({ scope: 'all', itemsPerPage: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cards = (res.body as ReviewQueueResponse).cards;
    expect(cards.find((c) => c.id === due.id)?.dueAt).toBe(DUE);
    expect(cards.find((c) => c.id === none.id)?.dueAt).toBeNull();
  });
});

describe('due dates: GET /due-soon', () => {
  it("lists the actor's own cards overdue or due within 7 days, soonest first, not COMPLETED ones nor another's", async () => {
    const owner = await actor(t, { role: 'premium', fullName: 'Sue Soon' });
    await readBoard(owner);
    const hour = 3_600_000;
    const at = (h: number) => new Date(Date.now() + h * hour).toISOString();
    const late = await newCard(owner, { title: 'Late', dueAt: at(-30) });
    const soon = await newCard(owner, { title: 'Soon', dueAt: at(20) }, 'IN PROGRESS');
    const week = await newCard(owner, { title: 'This week', dueAt: at(6 * 24) });
    await newCard(owner, { title: 'Later', dueAt: at(9 * 24) });
    await newCard(owner, { title: 'Done', dueAt: at(-5) }, 'COMPLETED');
    await newCard(owner, { title: 'No date' });
    await newCard(other, { title: 'Not mine', dueAt: at(2) });

    const res = await owner.agent.get(`${MTN}/due-soon`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.overdue).toBe(1);
    expect(res.body.cards.map((c: { id: number }) => c.id)).toEqual([late.id, soon.id, week.id]);
    expect(res.body.cards[1]).toEqual({
      id: soon.id,
      title: 'Soon',
      dueAt: soon.dueAt,
      ListId: expect.any(Number) as number,
      listName: 'IN PROGRESS',
    });
  });

  it('answers an empty list before anything is due, and 401 without a session', async () => {
    const fresh = await actor(t, { role: 'premium' });
    const res = await fresh.agent.get(`${MTN}/due-soon`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cards: [], overdue: 0 });
    expect((await t.agent().get(`${MTN}/due-soon`)).status).toBe(401);
  });
});
