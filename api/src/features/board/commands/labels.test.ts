/**
 * The label commands: a label on and off a card is history and touches the card; creating,
 * changing or deleting a label changes the board's label list and maybe many cards, so its touch
 * is a reset. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_COLORS } from '@shared/types/board';
import { createTestApp, type TestApp } from '../../../../../tests/helpers/app';
import { actor, fillTemplate, listByName, readBoard, type Actor } from '../../../../../tests/api/board-fixtures';
import { runBoardWrite, type BoardActor, type BoardWrite } from './board-write';
import { addLabel, createLabel, deleteLabel, removeLabel, updateLabel } from './labels';

let t: TestApp;
let member: Actor;
let mia: BoardActor;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  await fillTemplate(await actor(t, { role: 'admin' }));
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  cardId = listByName(await readBoard(member), 'NOT STARTED').Cards[0]!.id;
  mia = { id: member.user.id, fullName: 'Mia Member', role: 'premium' };
});
afterAll(async () => {
  await t.close();
});

const write = <T>(run: (w: BoardWrite) => Promise<T>) => runBoardWrite(t.knex, member.user.id, mia, run);

describe('label commands', () => {
  it('create, put on and take off a card (history once each), change, delete', async () => {
    const used = await t.knex('mtn_labels').where({ user_id: member.user.id }).pluck('color');
    const color = LABEL_COLORS.find((c) => !used.includes(c))!;
    const { label, touch } = await write((w) => createLabel(w, { name: 'Urgent', color }));
    expect(label).toMatchObject({ name: 'Urgent', color, user_id: member.user.id });
    expect(touch).toMatchObject({ reset: true, changes: ['labels-changed'] });
    await expect(write((w) => createLabel(w, { name: 'Again', color }))).rejects.toMatchObject({ status: 409 });

    const on = await write((w) => addLabel(w, cardId, label.id));
    expect(on).toMatchObject({ cards: [cardId], reset: false, changes: ['card-labelled'] });
    await write((w) => addLabel(w, cardId, label.id)); // already on: no second row
    await write((w) => removeLabel(w, cardId, label.id));
    const kinds = await t
      .knex('mtn_card_events')
      .where({ card_id: cardId })
      .whereIn('kind', ['label_added', 'label_removed'])
      .orderBy('id')
      .pluck('kind');
    expect(kinds).toEqual(['label_added', 'label_removed']);

    const changed = await write((w) => updateLabel(w, label.id, { name: 'Later', color }));
    expect(changed.label.name).toBe('Later');
    expect((await write((w) => deleteLabel(w, label.id))).reset).toBe(true);
    expect(await t.knex('mtn_labels').where({ id: label.id }).first()).toBeUndefined();
  });
});
