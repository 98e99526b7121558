import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn } from '../helpers/factories';
import { DEMO_ACCOUNTS, seedDemo } from '../../api/src/db/seed';
import type { ReviewQueueResponse } from '../../shared/src/types/review';
import { expectContiguous, MTN } from './board-fixtures';

/**
 * The coaching demo (api/src/db/seed-review.ts): the demo coach has members whose cards wait in
 * FOR REVIEW for believable times, so /review is not empty in the demo.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.knex);
});
afterAll(async () => {
  await t.close();
});

const account = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)!;

describe('review demo seed', () => {
  it("fills the demo coach's queue with their members' cards, oldest first, waiting minutes to days", async () => {
    const coach = await signIn(t.agent(), account('coach@demo.portal'));
    const res = await coach.get(`${MTN}/review-queue`).query({ scope: 'mine' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { cards, total } = res.body as ReviewQueueResponse;
    const hoursWaiting = (c: { waitingSince: string }) =>
      Math.round((Date.now() - new Date(c.waitingSince).getTime()) / 360_000) / 10;
    expect(total).toBe(6);
    expect(cards.map((c) => [c.ownerName, c.title, hoursWaiting(c)])).toEqual([
      ['Omar Haddad', 'Price check against three competitors', 53],
      ['Grace Hopper', 'Draft the listing title and bullets', 28.3],
      ['Omar Haddad', 'Book a review call with your coach', 26.8],
      ['Grace Hopper', 'Book a review call with your coach', 9.7],
      ['Priya Premium', 'Book a review call with your coach', 3.3],
      ['Grace Hopper', 'Check the supplier’s sample photos', 0.7],
    ]);
    // Nothing is left unassigned in the demo: every waiting card's member has the coach.
    const unassigned = await coach.get(`${MTN}/review-queue`).query({ scope: 'unassigned' });
    expect((unassigned.body as ReviewQueueResponse).total).toBe(0);
  });

  it('gives the coached members boards with contiguous positions, and their history says where the cards came from', async () => {
    await expectContiguous(t.knex);
    const moved = await t
      .knex('mtn_card_events as e')
      .join('mtn_cards as c', 'c.id', 'e.card_id')
      .where({ 'e.kind': 'moved', 'c.title': 'Price check against three competitors' })
      .select<Array<{ data: { from: string; to: string } }>>('e.data');
    expect(moved.map((m) => [m.data.from, m.data.to])).toEqual([['IN PROGRESS', 'FOR REVIEW']]);
  });
});
