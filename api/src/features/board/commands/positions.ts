import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { badRequest, conflict, notFound } from '../../../core/errors';
import { clampPosition, listsWithCounts, type CardPlace } from '../read-model/queries';

/**
 * Card and list positions (docs/areas/board.md, "Behaviour"): the arithmetic the commands share.
 * Each runs inside a board write (the board's row locked first), reads the state after the lock,
 * and shifts positions with one set-based UPDATE, so every list stays 0..n-1 under any number of
 * concurrent writes. A card's move to another list is the one statement of move-card.ts.
 */

/** Moves the card at `from` to `to` within a list, shifting the cards between. */
async function shiftWithin(trx: Knex.Transaction, listId: number, from: number, to: number): Promise<void> {
  if (from === to) return;
  await trx.raw(
    `update mtn_cards set position = case when position = ?::int then ?::int else position + ?::int end
      where list_id = ? and position between ?::int and ?::int`,
    [from, to, from < to ? -1 : 1, listId, Math.min(from, to), Math.max(from, to)],
  );
}

const cardAt = (trx: Knex.Transaction, cardId: number) =>
  trx('mtn_cards').where({ id: cardId }).first<CardPlace | undefined>('id', 'list_id', 'position');

/**
 * Lists of the locked board `ownerId` (a list of another board cannot be reached from here), and
 * where card `cardId` is, read in one statement.
 */
async function boardLists(trx: Knex.Transaction, ownerId: number, ids: number[], cardId: number | null = null) {
  const { lists, card } = await listsWithCounts(trx, ids, cardId);
  const of = (id: number) => {
    const list = lists.find((l) => l.id === id);
    if (!list) throw notFound(MESSAGES.listNotFound);
    return list;
  };
  const found = ids.map(of);
  if (found.some((l) => l.user_id !== ownerId)) {
    throw badRequest('Cards move only between lists of one board', { destListId: 'Choose a list of the same board' });
  }
  return { lists: found, card };
}

/** The card at startPosition (or `cardId`) goes to endPosition of its list. */
export async function reorderWithin(
  trx: Knex.Transaction,
  ownerId: number,
  input: { ListId: number; startPosition: number; endPosition: number; cardId?: number },
): Promise<{ id: number; ListId: number; position: number }> {
  const {
    lists: [list],
    card: dragged,
  } = await boardLists(trx, ownerId, [input.ListId], input.cardId ?? null);
  let card: CardPlace | undefined;
  if (input.cardId !== undefined) {
    card = dragged ?? undefined;
    if (!card) throw notFound(MESSAGES.cardNotFound);
    if (card.list_id !== list!.id) throw conflict(MESSAGES.boardChanged);
  } else {
    card = await trx('mtn_cards')
      .where({ list_id: list!.id, position: input.startPosition })
      .first<CardPlace | undefined>('id', 'list_id', 'position');
    if (!card) throw badRequest('No card at this position', { startPosition: 'No card at this position' });
  }
  const to = clampPosition(input.endPosition, list!.card_count - 1);
  await shiftWithin(trx, list!.id, card.position, to);
  return { id: card.id, ListId: list!.id, position: to };
}

/** Bounds that keep one board's reads and moves cheap (a list of 1,000 cards is unusable anyway). */
export const MAX_CARDS_PER_LIST = 1000;
export const MAX_LISTS_PER_BOARD = 50;

/** A new card goes at `position` (default: the end) of a list of the locked board. */
export async function openCardSlot(
  trx: Knex.Transaction,
  ownerId: number,
  listId: number,
  position?: number,
): Promise<number> {
  const {
    lists: [list],
  } = await boardLists(trx, ownerId, [listId]);
  if (list!.card_count >= MAX_CARDS_PER_LIST) {
    const message = `A list holds at most ${MAX_CARDS_PER_LIST} cards`;
    throw conflict(message, { ListId: message });
  }
  const at = clampPosition(position, list!.card_count);
  if (at < list!.card_count) {
    await trx.raw('update mtn_cards set position = position + 1 where list_id = ? and position >= ?::int', [
      listId,
      at,
    ]);
  }
  return at;
}

/** Deletes a card and closes the gap it leaves. */
export async function deleteCardAt(trx: Knex.Transaction, cardId: number): Promise<void> {
  const card = await cardAt(trx, cardId);
  if (!card) throw notFound(MESSAGES.cardNotFound);
  await trx('mtn_cards').where({ id: cardId }).del();
  await trx.raw('update mtn_cards set position = position - 1 where list_id = ? and position > ?::int', [
    card.list_id,
    card.position,
  ]);
}

/** Moves a list to `to` on its (locked) board, shifting the lists between. */
export async function moveListTo(trx: Knex.Transaction, ownerId: number, listId: number, to: number, count: number) {
  const current = await trx('mtn_lists').where({ id: listId }).first<{ position: number } | undefined>('position');
  const target = clampPosition(to, count - 1);
  if (!current || current.position === target) return target;
  const from = current.position;
  await trx.raw(
    `update mtn_lists set position = case when id = ? then ?::int else position + ?::int end,
            updated_at = case when id = ? then now() else updated_at end
      where user_id = ? and position between ?::int and ?::int`,
    [listId, target, from < target ? -1 : 1, listId, ownerId, Math.min(from, target), Math.max(from, target)],
  );
  return target;
}

/** Opens a slot for a new list at `position` (default: the end) of a locked board. */
export async function openListSlot(
  trx: Knex.Transaction,
  ownerId: number,
  position: number | undefined,
  count: number,
) {
  if (count >= MAX_LISTS_PER_BOARD) {
    const message = `A board holds at most ${MAX_LISTS_PER_BOARD} lists`;
    throw conflict(message, { name: message });
  }
  const at = clampPosition(position, count);
  if (at < count) {
    await trx.raw('update mtn_lists set position = position + 1 where user_id = ? and position >= ?::int', [
      ownerId,
      at,
    ]);
  }
  return at;
}

/** Deletes a list (its cards go with it) and closes the gap on its board. */
export async function deleteListAt(trx: Knex.Transaction, ownerId: number, listId: number): Promise<void> {
  const list = await trx('mtn_lists').where({ id: listId }).first<{ position: number } | undefined>('position');
  if (!list) throw notFound(MESSAGES.listNotFound);
  await trx('mtn_lists').where({ id: listId }).del();
  await trx.raw('update mtn_lists set position = position - 1 where user_id = ? and position > ?::int', [
    ownerId,
    list.position,
  ]);
}
