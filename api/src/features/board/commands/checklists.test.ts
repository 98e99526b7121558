/**
 * The checklist commands: a checklist and its items on a card; completing or reopening an item is
 * a row of the card's history (only when it changes). Each touches the card. Runs on PGlite and on
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import { actor, fillTemplate, listByName, readBoard, type Actor } from '../../../../../tests/api/board-fixtures';
import { runBoardWrite, type BoardActor, type BoardWrite } from './board-write';
import {
  completeItem,
  createChecklist,
  createItem,
  deleteChecklist,
  deleteItem,
  renameChecklist,
  updateItem,
} from './checklists';

let t: TestApp;
let member: Actor;
let mia: BoardActor;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  cardId = listByName(await readBoard(member), 'IN PROGRESS').Cards[0]?.id ?? 0;
  if (!cardId) cardId = listByName(await readBoard(member), 'NOT STARTED').Cards[0]!.id;
  mia = { id: member.user.id, fullName: 'Mia Member', role: 'premium' };
});
afterAll(async () => {
  await t.close();
});

const write = <T>(run: (w: BoardWrite) => Promise<T>) => runBoardWrite(t.knex, member.user.id, mia, run);
const history = async () =>
  (await t.knex('mtn_card_events').where({ card_id: cardId }).orderBy('id').select('kind', 'data')).map(
    (r: { kind: string; data: unknown }) => [
      r.kind,
      (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Record<string, unknown>,
    ],
  );

describe('checklist commands', () => {
  it('creates, renames and deletes a checklist with items; completing an item is history once', async () => {
    const { checklist, touch } = await write((w) => createChecklist(w, cardId, { title: 'Steps' }));
    expect(touch).toMatchObject({ cards: [cardId], changes: ['checklist-changed'] });
    const onCard = { id: checklist.id, card_id: cardId };
    const { item } = await write((w) => createItem(w, onCard, { title: 'Order samples' }));
    expect(item).toMatchObject({ title: 'Order samples', completed: false, checklist_id: checklist.id });

    const before = (await history()).length;
    const done = await write((w) => completeItem(w, { id: item.id, card_id: cardId }, true));
    expect(done.item.completed).toBe(true);
    expect(done.touch.cards).toEqual([cardId]);
    await write((w) => completeItem(w, { id: item.id, card_id: cardId }, true)); // already done: no row
    await write((w) => updateItem(w, { id: item.id, card_id: cardId }, { title: 'Order three samples' }));
    await write((w) => completeItem(w, { id: item.id, card_id: cardId }, false));
    expect((await history()).slice(before)).toEqual([
      ['item_completed', { item: 'Order samples' }],
      ['item_reopened', { item: 'Order three samples' }],
    ]);

    const renamed = await write((w) => renameChecklist(w, onCard, { title: 'Launch' }));
    expect(renamed.checklist.title).toBe('Launch');
    expect(renamed.items.map((i) => i.id)).toEqual([item.id]);
    await write((w) => deleteItem(w, { id: item.id, card_id: cardId }));
    await write((w) => deleteChecklist(w, onCard));
    expect(await t.knex('mtn_checklists').where({ id: checklist.id }).first()).toBeUndefined();
  });
});
