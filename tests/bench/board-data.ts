import type { Knex } from 'knex';
import { RESERVED_LIST_NAMES } from '../../shared/src/types/board';
import { insertBatches } from './lib';

export const LISTS = RESERVED_LIST_NAMES.length;
export const CARDS_PER_LIST = 300;

/** A board of 7 lists x 300 cards; with `rich`, each card has 2 labels, a 5-item checklist, an attachment and 3 comments. */
export async function seedBoard(
  knex: Knex,
  userId: number,
  authorId: number,
  rich: boolean,
): Promise<{ listIds: number[]; cardIds: number[][] }> {
  await knex('mtn_boards').insert({ user_id: userId });
  const listIds = await insertBatches(
    knex,
    'mtn_lists',
    RESERVED_LIST_NAMES.map((name, position) => ({ user_id: userId, name, position })),
  );
  const cardIds: number[][] = [];
  for (const listId of listIds) {
    cardIds.push(
      await insertBatches(
        knex,
        'mtn_cards',
        Array.from({ length: CARDS_PER_LIST }, (_, i) => ({
          list_id: listId,
          title: `Goal ${listId}-${i}: grow the store`,
          description: i % 2 ? 'Some **markdown** text' : '',
          position: i,
        })),
      ),
    );
  }
  if (!rich) return { listIds, cardIds };
  const all = cardIds.flat();
  const labelIds = await insertBatches(knex, 'mtn_labels', [
    { user_id: userId, name: 'Priority', color: 'red-200' },
    { user_id: userId, name: 'Research', color: 'blue-200' },
  ]);
  const links = all.flatMap((id) => labelIds.map((label_id) => ({ card_id: id, label_id })));
  for (let i = 0; i < links.length; i += 2000) await knex('mtn_card_labels').insert(links.slice(i, i + 2000));
  const checklistIds = await insertBatches(
    knex,
    'mtn_checklists',
    all.map((id) => ({ card_id: id, title: 'Steps' })),
  );
  await insertBatches(
    knex,
    'mtn_checklist_items',
    checklistIds.flatMap((checklist_id, c) =>
      Array.from({ length: 5 }, (_, k) => ({ checklist_id, card_id: all[c], title: `Step ${k}`, completed: k < 2 })),
    ),
    2000,
  );
  await insertBatches(
    knex,
    'mtn_attachments',
    all.map((id) => ({ card_id: id, file_url: '/uploads/bench-image-0001.png', file_name: 'image.png' })),
  );
  await insertBatches(
    knex,
    'mtn_activities',
    all.flatMap((id) =>
      Array.from({ length: 3 }, (_, k) => ({ card_id: id, user_id: authorId, comment: `Comment ${k}` })),
    ),
    2000,
  );
  for (const t of [
    'mtn_cards',
    'mtn_lists',
    'mtn_card_labels',
    'mtn_checklists',
    'mtn_checklist_items',
    'mtn_attachments',
    'mtn_activities',
  ]) {
    await knex.raw(`ANALYZE ${t}`);
  }
  return { listIds, cardIds };
}
