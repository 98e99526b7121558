/**
 * The list commands: create at a place, rename and reorder (reserved lists keep their names: the
 * list roles of shared/src/board/list-roles.ts), delete; each touches its list. Runs on PGlite and
 * on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import { actor, expectContiguous, fillTemplate, readBoard, type Actor } from '../../../../../tests/api/board-fixtures';
import { runBoardWrite, type BoardActor, type BoardWrite } from './board-write';
import { createList, deleteList, updateList } from './lists';

let t: TestApp;
let member: Actor;
let mia: BoardActor;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  await readBoard(member);
  mia = { id: member.user.id, fullName: 'Mia Member', role: 'premium' };
});
afterAll(async () => {
  await t.close();
});

const write = <T>(run: (w: BoardWrite) => Promise<T>) => runBoardWrite(t.knex, member.user.id, mia, run);
const names = async () =>
  (await t.knex('mtn_lists').where({ user_id: member.user.id }).orderBy('position').pluck('name')) as string[];

describe('list commands', () => {
  it('creates at a place, renames and moves, deletes; the lists stay 0..n-1', async () => {
    const { list, touch } = await write((w) => createList(w, { name: 'Ideas', position: 0 }));
    expect(list).toMatchObject({ name: 'Ideas', position: 0, user_id: member.user.id });
    expect(touch).toMatchObject({ lists: [list.id], changes: ['list-created'] });
    expect((await names())[0]).toBe('Ideas');

    const moved = await write((w) => updateList(w, { id: list.id, name: 'Ideas' }, { name: 'Later', position: 99 }));
    expect(moved.list).toMatchObject({ name: 'Later' });
    expect((await names()).at(-1)).toBe('Later');
    await expectContiguous(t.knex);

    const gone = await write((w) => deleteList(w, list.id));
    expect(gone).toMatchObject({ lists: [list.id], changes: ['list-deleted'] });
    expect(await names()).not.toContain('Later');
    await expectContiguous(t.knex);
  });

  it('refuses a reserved name for a new list and renaming a reserved list (any case, any spaces)', async () => {
    await expect(write((w) => createList(w, { name: '  for review ' }))).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.reservedListName,
    });
    const review = await t.knex('mtn_lists').where({ user_id: member.user.id, name: 'FOR REVIEW' }).first();
    await expect(
      write((w) => updateList(w, { id: review.id, name: review.name }, { name: 'Reviews' })),
    ).rejects.toMatchObject({ status: 400, message: MESSAGES.reservedListLocked });
  });
});
