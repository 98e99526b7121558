/**
 * moveCard, the one move of a card (the drag's POST /card/move and the review queue's send call
 * it): on its own it is one statement that announces itself; in a board write it leaves the
 * board's event to the write. Either way the same checks, history row and notification. Runs on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import type { BoardEvent } from '@shared/types/live';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import {
  actor,
  addCards,
  cardIdsOf,
  expectContiguous,
  fillTemplate,
  readBoard,
  type Actor,
} from '../../../../../tests/api/board-fixtures';
import { runBoardWrite, type BoardActor } from './board-write';
import { moveCard } from './move-card';

let t: TestApp;
let member: Actor;
let coach: Actor;
let lists: Record<string, number>;
let mia: BoardActor;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await actor(t, { role: 'admin' });
  await fillTemplate(admin);
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  await t.knex('users').where({ id: member.user.id }).update({ coach_id: coach.user.id });
  const board = await readBoard(member);
  lists = Object.fromEntries(board.lists.map((l) => [l.name, l.id]));
  await addCards(t.knex, lists['IN PROGRESS']!, 4, 'Task');
  mia = { id: member.user.id, fullName: 'Mia Member', role: 'premium' };
});
afterAll(async () => {
  await t.close();
});

const newestEventId = async () => Number((await t.knex('live_events').max('id as max').first())?.max ?? 0);
const eventsAfter = async (id: number) =>
  (
    await t
      .knex('live_events')
      .where('id', '>', id)
      .orderBy('id')
      .select<Array<{ type: string; key: number; payload: unknown }>>('type', 'key', 'payload')
  ).map((e) => ({ ...e, payload: (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as unknown }));
const historyOf = (cardId: number) =>
  t.knex('mtn_card_events').where({ card_id: cardId }).orderBy('id', 'desc').select('kind', 'data', 'actor_id');

describe('moveCard on its own (one statement, its own transaction)', () => {
  it('moves, writes the history row, and announces the card itself: the touch says so', async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['IN PROGRESS']!);
    const before = await newestEventId();
    const moved = await moveCard(
      { knex: t.knex, ownerId: member.user.id, actor: mia },
      { cardId: cardId!, sourceListId: lists['IN PROGRESS']!, destListId: lists['ON HOLD']!, positionOnDestList: 0 },
    );
    expect(moved.card).toEqual({ id: cardId, ListId: lists['ON HOLD'], position: 0 });
    expect(moved.touch).toMatchObject({
      ownerId: member.user.id,
      cards: [cardId],
      changes: ['card-moved'],
      announced: true,
    });
    await expectContiguous(t.knex);
    const [row] = await historyOf(cardId!);
    expect(row).toMatchObject({ kind: 'moved', actor_id: member.user.id });
    const events = await eventsAfter(before);
    expect(events.map((e) => e.type)).toEqual(['board']);
    expect((events[0]!.payload as BoardEvent).change).toMatchObject({ kind: 'patch', cards: [{ id: cardId }] });
  });

  it('a stale move (the card is not in the source list) is a 409 and writes nothing', async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['IN PROGRESS']!);
    const before = await newestEventId();
    const history = (await historyOf(cardId!)).length;
    await expect(
      moveCard(
        { knex: t.knex, ownerId: member.user.id, actor: mia },
        { cardId: cardId!, sourceListId: lists['COMPLETED']!, destListId: lists['ON HOLD']!, positionOnDestList: 0 },
      ),
    ).rejects.toMatchObject({ status: 409, message: MESSAGES.boardChanged });
    expect(await eventsAfter(before)).toEqual([]);
    expect(await historyOf(cardId!)).toHaveLength(history);
  });
});

describe('moveCard in a board write (the review queue’s send)', () => {
  it('moves into FOR REVIEW: the coach is notified (the list role), and the write announces the card once', async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['IN PROGRESS']!);
    const before = await newestEventId();
    const moved = await runBoardWrite(t.knex, member.user.id, mia, (w) =>
      moveCard(w, {
        cardId: cardId!,
        sourceListId: lists['IN PROGRESS']!,
        destListId: lists['FOR REVIEW']!,
        positionOnDestList: 0,
      }),
    );
    expect(moved.touch).toMatchObject({ cards: [cardId], announced: false });
    const events = await eventsAfter(before);
    // The notification's event from the statement, then one board event from the write's end.
    expect(events.map((e) => [e.type, e.key])).toEqual([
      ['notification', coach.user.id],
      ['board', member.user.id],
    ]);
    expect((events[1]!.payload as BoardEvent).change).toMatchObject({
      kind: 'patch',
      cards: [{ id: cardId, ListId: lists['FOR REVIEW'], position: 0 }],
    });
    const note = await t.knex('notifications').where({ card_id: cardId, user_id: coach.user.id }).first();
    expect(note).toMatchObject({ type: 'for_review', actor_id: member.user.id });
    await expectContiguous(t.knex);
  });

  it('out of FOR REVIEW by the coach: the member is notified; a move within a list writes no history', async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['FOR REVIEW']!);
    const cora: BoardActor = { id: coach.user.id, fullName: 'Cora Coach', role: 'coach' };
    await runBoardWrite(t.knex, member.user.id, cora, (w) =>
      moveCard(w, {
        cardId: cardId!,
        sourceListId: lists['FOR REVIEW']!,
        destListId: lists['COMPLETED']!,
        positionOnDestList: 0,
      }),
    );
    const note = await t.knex('notifications').where({ card_id: cardId, user_id: member.user.id }).first();
    expect(note).toMatchObject({ type: 'review_done', actor_id: coach.user.id });

    const history = (await historyOf(cardId!)).length;
    const done = await cardIdsOf(t.knex, lists['COMPLETED']!);
    await runBoardWrite(t.knex, member.user.id, mia, (w) =>
      moveCard(w, {
        cardId: cardId!,
        sourceListId: lists['COMPLETED']!,
        destListId: lists['COMPLETED']!,
        positionOnDestList: 99,
      }),
    );
    expect(await cardIdsOf(t.knex, lists['COMPLETED']!)).toEqual([...done.filter((id) => id !== cardId), cardId]);
    expect(await historyOf(cardId!)).toHaveLength(history);
  });
});
