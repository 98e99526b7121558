/**
 * resetBoard: the member's lists and cards replaced by a fresh copy of the Master Template, the
 * member's labels kept; its touch is a reset (viewers read the board again). Runs on PGlite and on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import {
  actor,
  addCards,
  fillTemplate,
  listByName,
  readBoard,
  type Actor,
} from '../../../../../tests/api/board-fixtures';
import { runBoardWrite } from './board-write';
import { resetBoard } from './template';

let t: TestApp;
let member: Actor;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
});
afterAll(async () => {
  await t.close();
});

describe('resetBoard', () => {
  it('replaces the lists with the template’s, keeps the labels, and announces a reset', async () => {
    const before = await readBoard(member);
    await addCards(t.knex, listByName(before, 'IN PROGRESS').id, 3, 'Mine');
    const labels = await t.knex('mtn_labels').where({ user_id: member.user.id }).pluck('id');
    const newest = Number((await t.knex('live_events').max('id as max').first())?.max ?? 0);

    const touch = await runBoardWrite(
      t.knex,
      member.user.id,
      { id: member.user.id, fullName: 'Mia Member', role: 'premium' },
      (w) => resetBoard(w),
    );
    expect(touch).toMatchObject({ reset: true, changes: ['board-reset'] });
    const after = await readBoard(member);
    expect(after.lists.map((l) => l.name)).toEqual(before.lists.map((l) => l.name));
    expect(listByName(after, 'IN PROGRESS').Cards).toHaveLength(listByName(before, 'IN PROGRESS').Cards.length);
    expect(await t.knex('mtn_labels').where({ user_id: member.user.id }).pluck('id')).toEqual(labels);
    const events = await t.knex('live_events').where('id', '>', newest).where({ type: 'board' }).select('payload');
    expect(events).toHaveLength(1);
    const payload = events[0]!.payload as unknown;
    const parsed = (typeof payload === 'string' ? JSON.parse(payload) : payload) as { change: { kind: string } };
    expect(parsed.change.kind).toBe('reset');
  });
});
