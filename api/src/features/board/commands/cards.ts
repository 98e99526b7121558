import { MESSAGES } from '@shared/messages';
import type { CardUpsertInput } from '@shared/schemas/board';
import { badRequest } from '../../../core/errors';
import { Attachment, Card } from '../../../models';
import { record, type BoardWrite } from './board-write';
import { recordCardCreated, recordCardEdited, recordDueChanged } from './history';
import { deleteCardAt, openCardSlot, reorderWithin } from './positions';
import { touched, type BoardTouch } from './touch';

/** The card commands: create, edit, reorder within its list, delete (a move is move-card.ts). */

const notAttached = () =>
  badRequest('Choose one of the card’s attachments', { coverPhotoUrl: 'Choose one of the card’s attachments' });

/** A new card in list `listId` of the board at `input.position` (default: the end), with its history row. */
export async function createCard(
  w: BoardWrite,
  listId: number,
  input: CardUpsertInput,
): Promise<{ cardId: number; touch: BoardTouch }> {
  if (!input.title) throw badRequest(MESSAGES.fieldRequired, { title: MESSAGES.fieldRequired });
  if (input.coverPhotoUrl) {
    throw badRequest('A new card has no attachments yet', { coverPhotoUrl: 'A new card has no attachments yet' });
  }
  const position = await openCardSlot(w.trx, w.ownerId, listId, input.position);
  const card = await Card.query(w.trx)
    .insert({ list_id: listId, title: input.title, description: input.description ?? '', position })
    .returning('id');
  await recordCardCreated(w.trx, w.actor.id, card.id);
  const dueAt = dueAtOf(input);
  if (dueAt) {
    await recordDueChanged(w.trx, w.actor.id, card.id, dueAt);
    await Card.query(w.trx).patch({ due_at: dueAt }).where({ id: card.id });
  }
  return { cardId: card.id, touch: record(w, touched(w.ownerId, 'card-created', { cards: [card.id] })) };
}

/** The input's due date as an instant: undefined when not given, null to clear it. */
const dueAtOf = (input: CardUpsertInput): Date | null | undefined =>
  input.dueAt === undefined ? undefined : input.dueAt === null ? null : new Date(input.dueAt);

/**
 * Title, description, due date and cover of card `card` (the cover: null, or the URL of one of the card's
 * attachments), with the history of a rename, an edited description and a changed due date. Position and list change
 * only through reorder and move.
 */
export async function updateCard(
  w: BoardWrite,
  card: Pick<Card, 'id' | 'cover_photo_url'>,
  input: CardUpsertInput,
): Promise<BoardTouch> {
  await recordCardEdited(w.trx, w.actor.id, card.id, input);
  const dueAt = dueAtOf(input);
  await recordDueChanged(w.trx, w.actor.id, card.id, dueAt);
  const values: Partial<Card> = {};
  if (dueAt !== undefined) values.due_at = dueAt;
  if (input.title !== undefined) values.title = input.title;
  if (input.description !== undefined) values.description = input.description;
  if (input.coverPhotoUrl !== undefined) {
    const cover = input.coverPhotoUrl || null;
    if (cover !== null && cover !== card.cover_photo_url) {
      const attached = await Attachment.query(w.trx).where({ card_id: card.id, file_url: cover }).first().select('id');
      if (!attached) throw notAttached();
    }
    values.cover_photo_url = cover;
  }
  await Card.query(w.trx)
    .patch({ ...values, updated_at: w.trx.fn.now() })
    .where({ id: card.id });
  return record(w, touched(w.ownerId, 'card-edited', { cards: [card.id] }));
}

/** The card at `startPosition` (or `cardId`) of list `ListId` goes to `endPosition` of the same list. */
export async function reorderCard(
  w: BoardWrite,
  input: { ListId: number; startPosition: number; endPosition: number; cardId?: number },
): Promise<{ card: { id: number; ListId: number; position: number }; touch: BoardTouch }> {
  const card = await reorderWithin(w.trx, w.ownerId, input);
  return { card, touch: record(w, touched(w.ownerId, 'card-moved', { cards: [card.id] })) };
}

/** Deletes card `cardId` (admins only, by the route's policy) and closes the gap it leaves. */
export async function deleteCard(w: BoardWrite, cardId: number): Promise<BoardTouch> {
  await deleteCardAt(w.trx, cardId);
  return record(w, touched(w.ownerId, 'card-deleted', { cards: [cardId] }));
}
