/**
 * archiveCard and restoreCard: out of the list and back at the end of it (or of the first list),
 * each with its history row and a touch of the card. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { archiveCard, restoreCard } from './archive';
import { runBoardWrite, type BoardActor, type BoardWrite } from './board-write';

let t: TestApp;
let member: Actor;
let mia: BoardActor;
let listId: number;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  listId = (await readBoard(member)).lists.find((l) => l.name === 'ON HOLD')!.id;
  await addCards(t.knex, listId, 3, 'Task');
  mia = { id: member.user.id, fullName: 'Mia Member', role: 'premium' };
});
afterAll(async () => {
  await t.close();
});

const write = <T>(run: (w: BoardWrite) => Promise<T>) => runBoardWrite(t.knex, member.user.id, mia, run);

describe('archive commands', () => {
  it('archives a card and restores it to the end of the list it left', async () => {
    const ids = await cardIdsOf(t.knex, listId);
    const archived = await write((w) => archiveCard(w, ids[0]!));
    expect(archived).toMatchObject({ cards: [ids[0]], changes: ['card-archived'] });
    expect(await cardIdsOf(t.knex, listId)).toEqual(ids.slice(1));
    await expectContiguous(t.knex);
    await expect(write((w) => archiveCard(w, ids[0]!))).rejects.toMatchObject({ status: 404 });

    const restored = await write((w) => restoreCard(w, ids[0]!));
    expect(restored).toMatchObject({ listId, position: ids.length - 1, touch: { cards: [ids[0]] } });
    expect(await cardIdsOf(t.knex, listId)).toEqual([...ids.slice(1), ids[0]]);
    const kinds = await t.knex('mtn_card_events').where({ card_id: ids[0] }).orderBy('id').pluck('kind');
    expect(kinds).toEqual(['archived', 'restored']);
    await expect(write((w) => restoreCard(w, ids[0]!))).rejects.toMatchObject({ status: 404 });
  });
});
