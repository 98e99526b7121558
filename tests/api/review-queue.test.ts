import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { sentOnNotification } from '../../api/src/features/review/notify';
import type { ReviewQueueResponse } from '../../shared/src/types/review';
import { actor, addCards, cardIdsOf, expectContiguous, listByName, MTN, readBoard, type Actor } from './board-fixtures';

/**
 * The review queue (coaches and admins; members 403) and the one-step send-on, on
 * both databases (docs/areas/review.md). Cards wait in FOR REVIEW since their last change (until card history exists).
 */
const QUEUE = `${MTN}/review-queue`;
let t: TestApp;
let admin: Actor;
let coach: Actor;
let otherCoach: Actor;
let mine: Actor; // premium, coached by `coach`
let theirs: Actor; // premium, coached by `otherCoach`
let loose: Actor; // premium, no coach
let basic: Actor;
const cards: Record<string, number> = {};
const review: Record<string, number> = {};

async function waiting(a: Actor, prefix: string, minutesAgo: number[]): Promise<number[]> {
  const board = await readBoard(a);
  const list = listByName(board, 'FOR REVIEW').id;
  review[prefix] = list;
  const ids = await addCards(t.knex, list, minutesAgo.length, prefix);
  for (const [i, id] of ids.entries()) {
    await t
      .knex('mtn_cards')
      .where({ id })
      .update({ updated_at: new Date(Date.now() - minutesAgo[i]! * 60_000) });
    cards[`${prefix} ${i}`] = id;
  }
  return ids;
}

const queue = async (a: Actor, query: Record<string, string | number> = {}) => {
  const res = await a.agent.get(QUEUE).query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ReviewQueueResponse;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Admin' });
  await readBoard(admin); // the Master Template
  coach = await actor(t, { role: 'coach', fullName: 'Coach' });
  otherCoach = await actor(t, { role: 'coach', fullName: 'Other Coach' });
  mine = await actor(t, { role: 'premium', fullName: 'Mine' });
  theirs = await actor(t, { role: 'premium', fullName: 'Theirs' });
  loose = await actor(t, { role: 'premium', fullName: 'Loose' });
  basic = await actor(t, { role: 'basic' });
  await t.knex('users').where({ id: mine.user.id }).update({ coach_id: coach.user.id });
  await t.knex('users').where({ id: theirs.user.id }).update({ coach_id: otherCoach.user.id });
  await waiting(mine, 'Mine', [60, 3 * 24 * 60]);
  await waiting(theirs, 'Theirs', [30]);
  await waiting(loose, 'Loose', [10 * 24 * 60]);
  // A card on the Master Template waits for nobody.
  await waiting(admin, 'Template', [20 * 24 * 60]);
});
afterAll(async () => {
  await t.close();
});

describe('GET /review-queue', () => {
  it('is 401 without a session and 403 for members (premium, basic)', async () => {
    expect((await t.agent().get(QUEUE)).status).toBe(401);
    for (const a of [mine, loose, basic]) {
      const res = await a.agent.get(QUEUE).query({ scope: 'all' });
      expect(res.status).toBe(403);
    }
  });

  it('400 for an unknown scope or a bad page', async () => {
    const res = await coach.agent.get(QUEUE).query({ scope: 'everyone' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.scope).toBe('Choose mine, unassigned or all');
    expect((await coach.agent.get(QUEUE).query({ page: 0 })).status).toBe(400);
    expect((await coach.agent.get(QUEUE).query({ itemsPerPage: 1000 })).status).toBe(400);
  });

  it('mine (the default): the cards of the coach’s members, oldest first', async () => {
    const body = await queue(coach);
    expect(body.total).toBe(2);
    expect(body.cards.map((c) => c.id)).toEqual([cards['Mine 1'], cards['Mine 0']]);
    expect(body.cards[0]).toMatchObject({ title: 'Mine 1', ownerId: mine.user.id, ownerName: 'Mine' });
    const waited = Date.now() - Date.parse(body.cards[0]!.waitingSince);
    expect(waited).toBeGreaterThan(3 * 24 * 3600_000 - 60_000);
    expect((await queue(otherCoach)).cards.map((c) => c.id)).toEqual([cards['Theirs 0']]);
  });

  it('unassigned: premium members without a coach; all: every member’s board, never the template', async () => {
    expect((await queue(coach, { scope: 'unassigned' })).cards.map((c) => c.id)).toEqual([cards['Loose 0']]);
    const all = await queue(coach, { scope: 'all' });
    expect(all.cards.map((c) => c.id)).toEqual([cards['Loose 0'], cards['Mine 1'], cards['Mine 0'], cards['Theirs 0']]);
    expect(all.total).toBe(4);
    expect(await queue(admin, { scope: 'all' })).toEqual(all);
    expect((await queue(admin)).total).toBe(0); // nobody has the admin as their coach
  });

  it('pages: itemsPerPage and page, the total of the whole queue, an empty page past the end', async () => {
    const second = await queue(coach, { scope: 'all', itemsPerPage: 3, page: 2 });
    // Two of the four have waited past the 48-hour deadline (3 and 10 days), whatever the page.
    expect(second).toEqual({
      total: 4,
      overdueCount: 2,
      slaHours: 48,
      cards: [expect.objectContaining({ id: cards['Theirs 0'], overdue: false })],
    });
    expect(await queue(coach, { scope: 'all', itemsPerPage: 3, page: 3 })).toEqual({
      total: 4,
      overdueCount: 2,
      slaHours: 48,
      cards: [],
    });
  });

  it('reads the queue in one statement (no query per card)', async () => {
    const board: string[] = [];
    const watch = (q: { sql: string }) => {
      if (/mtn_cards|mtn_lists/.test(q.sql)) board.push(q.sql);
    };
    t.knex.on('query', watch);
    try {
      await queue(coach, { scope: 'all' });
    } finally {
      t.knex.off('query', watch);
    }
    expect(board).toHaveLength(1);
  });
});

describe('POST /review-queue/:cardId/send', () => {
  const send = (a: Actor, cardId: number, body: object) => a.agent.post(`${QUEUE}/${cardId}/send`).send(body);

  it('is 401 without a session; 403 for the member (even on their own card) and another member', async () => {
    expect((await t.agent().post(`${QUEUE}/${cards['Mine 0']}/send`).send({ to: 'IN PROGRESS' })).status).toBe(401);
    expect((await send(mine, cards['Mine 0']!, { to: 'IN PROGRESS' })).status).toBe(403);
    expect((await send(loose, cards['Mine 0']!, { to: 'COMPLETED' })).status).toBe(403);
    expect((await send(basic, 999_999, { to: 'COMPLETED' })).status).toBe(403);
    expect(await cardIdsOf(t.knex, review.Mine!)).toContain(cards['Mine 0']);
  });

  it('400 for a bad destination; 404 for an unknown card; 403 for a coach on the template', async () => {
    const bad = await send(coach, cards['Mine 0']!, { to: 'ON HOLD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.to).toBe('Choose IN PROGRESS or COMPLETED');
    expect((await send(coach, 999_999, { to: 'COMPLETED' })).status).toBe(404);
    expect((await send(coach, cards['Template 0']!, { to: 'COMPLETED' })).status).toBe(403);
  });

  it('a coach sends a card back with a comment: on top of IN PROGRESS, the comment on the card, one transaction', async () => {
    const board = await readBoard(mine);
    const inProgress = listByName(board, 'IN PROGRESS').id;
    const before = await addCards(t.knex, inProgress, 2, 'Busy');
    const res = await send(coach, cards['Mine 1']!, { to: 'IN PROGRESS', comment: '  Tighten the headline  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Card sent back to IN PROGRESS',
      card: { id: cards['Mine 1'], ListId: inProgress, position: 0 },
    });
    expect(await cardIdsOf(t.knex, inProgress)).toEqual([cards['Mine 1'], ...before]);
    const comment = await t.knex('mtn_activities').where({ id: res.body.activityId }).first();
    expect(comment).toMatchObject({
      card_id: cards['Mine 1'],
      user_id: coach.user.id,
      comment: 'Tighten the headline',
    });
    await expectContiguous(t.knex);
    expect((await queue(coach)).cards.map((c) => c.id)).toEqual([cards['Mine 0']]);
  });

  it('409 (nothing written) when the card no longer waits in FOR REVIEW', async () => {
    const comments = await t
      .knex('mtn_activities')
      .where({ card_id: cards['Mine 1'] })
      .count<[{ n: number }]>('* as n');
    const res = await send(coach, cards['Mine 1']!, { to: 'COMPLETED', comment: 'Again?' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'conflict',
      message: 'This card no longer waits for review. Reload the queue.',
    });
    const after = await t.knex('mtn_activities').where({ card_id: cards['Mine 1'] }).count<[{ n: number }]>('* as n');
    expect(Number(after[0]?.n)).toBe(Number(comments[0]?.n));
  });

  it('an admin marks a card COMPLETED without a comment; another coach too on any member’s board', async () => {
    const done = listByName(await readBoard(loose), 'COMPLETED').id;
    const res = await send(admin, cards['Loose 0']!, { to: 'COMPLETED' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Card marked COMPLETED',
      card: { ListId: done, position: 0 },
      activityId: null,
    });
    const other = await send(otherCoach, cards['Mine 0']!, { to: 'COMPLETED' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(await cardIdsOf(t.knex, review.Mine!)).toEqual([]);
    await expectContiguous(t.knex);
  });

  it('a refused comment undoes nothing else: a comment over the limit is a 400 and the card still waits', async () => {
    const res = await send(otherCoach, cards['Theirs 0']!, { to: 'COMPLETED', comment: 'x'.repeat(10_001) });
    expect(res.status).toBe(400);
    expect(await cardIdsOf(t.knex, review.Theirs!)).toEqual([cards['Theirs 0']]);
  });
});

describe('the member’s notification of a send-on (wired to notify() at merge)', () => {
  it('tells the card’s owner who sent which card where', () => {
    const sent = {
      cardId: 5,
      cardTitle: 'Logo',
      ownerId: 2,
      actorId: 3,
      sourceListId: 8,
      listId: 9,
      position: 0,
      activityId: null,
    };
    expect(sentOnNotification({ ...sent, to: 'IN PROGRESS' })).toEqual({
      userId: 2,
      actorId: 3,
      type: 'card-left-review',
      cardId: 5,
      text: '“Logo” was sent back to IN PROGRESS',
    });
    expect(sentOnNotification({ ...sent, to: 'COMPLETED' }).text).toBe('“Logo” was marked COMPLETED');
  });
});
