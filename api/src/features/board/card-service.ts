import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import type { CardUpsertInput } from '@shared/schemas/board';
import { badRequest } from '../../core/errors';
import type { OwnedRow } from './access';
import { openCardSlot } from './positions';

const notAttached = () =>
  badRequest('Choose one of the card’s attachments', { coverPhotoUrl: 'Choose one of the card’s attachments' });

/** A new card in list `list` at `input.position` (default: the end). Returns its id. */
export async function createCard(trx: Knex.Transaction, list: OwnedRow, input: CardUpsertInput): Promise<number> {
  if (!input.title) throw badRequest(MESSAGES.fieldRequired, { title: MESSAGES.fieldRequired });
  if (input.coverPhotoUrl) {
    throw badRequest('A new card has no attachments yet', { coverPhotoUrl: 'A new card has no attachments yet' });
  }
  const position = await openCardSlot(trx, list.owner_id, list.id, input.position);
  const [row] = await trx('mtn_cards')
    .insert({ list_id: list.id, title: input.title, description: input.description ?? '', position })
    .returning<Array<{ id: number }>>('id');
  return row!.id;
}

/**
 * Title, description and cover of card `found` (the cover: null, or the URL of one of the card's
 * attachments). Position and list change only through reorder and move.
 */
export async function updateCard(trx: Knex.Transaction, found: OwnedRow, input: CardUpsertInput): Promise<number> {
  const values: Record<string, unknown> = { updated_at: trx.fn.now() };
  if (input.title !== undefined) values.title = input.title;
  if (input.description !== undefined) values.description = input.description;
  if (input.coverPhotoUrl !== undefined) {
    const cover = input.coverPhotoUrl || null;
    if (cover !== null && cover !== found.cover_photo_url) {
      const attached: { id: number } | undefined = await trx('mtn_attachments')
        .where({ card_id: found.id, file_url: cover })
        .first('id');
      if (!attached) throw notAttached();
    }
    values.cover_photo_url = cover;
  }
  await trx('mtn_cards').where({ id: found.id }).update(values);
  return found.id;
}
