import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { recordEventRows, sweepAnalytics, type NewEvent } from '../../api/src/features/analytics';
import { actor, listByName, MTN, readBoard, type Actor } from './board-fixtures';

/**
 * Migration 0023 (docs/areas/insights.md, "What the Insights read"): the rollups the triggers keep.
 * - analytics_active_day_counts / _week_counts always equal the rows of analytics_active_days /
 *   _weeks grouped by day (week) and role, and analytics_last_active each user's latest active
 *   day, whatever added or removed them: the ingest, the sweeper, a deleted user, a direct write.
 * - mtn_boards.changed_at moves with every change of what the board shows.
 * - mtn_lists.cards_count is the number of cards in the list after every card write.
 * On PostgreSQL and the embedded database.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

/** The counts table next to the same counts computed from its source rows. */
async function countsAndTruth(knex: Knex, period: 'day' | 'week') {
  const [counts, source] =
    period === 'day'
      ? ['analytics_active_day_counts', 'analytics_active_days']
      : ['analytics_active_week_counts', 'analytics_active_weeks'];
  const rows = async (sql: string) =>
    (await knex.raw<{ rows: Array<{ k: string; role: string; n: number }> }>(sql)).rows.map(
      (r) => `${r.k}|${r.role}|${Number(r.n)}`,
    );
  return {
    counts: await rows(`select to_char(${period}, 'YYYY-MM-DD') as k, role, n from ${counts} order by 1, 2`),
    truth: await rows(
      `select to_char(${period}, 'YYYY-MM-DD') as k, role, count(*) as n from ${source} group by 1, 2 order by 1, 2`,
    ),
  };
}

async function expectCountsMatch(knex: Knex): Promise<string[]> {
  const day = await countsAndTruth(knex, 'day');
  const week = await countsAndTruth(knex, 'week');
  expect(day.counts).toEqual(day.truth);
  expect(week.counts).toEqual(week.truth);
  const lastActive = async (sql: string) =>
    (await knex.raw<{ rows: Array<{ user_id: number; d: string }> }>(sql)).rows.map((r) => `${r.user_id}|${r.d}`);
  expect(
    await lastActive(`select user_id, to_char(day, 'YYYY-MM-DD') as d from analytics_last_active order by 1`),
  ).toEqual(
    await lastActive(
      `select user_id, to_char(max(day), 'YYYY-MM-DD') as d from analytics_active_days group by 1 order by 1`,
    ),
  );
  return day.counts;
}

/** An event of `userId` as the ingest stores it (role read from the user, no props). */
const event = (userId: number, name: string, at: number | null): NewEvent => ({
  userId,
  role: null,
  name,
  known: true,
  source: 'client',
  props: {},
  at,
});

describe('active member counts (kept by triggers)', () => {
  it('follow the ingest, a deleted user, the sweeper and a direct write', async () => {
    const users: Actor[] = [];
    for (const role of ['premium', 'premium', 'basic', 'course only'] as const) users.push(await actor(t, { role }));
    const now = Date.now();
    // Two batches over two days, repeats within a day, a subscription change (not activity).
    await recordEventRows(
      t.knex,
      users.flatMap((u, i) => [event(u.user.id, 'page_view', now), event(u.user.id, 'page_view', now - (i % 2) * DAY)]),
    );
    await recordEventRows(t.knex, [
      event(users[0]!.user.id, 'card_moved', now),
      { ...event(users[3]!.user.id, 'subscription_changed', now - DAY - 3_600_000), source: 'server' },
    ]);
    const afterIngest = await expectCountsMatch(t.knex);
    expect(afterIngest.length).toBeGreaterThan(0);
    const today = new Date(now).toISOString().slice(0, 10);
    expect(afterIngest.filter((r) => r.startsWith(`${today}|premium|`))).toEqual([`${today}|premium|2`]);

    // Deleting a user removes their active rows (cascade) and their counts.
    await t.knex('users').where({ id: users[1]!.user.id }).del();
    const afterDelete = await expectCountsMatch(t.knex);
    expect(afterDelete.filter((r) => r.startsWith(`${today}|premium|`))).toEqual([`${today}|premium|1`]);

    // A direct write (as a fixture or a repair would do), an update, then the sweeper.
    await t.knex('analytics_active_days').insert([
      { day: '2020-01-06', user_id: users[0]!.user.id, role: 'premium' },
      { day: '2020-01-06', user_id: users[2]!.user.id, role: 'basic' },
    ]);
    await t.knex('analytics_active_weeks').insert({ week: '2020-01-06', user_id: users[0]!.user.id, role: 'premium' });
    // Active only long ago (never signed in here: a sign-in is activity): no last active day once swept.
    const longGone = await createUser(t.knex, { role: 'basic' });
    await t.knex('analytics_active_days').insert({ day: '2020-01-07', user_id: longGone.id, role: 'basic' });
    await expectCountsMatch(t.knex);
    await t
      .knex('analytics_active_days')
      .where({ day: '2020-01-06', user_id: users[2]!.user.id })
      .update({ role: 'premium' });
    expect((await expectCountsMatch(t.knex)).filter((r) => r.startsWith('2020-01-06|'))).toEqual([
      '2020-01-06|premium|2',
    ]);
    const swept = await sweepAnalytics(t.knex, 400);
    expect(swept.activeDays).toBe(3);
    expect(await t.knex('analytics_last_active').where({ user_id: longGone.id }).first()).toBeUndefined();
    const afterSweep = await expectCountsMatch(t.knex);
    expect(afterSweep.some((r) => r.startsWith('2020-'))).toBe(false);
    // A count never stays at 0: the rows of a day that emptied are gone.
    expect(Number((await t.knex('analytics_active_day_counts').where('n', '<=', 0).count('* as n'))[0]!.n)).toBe(0);
  });

  it('two batches of the same member and day at once count them once', async () => {
    const u = await actor(t, { role: 'basic' });
    await Promise.all([
      t.knex.transaction((trx) => recordEventRows(trx, [event(u.user.id, 'page_view', null)])),
      t.knex.transaction((trx) => recordEventRows(trx, [event(u.user.id, 'page_view', null)])),
    ]);
    await expectCountsMatch(t.knex);
  });
});

describe('a board’s changed_at and its lists’ card counts', () => {
  let owner: Actor;
  let lists: Record<string, number>;

  const changedAt = async () =>
    new Date(
      (await t.knex('mtn_boards').where({ user_id: owner.user.id }).first<{ changed_at: Date | string }>('changed_at'))
        .changed_at,
    ).getTime();
  /** Sets the board's changed_at 40 days back, runs `change`, and says whether it moved to now. */
  async function moves(change: () => Promise<unknown>): Promise<boolean> {
    await t
      .knex('mtn_boards')
      .where({ user_id: owner.user.id })
      .update({ changed_at: new Date(Date.now() - 40 * DAY) });
    await change();
    return Date.now() - (await changedAt()) < 60_000;
  }
  async function expectCardCounts() {
    const rows = (
      await t.knex.raw<{ rows: Array<{ id: number; cards_count: number; n: number }> }>(
        `select l.id, l.cards_count, (select count(*)::int from mtn_cards c where c.list_id = l.id) as n
           from mtn_lists l where l.user_id = ?`,
        [owner.user.id],
      )
    ).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.cards_count, `list ${r.id}`).toBe(r.n);
    return Object.fromEntries(rows.map((r) => [r.id, r.cards_count]));
  }

  beforeAll(async () => {
    owner = await actor(t, { role: 'premium' });
    const board = await readBoard(owner);
    lists = Object.fromEntries(board.lists.map((l) => [l.name, l.id]));
    expect(listByName(board, 'NOT STARTED')).toBeDefined();
  });

  it('every change of the board moves changed_at; the counts follow every card write', async () => {
    let card = 0;
    expect(
      await moves(async () => {
        const res = await owner.agent
          .post(`${MTN}/card/upsert`)
          .send({ title: 'First', ListId: lists['NOT STARTED'] })
          .expect(200);
        card = res.body.card.id as number;
      }),
    ).toBe(true);
    await owner.agent.post(`${MTN}/card/upsert`).send({ title: 'Second', ListId: lists['NOT STARTED'] }).expect(200);
    expect((await expectCardCounts())[lists['NOT STARTED']!]).toBe(2);

    expect(
      await moves(() =>
        owner.agent
          .post(`${MTN}/card/move`)
          .send({
            cardId: card,
            sourceListId: lists['NOT STARTED'],
            destListId: lists['IN PROGRESS'],
            positionOnDestList: 0,
          })
          .expect(200),
      ),
    ).toBe(true);
    const afterMove = await expectCardCounts();
    expect([afterMove[lists['NOT STARTED']!], afterMove[lists['IN PROGRESS']!]]).toEqual([1, 1]);

    expect(
      await moves(() =>
        owner.agent.post(`${MTN}/activity/upsert`).send({ comment: 'A note', CardId: card }).expect(200),
      ),
    ).toBe(true);
    // An empty checklist shows nothing on the board (and writes no history): not a change.
    const made = await owner.agent.post(`${MTN}/checkList/upsert`).send({ title: 'Steps', CardId: card }).expect(200);
    const checklist = made.body.checkList.id as number;
    let item = 0;
    expect(
      await moves(async () => {
        const res = await owner.agent
          .post(`${MTN}/checkListItem/upsert`)
          .send({ title: 'Photos', CheckListId: checklist })
          .expect(200);
        item = res.body.checkListItem.id as number;
      }),
    ).toBe(true);
    expect(
      await moves(() =>
        owner.agent.post(`${MTN}/checkListItem/upsert`).send({ id: item, completed: true }).expect(200),
      ),
    ).toBe(true);
    let label = 0;
    expect(
      await moves(async () => {
        const res = await owner.agent.post(`${MTN}/label/upsert`).send({ name: 'Hot', color: 'red-200' }).expect(200);
        label = res.body.label.id as number;
      }),
    ).toBe(true);
    expect(
      await moves(() => owner.agent.post(`${MTN}/label/add`).send({ LabelId: label, CardId: card }).expect(200)),
    ).toBe(true);

    expect(await moves(() => owner.agent.post(`${MTN}/card/archive`).send({ id: card }).expect(200))).toBe(true);
    expect((await expectCardCounts())[lists['IN PROGRESS']!]).toBe(0);
    expect(await moves(() => owner.agent.post(`${MTN}/card/restore`).send({ id: card }).expect(200))).toBe(true);
    expect((await expectCardCounts())[lists['IN PROGRESS']!]).toBe(1);
    const admin = await actor(t, { role: 'admin' }); // deleting a card is the administrators' only
    expect(await moves(() => admin.agent.delete(`${MTN}/card/${card}`).expect(200))).toBe(true);
    expect((await expectCardCounts())[lists['IN PROGRESS']!]).toBe(0);

    // Reading the board changes nothing.
    expect(await moves(() => readBoard(owner))).toBe(false);
  });
});
