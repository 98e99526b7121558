/**
 * The board write: a route that changes a board through a command publishes a live event naming
 * exactly what the command touched, with no table of routes to keep up to date. A fake board route,
 * mounted on a real app for this test only, renames a card through `updateCard`: its event is a
 * patch of that one card (an unknown route used to announce a full reload). Runs on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL).
 */
import http from 'node:http';
import Router from '@koa/router';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardEvent } from '@shared/types/live';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import {
  actor,
  addCards,
  fillTemplate,
  listByName,
  readBoard,
  type Actor,
} from '../../../../../tests/api/board-fixtures';
import { signIn } from '../../../../../tests/helpers/factories';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { ownedPolicy } from '../access/policies';
import { BOARD_TRANSACTION, boardWriteOf, runBoardWrite } from './board-write';
import { updateCard } from './cards';
import { mergeTouches, touched } from './touch';

const FAKE = '/api/test-board-write';

let t: TestApp;
let member: Actor;
/** The app with the fake route: a server of its own (Koa composes its middleware when it starts serving). */
let withFake: http.Server;
let fakeAgent: supertest.Agent;

/** A board route no table knows: rename a card, through the card command, in the board's transaction. */
function fakeBoardRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: FAKE });
  router.post(
    '/rename/:id',
    ...endpoint(
      {
        ids: ['id'],
        authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['card', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const found = ctx.subject.row!;
        const { title } = ctx.request.body as { title: string };
        await updateCard(boardWriteOf(ctx), { id: found.id, cover_photo_url: null }, { title });
        ctx.body = { success: true };
      },
    ),
  );
  return router;
}

beforeAll(async () => {
  t = await createTestApp();
  const router = fakeBoardRoutes();
  t.app.use(router.routes());
  const handle = t.app.callback();
  withFake = http.createServer((req, res) => void handle(req, res));
  const admin = await actor(t, { role: 'admin' });
  await fillTemplate(admin);
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  const board = await readBoard(member);
  await addCards(t.knex, listByName(board, 'NOT STARTED').id, 2, 'Task');
  fakeAgent = await signIn(supertest.agent(withFake), member.user);
});
afterAll(async () => {
  withFake.close();
  await t.close();
});

const newestEventId = async () => Number((await t.knex('live_events').max('id as max').first())?.max ?? 0);
const boardEventsAfter = async (id: number) =>
  (
    await t
      .knex('live_events')
      .where('id', '>', id)
      .where({ type: 'board' })
      .orderBy('id')
      .select<Array<{ key: number; payload: unknown }>>('key', 'payload')
  ).map((e) => ({
    key: e.key,
    payload: (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as BoardEvent,
  }));

describe('a board write publishes what its commands touched', () => {
  it('a new board route that changes a card through a command announces exactly that card', async () => {
    const board = await readBoard(member);
    const card = listByName(board, 'NOT STARTED').Cards[0]!;
    const before = await newestEventId();
    const res = await fakeAgent.post(`${FAKE}/rename/${card.id}`).send({ title: 'Renamed by a new route' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const events = await boardEventsAfter(before);
    expect(events).toHaveLength(1);
    const after = await readBoard(member);
    const shown = listByName(after, 'NOT STARTED').Cards.find((c) => c.id === card.id);
    expect(shown?.title).toBe('Renamed by a new route');
    expect(events[0]).toEqual({
      key: member.user.id,
      payload: {
        ownerId: member.user.id,
        version: after.version,
        change: { kind: 'patch', cards: [shown], removedCardIds: [], lists: [], removedListIds: [] },
      },
    });
    // The command wrote the card's history in the same transaction.
    const history = await member.agent.get(`/api/move-the-needle/card/${card.id}/history`);
    expect(history.body.entries[0]).toMatchObject({ kind: 'renamed' });
  });

  it('a refused command rolls back its change and announces nothing', async () => {
    const board = await readBoard(member);
    const card = listByName(board, 'NOT STARTED').Cards[0]!;
    const before = await newestEventId();
    await expect(
      runBoardWrite(
        t.knex,
        member.user.id,
        { id: member.user.id, fullName: 'Mia Member', role: 'premium' },
        async (w) => {
          await updateCard(w, { id: card.id, cover_photo_url: null }, { title: 'Never saved' });
          throw new Error('refused after the change');
        },
      ),
    ).rejects.toThrow('refused after the change');
    expect(await boardEventsAfter(before)).toEqual([]);
    expect((await t.knex('mtn_cards').where({ id: card.id }).first('title')).title).toBe(card.title);
  });

  it('two commands in one write make one event with both cards', async () => {
    const board = await readBoard(member);
    const [a, b] = listByName(board, 'NOT STARTED').Cards;
    const before = await newestEventId();
    const actorOf = { id: member.user.id, fullName: 'Mia Member', role: 'premium' as const };
    const touches = await runBoardWrite(t.knex, member.user.id, actorOf, async (w) => [
      await updateCard(w, { id: b!.id, cover_photo_url: null }, { title: 'Second' }),
      await updateCard(w, { id: a!.id, cover_photo_url: null }, { title: 'First' }),
    ]);
    expect(touches.map((x) => x.cards)).toEqual([[b!.id], [a!.id]]);
    const events = await boardEventsAfter(before);
    expect(events).toHaveLength(1);
    const change = events[0]!.payload.change as Extract<BoardEvent['change'], { kind: 'patch' }>;
    expect(change.cards.map((c) => [c.id, c.title])).toEqual(
      [
        [a!.id, 'First'],
        [b!.id, 'Second'],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
  });
});

describe('mergeTouches', () => {
  it('merges ids once in order, keeps a reset, leaves out what was announced', () => {
    const merged = mergeTouches([
      touched(7, 'card-edited', { cards: [5, 3] }),
      touched(7, 'card-moved', { cards: [3], announced: true }),
      touched(7, 'list-changed', { lists: [9] }),
      touched(7, 'card-edited', { cards: [1] }),
    ]);
    expect(merged).toEqual({
      ownerId: 7,
      cards: [1, 3, 5],
      lists: [9],
      changes: ['card-edited', 'list-changed'],
      reset: false,
      announced: false,
    });
    expect(mergeTouches([touched(7, 'card-moved', { cards: [3], announced: true })])).toBeNull();
    expect(
      mergeTouches([touched(7, 'board-reset', { reset: true }), touched(7, 'card-edited', { cards: [1] })])?.reset,
    ).toBe(true);
  });
});
