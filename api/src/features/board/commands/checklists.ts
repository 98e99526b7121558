import type { CheckListItemUpsertInput, CheckListUpsertInput } from '@shared/schemas/board';
import { Checklist, ChecklistItem } from '../../../models';
import { record, type BoardWrite } from './board-write';
import { recordItemToggled } from './history';
import { touched, type BoardTouch } from './touch';

/** The checklist commands: checklists of a card and their items (title in markdown, completed). */

const cardTouched = (w: BoardWrite, cardId: number) =>
  record(w, touched(w.ownerId, 'checklist-changed', { cards: [cardId] }));

/** A new checklist on card `cardId`. */
export async function createChecklist(
  w: BoardWrite,
  cardId: number,
  input: CheckListUpsertInput,
): Promise<{ checklist: Checklist; items: ChecklistItem[]; touch: BoardTouch }> {
  const checklist = await Checklist.query(w.trx).insert({ card_id: cardId, title: input.title }).returning('*');
  return { checklist, items: [], touch: cardTouched(w, cardId) };
}

/** Renames checklist `found`; answers it with its items. */
export async function renameChecklist(
  w: BoardWrite,
  found: Pick<Checklist, 'id' | 'card_id'>,
  input: CheckListUpsertInput,
): Promise<{ checklist: Checklist; items: ChecklistItem[]; touch: BoardTouch }> {
  const [checklist] = await Checklist.query(w.trx).patch({ title: input.title }).where({ id: found.id }).returning('*');
  const items = await ChecklistItem.query(w.trx).where({ checklist_id: found.id }).orderBy('id');
  return { checklist: checklist!, items, touch: cardTouched(w, found.card_id) };
}

/** Deletes checklist `found`; its items go with it. */
export async function deleteChecklist(w: BoardWrite, found: Pick<Checklist, 'id' | 'card_id'>): Promise<BoardTouch> {
  await Checklist.query(w.trx).delete().where({ id: found.id });
  return cardTouched(w, found.card_id);
}

/** A new item on checklist `checklist`. */
export async function createItem(
  w: BoardWrite,
  checklist: Pick<Checklist, 'id' | 'card_id'>,
  input: CheckListItemUpsertInput,
): Promise<{ item: ChecklistItem; touch: BoardTouch }> {
  const item = await ChecklistItem.query(w.trx)
    .insert({
      checklist_id: checklist.id,
      card_id: checklist.card_id,
      title: input.title!,
      completed: input.completed ?? false,
    })
    .returning('*');
  return { item, touch: cardTouched(w, checklist.card_id) };
}

/**
 * Changes item `found`: its title and/or whether it is completed. Completing or reopening it is a
 * row of the card's history (only when `completed` changes).
 */
export async function updateItem(
  w: BoardWrite,
  found: Pick<ChecklistItem, 'id' | 'card_id'>,
  input: Pick<CheckListItemUpsertInput, 'title' | 'completed'>,
): Promise<{ item: ChecklistItem; touch: BoardTouch }> {
  await recordItemToggled(w.trx, w.actor.id, found.id, input.completed);
  const values: Partial<Pick<ChecklistItem, 'title' | 'completed'>> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.completed !== undefined) values.completed = input.completed;
  const [item] =
    Object.keys(values).length > 0
      ? await ChecklistItem.query(w.trx).patch(values).where({ id: found.id }).returning('*')
      : await ChecklistItem.query(w.trx).where({ id: found.id });
  return { item: item!, touch: cardTouched(w, found.card_id) };
}

/** Ticks (or unticks) item `found`: `updateItem` with `completed` alone. */
export function completeItem(
  w: BoardWrite,
  found: Pick<ChecklistItem, 'id' | 'card_id'>,
  completed: boolean,
): Promise<{ item: ChecklistItem; touch: BoardTouch }> {
  return updateItem(w, found, { completed });
}

export async function deleteItem(w: BoardWrite, found: Pick<ChecklistItem, 'id' | 'card_id'>): Promise<BoardTouch> {
  await ChecklistItem.query(w.trx).delete().where({ id: found.id });
  return cardTouched(w, found.card_id);
}
