/**
 * A card move in at most 4 SQL round trips (docs/areas/board.md#measured,
 * "Moves"): the session, the user, the policy's card, then one statement that locks the board,
 * checks, moves, writes the history row, the notification and the live events and calls
 * pg_notify (its own transaction: no BEGIN or COMMIT). Every statement the API sends counts,
 * BEGIN and COMMIT included, counted the way board-sequential-queries.test.ts watches them (knex's
 * query events). What the statement writes is checked against what the board read, the history
 * and the inbox answer. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL); the move that finds
 * the board locked by another connection needs a second connection, so only on PostgreSQL.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardEvent } from '../../shared/src/types/live';
import { MESSAGES } from '../../shared/src/messages';
import { createTestApp, type TestApp } from '../helpers/app';
import { testServerUrl } from '../helpers/db';
import { watchConcurrentQueries } from '../helpers/query-overlap';
import {
  actor,
  cardIdsOf,
  expectContiguous,
  fillTemplate,
  listByName,
  MTN,
  readBoard,
  type Actor,
} from './board-fixtures';

/** The most SQL round trips a move may cost, end to end. */
const MAX_ROUND_TRIPS = 4;

let t: TestApp;
let member: Actor;
let coach: Actor;
let lists: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await actor(t, { role: 'admin' });
  await fillTemplate(admin);
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  await t.knex('users').where({ id: member.user.id }).update({ coach_id: coach.user.id });
  const board = await readBoard(member);
  lists = Object.fromEntries(board.lists.map((l) => [l.name, l.id]));
  const ids = [lists['NOT STARTED']!, lists['IN PROGRESS']!];
  for (const [i, listId] of ids.entries()) {
    const n = (await cardIdsOf(t.knex, listId)).length;
    await t
      .knex('mtn_cards')
      .insert(Array.from({ length: 12 }, (_, k) => ({ list_id: listId, title: `Card ${i}-${k}`, position: n + k })));
  }
});
afterAll(async () => {
  await t.close();
});

/** Every statement the API sends while `fn` runs (BEGIN and COMMIT too), and whether any overlapped. */
async function roundTrips(knex: Knex, fn: () => Promise<unknown>): Promise<string[]> {
  const sql: string[] = [];
  const listener = (q: { sql?: string }) => sql.push((q.sql ?? '').replace(/\s+/g, ' ').slice(0, 100));
  const watch = watchConcurrentQueries(knex);
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
  }
  expect(watch.stop().overlaps).toEqual([]);
  return sql;
}

const newestEventId = async () => Number((await t.knex('live_events').max('id as max').first())?.max ?? 0);
const eventsAfter = (id: number) =>
  t
    .knex('live_events')
    .where('id', '>', id)
    .orderBy('id')
    .select<Array<{ type: string; key: number; payload: unknown }>>();
const payloadOf = (p: unknown) => (typeof p === 'string' ? JSON.parse(p) : p) as Record<string, unknown>;

async function move(a: Actor, cardId: number, from: string, to: string, position: number) {
  return a.agent
    .post(`${MTN}/card/move`)
    .send({ cardId, sourceListId: lists[from], destListId: lists[to], positionOnDestList: position });
}

describe('POST /card/move: round trips', () => {
  it(`moves a card to another list in at most ${MAX_ROUND_TRIPS} round trips, with its history row and its live event`, async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['NOT STARTED']!);
    const before = await newestEventId();
    let status = 0;
    const sql = await roundTrips(t.knex, async () => {
      const res = await move(member, cardId!, 'NOT STARTED', 'IN PROGRESS', 2);
      status = res.status;
      expect(res.body).toEqual({ success: true, card: { id: cardId, ListId: lists['IN PROGRESS'], position: 2 } });
    });
    expect(status).toBe(200);
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    expect(
      sql.some((s) => /^(BEGIN|COMMIT)/i.test(s)),
      sql.join('\n'),
    ).toBe(false);

    await expectContiguous(t.knex);
    expect((await cardIdsOf(t.knex, lists['IN PROGRESS']!))[2]).toBe(cardId);
    const history = await member.agent.get(`${MTN}/card/${cardId}/history`);
    expect(history.body.entries[0]).toMatchObject({
      kind: 'moved',
      text: 'moved this card from NOT STARTED to IN PROGRESS',
      actor: { id: member.user.id, fullName: 'Mia Member' },
    });
    // One board event (no notification: nobody hears of a move between these lists), whose card is
    // the card as the board read shows it, at the version the read shows.
    const events = await eventsAfter(before);
    expect(events.map((e) => e.type)).toEqual(['board']);
    const data = payloadOf(events[0]!.payload) as unknown as BoardEvent;
    const board = await readBoard(member);
    const shown = listByName(board, 'IN PROGRESS').Cards.find((c) => c.id === cardId);
    expect(data).toEqual({
      ownerId: member.user.id,
      version: board.version,
      change: { kind: 'patch', cards: [shown], removedCardIds: [], lists: [], removedListIds: [] },
    });
  });

  it(`reorders within a list through move in at most ${MAX_ROUND_TRIPS} round trips, and writes no history`, async () => {
    const ids = await cardIdsOf(t.knex, lists['IN PROGRESS']!);
    const historyBefore = await t.knex('mtn_card_events').count<Array<{ n: number }>>('* as n').first();
    const sql = await roundTrips(t.knex, async () => {
      const res = await move(member, ids[0]!, 'IN PROGRESS', 'IN PROGRESS', 99);
      expect(res.status).toBe(200);
      expect(res.body.card).toEqual({ id: ids[0], ListId: lists['IN PROGRESS'], position: ids.length - 1 });
    });
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    expect(await cardIdsOf(t.knex, lists['IN PROGRESS']!)).toEqual([...ids.slice(1), ids[0]]);
    const historyAfter = await t.knex('mtn_card_events').count<Array<{ n: number }>>('* as n').first();
    expect(Number(historyAfter!.n)).toBe(Number(historyBefore!.n));
    await expectContiguous(t.knex);
  });

  it(`moves into FOR REVIEW in at most ${MAX_ROUND_TRIPS} round trips and notifies the coach, live, as the inbox lists it`, async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['NOT STARTED']!);
    const title = (await t.knex('mtn_cards').where({ id: cardId }).first('title')).title as string;
    const before = await newestEventId();
    const sql = await roundTrips(t.knex, async () => {
      expect((await move(member, cardId!, 'NOT STARTED', 'FOR REVIEW', 0)).status).toBe(200);
    });
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);

    const inbox = await coach.agent.get('/api/notification/read-many?page=1&itemsPerPage=5');
    expect(inbox.body.notifications[0]).toMatchObject({
      type: 'for_review',
      text: `Mia Member moved "${title}" to FOR REVIEW`,
      readAt: null,
      actor: { id: member.user.id, fullName: 'Mia Member' },
      card: { id: cardId, title, ownerId: member.user.id },
    });
    // The notification's event (to the coach) first, then the board's, as before.
    const events = await eventsAfter(before);
    expect(events.map((e) => [e.type, e.key])).toEqual([
      ['notification', coach.user.id],
      ['board', member.user.id],
    ]);
    expect(payloadOf(events[0]!.payload)).toEqual(inbox.body.notifications[0]);
    // The board's patch shows the card as the read does: in review since the move (its history row).
    const shown = listByName(await readBoard(member), 'FOR REVIEW').Cards.find((c) => c.id === cardId)!;
    const entered = await t
      .knex('mtn_card_events')
      .where({ card_id: cardId, kind: 'moved' })
      .max('created_at as at')
      .first();
    expect(shown.reviewSince).toBe(new Date(entered!.at as string).toISOString());
    expect((payloadOf(events[1]!.payload) as unknown as BoardEvent).change).toMatchObject({ cards: [shown] });
  });

  it(`moves out of FOR REVIEW by the coach in at most ${MAX_ROUND_TRIPS} round trips and notifies the member`, async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['FOR REVIEW']!);
    const before = await newestEventId();
    const sql = await roundTrips(t.knex, async () => {
      expect((await move(coach, cardId!, 'FOR REVIEW', 'COMPLETED', 0)).status).toBe(200);
    });
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    const inbox = await member.agent.get('/api/notification/read-many?page=1&itemsPerPage=5');
    expect(inbox.body.notifications[0]).toMatchObject({
      type: 'review_done',
      text: expect.stringMatching(/^Cora Coach moved your card ".+" from FOR REVIEW to COMPLETED$/),
    });
    const events = await eventsAfter(before);
    expect(events.map((e) => e.type)).toEqual(['notification', 'board']);
    expect(payloadOf(events[0]!.payload)).toEqual(inbox.body.notifications[0]);
  });

  it(`answers a stale move 409 in at most ${MAX_ROUND_TRIPS} round trips and writes nothing`, async () => {
    const [cardId] = await cardIdsOf(t.knex, lists['IN PROGRESS']!);
    const version = (await readBoard(member)).version;
    const before = await newestEventId();
    const sql = await roundTrips(t.knex, async () => {
      const res = await move(member, cardId!, 'NOT STARTED', 'ON HOLD', 0);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(MESSAGES.boardChanged);
    });
    expect(sql.length, sql.join('\n')).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    expect((await readBoard(member)).version).toBe(version);
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('POST /card/move: concurrent moves', () => {
  it('20 moves at once on one board all land: contiguous, one history row and one event each, versions in order', async () => {
    const source = await cardIdsOf(t.knex, lists['NOT STARTED']!);
    const inProgress = await cardIdsOf(t.knex, lists['IN PROGRESS']!);
    const moves = [
      ...source.map((id) => ({ id, from: 'NOT STARTED', to: 'ON HOLD' })),
      ...inProgress.map((id) => ({ id, from: 'IN PROGRESS', to: 'FUTURE ACTIONS' })),
    ].slice(0, 20);
    const version = Number((await readBoard(member)).version);
    const before = await newestEventId();
    const historyBefore = Number((await t.knex('mtn_card_events').max('id as max').first())?.max ?? 0);
    const answers = await Promise.all(moves.map((m, i) => move(member, m.id, m.from, m.to, i % 3)));
    expect(answers.map((r) => r.status)).toEqual(moves.map(() => 200));
    await expectContiguous(t.knex);
    const events = await eventsAfter(before);
    expect(events.map((e) => e.type)).toEqual(moves.map(() => 'board'));
    const versions = events.map((e) => (payloadOf(e.payload) as unknown as BoardEvent).version);
    expect(versions).toEqual(moves.map((_, i) => version + i + 1));
    expect((await readBoard(member)).version).toBe(version + moves.length);
    const rows = await t
      .knex('mtn_card_events')
      .whereIn(
        'card_id',
        moves.map((m) => m.id),
      )
      .where({ kind: 'moved' })
      .where('id', '>', historyBefore)
      .select('card_id');
    expect(rows.map((r: { card_id: number }) => r.card_id).sort((a, b) => a - b)).toEqual(
      moves.map((m) => m.id).sort((a, b) => a - b),
    );
  });

  // A second connection that holds the board's lock: only a database server has one.
  if (testServerUrl() !== null) {
    it('a move that finds the board locked waits for the other writer, then moves on what it committed', async () => {
      const ids = await cardIdsOf(t.knex, lists['ON HOLD']!);
      // The other writer locks the board and moves the first card of ON HOLD to the end of its
      // list, and holds its transaction open until told to commit.
      let locked!: () => void;
      let commit!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const mayCommit = new Promise<void>((r) => (commit = r));
      const other = t.knex.transaction(async (trx) => {
        await trx.raw('select 1 from mtn_boards where user_id = ? for update', [member.user.id]);
        await trx.raw(
          `update mtn_cards set position = case when id = ? then ?::int else position - 1 end where list_id = ?`,
          [ids[0]!, ids.length - 1, lists['ON HOLD']!],
        );
        locked();
        await mayCommit;
      });
      await isLocked;
      const sql: string[] = [];
      const listener = (q: { sql?: string }) => sql.push(q.sql ?? '');
      t.knex.on('query', listener);
      const pending = move(member, ids[1]!, 'ON HOLD', 'COMPLETED', 0);
      await new Promise((r) => setTimeout(r, 200));
      commit();
      await other;
      const res = await pending;
      t.knex.removeListener('query', listener);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The one statement found the board held, so the move ran again after taking the lock.
      expect(sql.filter((s) => /^select 1 from mtn_boards where user_id = .+ for update$/.test(s))).toHaveLength(1);
      expect(await cardIdsOf(t.knex, lists['ON HOLD']!)).toEqual([...ids.slice(2), ids[0]]);
      expect((await cardIdsOf(t.knex, lists['COMPLETED']!))[0]).toBe(ids[1]);
      await expectContiguous(t.knex);
    });
  }
});
