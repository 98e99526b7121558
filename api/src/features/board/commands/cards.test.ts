/**
 * The card commands: create, edit, reorder, delete. Each writes its history row where the card's
 * history has one, keeps the list contiguous, and touches exactly its card. Runs on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL).
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
import { runBoardWrite, type BoardActor, type BoardWrite } from './board-write';
import { createCard, deleteCard, reorderCard, updateCard } from './cards';

let t: TestApp;
let member: Actor;
let mia: BoardActor;
let listId: number;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  const board = await readBoard(member);
  listId = board.lists.find((l) => l.name === 'IN PROGRESS')!.id;
  await addCards(t.knex, listId, 3, 'Task');
  mia = { id: member.user.id, fullName: 'Mia Member', role: 'premium' };
});
afterAll(async () => {
  await t.close();
});

const write = <T>(run: (w: BoardWrite) => Promise<T>) => runBoardWrite(t.knex, member.user.id, mia, run);
const kinds = async (cardId: number) =>
  (await t.knex('mtn_card_events').where({ card_id: cardId }).orderBy('id').select('kind')).map(
    (r: { kind: string }) => r.kind,
  );

describe('card commands', () => {
  it('createCard: at the wanted place, its "created" row, a touch of the new card', async () => {
    const before = await cardIdsOf(t.knex, listId);
    const { cardId, touch } = await write((w) => createCard(w, listId, { title: 'New one', position: 1 }));
    expect(await cardIdsOf(t.knex, listId)).toEqual([before[0], cardId, ...before.slice(1)]);
    expect(touch).toMatchObject({ ownerId: member.user.id, cards: [cardId], changes: ['card-created'] });
    expect(await kinds(cardId)).toEqual(['created']);
    await expectContiguous(t.knex);
  });

  it('createCard refuses a card without a title and one with a cover', async () => {
    await expect(write((w) => createCard(w, listId, {}))).rejects.toMatchObject({ status: 400 });
    await expect(write((w) => createCard(w, listId, { title: 'x', coverPhotoUrl: '/u/a.png' }))).rejects.toMatchObject({
      status: 400,
    });
  });

  it('updateCard: a rename and a new description are history; a cover must be an attachment', async () => {
    const [cardId] = await cardIdsOf(t.knex, listId);
    const touch = await write((w) =>
      updateCard(w, { id: cardId!, cover_photo_url: null }, { title: 'Renamed', description: 'Now with words' }),
    );
    expect(touch).toMatchObject({ cards: [cardId], changes: ['card-edited'] });
    expect((await kinds(cardId!)).slice(-2).sort()).toEqual(['described', 'renamed']);
    await expect(
      write((w) => updateCard(w, { id: cardId!, cover_photo_url: null }, { coverPhotoUrl: '/uploads/none.png' })),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('reorderCard: within the list, no history row', async () => {
    const ids = await cardIdsOf(t.knex, listId);
    const history = await t.knex('mtn_card_events').count<Array<{ n: number }>>('* as n').first();
    const { card, touch } = await write((w) =>
      reorderCard(w, { ListId: listId, startPosition: 0, endPosition: ids.length - 1 }),
    );
    expect(card).toEqual({ id: ids[0], ListId: listId, position: ids.length - 1 });
    expect(touch.cards).toEqual([ids[0]]);
    expect(await cardIdsOf(t.knex, listId)).toEqual([...ids.slice(1), ids[0]]);
    const after = await t.knex('mtn_card_events').count<Array<{ n: number }>>('* as n').first();
    expect(Number(after!.n)).toBe(Number(history!.n));
  });

  it('deleteCard: gone, the gap closed, the touch names it (the event then lists it as removed)', async () => {
    const ids = await cardIdsOf(t.knex, listId);
    const touch = await write((w) => deleteCard(w, ids[1]!));
    expect(touch).toMatchObject({ cards: [ids[1]], changes: ['card-deleted'] });
    expect(await cardIdsOf(t.knex, listId)).toEqual([ids[0], ...ids.slice(2)]);
    await expectContiguous(t.knex);
    await expect(write((w) => deleteCard(w, ids[1]!))).rejects.toMatchObject({ status: 404 });
  });
});
