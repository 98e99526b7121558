import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { sendReviewDeadlineAlerts } from '../../api/src/features/review';
import type { ReviewQueueResponse } from '../../shared/src/types/review';
import { createTestApp, type TestApp } from '../helpers/app';
import { testServerUrl, withDatabase } from '../helpers/db';
import { actor, addCards, listByName, MTN, readBoard, type Actor } from './board-fixtures';

/**
 * The review deadline (docs/areas/reminders.md, "Review deadline"): the portal setting
 * `reviewSlaHours` (default 48); review-queue entries past it carry `overdue: true`, the queue
 * filters and sorts by it and counts them; the assigned coach (every coach when the member has
 * none) gets one `review_waiting_long` per card and stay, however many workers run the timer. The
 * clock is passed in (`now`). Both databases.
 */
const QUEUE = `${MTN}/review-queue`;
const HOUR = 3_600_000;
const server = testServerUrl();
let t: TestApp;
let admin: Actor;
let coach: Actor;
let otherCoach: Actor;
let mine: Actor; // coached by `coach`
let loose: Actor; // premium, no coach
const card: Record<string, number> = {};

/** Cards put in FOR REVIEW `hoursAgo` ago (their last change; no history row). */
async function waiting(a: Actor, prefix: string, hoursAgo: number[]): Promise<void> {
  const list = listByName(await readBoard(a), 'FOR REVIEW').id;
  const ids = await addCards(t.knex, list, hoursAgo.length, prefix);
  for (const [i, id] of ids.entries()) {
    await t
      .knex('mtn_cards')
      .where({ id })
      .update({ updated_at: new Date(Date.now() - hoursAgo[i]! * HOUR) });
    card[`${prefix} ${i}`] = id;
  }
}

const queue = async (a: Actor, query: Record<string, string | number | boolean> = {}) => {
  const res = await a.agent.get(QUEUE).query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ReviewQueueResponse;
};

const alertsOf = (userId: number) =>
  t
    .knex('notifications')
    .where({ user_id: userId, type: 'review_waiting_long' })
    .orderBy('card_id')
    .select<Array<{ card_id: number; text: string; actor_id: number | null }>>('card_id', 'text', 'actor_id');

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  await readBoard(admin);
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  otherCoach = await actor(t, { role: 'coach', fullName: 'Otto Coach' });
  mine = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  loose = await actor(t, { role: 'premium', fullName: 'Lou Loose' });
  await t.knex('users').where({ id: mine.user.id }).update({ coach_id: coach.user.id });
  await waiting(mine, 'Mine', [1, 50, 100]);
  await waiting(loose, 'Loose', [60]);
  // The Master Template's card waits for nobody.
  await waiting(admin, 'Template', [500]);
});
afterAll(async () => {
  await t.close();
});

describe('the review queue and the deadline', () => {
  it('overdue past 48 hours by default; the count; the filter; the order', async () => {
    const q = await queue(coach);
    expect(q.slaHours).toBe(48);
    expect(q.cards.map((c) => [c.id, c.overdue])).toEqual([
      [card['Mine 2'], true],
      [card['Mine 1'], true],
      [card['Mine 0'], false],
    ]);
    expect(q.overdueCount).toBe(2);
    const late = await queue(coach, { overdue: true });
    expect(late.cards.map((c) => c.id)).toEqual([card['Mine 2'], card['Mine 1']]);
    expect(late.total).toBe(2);
    expect(late.overdueCount).toBe(2);
    const onTime = await queue(coach, { overdue: false });
    expect(onTime.cards.map((c) => c.id)).toEqual([card['Mine 0']]);
    expect(onTime.overdueCount).toBe(2);
    const newest = await queue(coach, { sort: 'newest' });
    expect(newest.cards.map((c) => c.id)).toEqual([card['Mine 0'], card['Mine 1'], card['Mine 2']]);
    const all = await queue(admin, { scope: 'all' });
    expect(all.overdueCount).toBe(3);
    expect((await coach.agent.get(QUEUE).query({ sort: 'sideways' })).status).toBe(400);
    expect((await coach.agent.get(QUEUE).query({ overdue: 'maybe' })).status).toBe(400);
  });

  it('follows the portal setting reviewSlaHours; a bad value is a 400', async () => {
    const saved = await admin.agent.post('/api/settings/upsert').send({ values: { reviewSlaHours: '72' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const q = await queue(coach);
    expect(q.slaHours).toBe(72);
    expect(q.cards.filter((c) => c.overdue).map((c) => c.id)).toEqual([card['Mine 2']]);
    const bad = await admin.agent.post('/api/settings/upsert').send({ values: { reviewSlaHours: '0' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.reviewSlaHours).toBe('Please enter a whole number of hours from 1 to 720');
    await admin.agent.post('/api/settings/upsert').send({ values: { reviewSlaHours: null } });
    expect((await queue(coach)).slaHours).toBe(48);
  });
});

describe('review_waiting_long', () => {
  it('one per card and stay: to the member’s coach, to every coach for a member without one, never for the template', async () => {
    const defaults = t.config.settingDefaults;
    expect(await sendReviewDeadlineAlerts(t.knex, defaults)).toBe(3);
    const mineAlerts = await alertsOf(coach.user.id);
    expect(mineAlerts.map((a) => a.card_id)).toEqual(
      [card['Mine 1'], card['Mine 2'], card['Loose 0']].sort((a, b) => a! - b!),
    );
    expect(mineAlerts.every((a) => a.actor_id === null)).toBe(true);
    expect(mineAlerts.find((a) => a.card_id === card['Mine 2'])!.text).toBe(
      '"Mine 2" of Mia Member has waited for review more than 48 hours',
    );
    // The member without a coach: every coach hears of it; the other coach nothing of Mia's.
    expect((await alertsOf(otherCoach.user.id)).map((a) => a.card_id)).toEqual([card['Loose 0']]);
    expect(await alertsOf(admin.user.id)).toEqual([]);
    // Again: nothing new.
    expect(await sendReviewDeadlineAlerts(t.knex, defaults)).toBe(0);
    // Two days on, the third card is late too: one more, for it alone.
    expect(await sendReviewDeadlineAlerts(t.knex, defaults, new Date(Date.now() + 48 * HOUR))).toBe(1);
    expect((await alertsOf(coach.user.id)).map((a) => a.card_id)).toContain(card['Mine 0']);
    // A card sent back and returned to FOR REVIEW starts a new stay: it may alert again when late again.
    const board = await readBoard(mine);
    const moved = await mine.agent.post(`${MTN}/card/move`).send({
      cardId: card['Mine 2'],
      sourceListId: listByName(board, 'FOR REVIEW').id,
      destListId: listByName(board, 'IN PROGRESS').id,
      positionOnDestList: 0,
    });
    expect(moved.status).toBe(200);
    const back = await mine.agent.post(`${MTN}/card/move`).send({
      cardId: card['Mine 2'],
      sourceListId: listByName(board, 'IN PROGRESS').id,
      destListId: listByName(board, 'FOR REVIEW').id,
      positionOnDestList: 0,
    });
    expect(back.status).toBe(200);
    expect(await sendReviewDeadlineAlerts(t.knex, defaults)).toBe(0);
    expect(await sendReviewDeadlineAlerts(t.knex, defaults, new Date(Date.now() + 49 * HOUR))).toBe(1);
  });

  it('exactly once when two workers run the timer at the same moment', async () => {
    await waiting(mine, 'Race', [70, 80, 90]);
    const other: Knex = server
      ? knexFactory({ client: 'pg', connection: withDatabase(server, t.db.name), pool: { min: 0, max: 2 } })
      : t.knex;
    const before = (await alertsOf(coach.user.id)).length;
    try {
      const counts = await Promise.all([
        sendReviewDeadlineAlerts(t.knex, t.config.settingDefaults),
        sendReviewDeadlineAlerts(other, t.config.settingDefaults),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    } finally {
      if (other !== t.knex) await other.destroy();
    }
    expect((await alertsOf(coach.user.id)).length).toBe(before + 3);
  });
});
