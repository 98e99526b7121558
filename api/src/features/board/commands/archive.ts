import { MESSAGES } from '@shared/messages';
import { conflict, notFound } from '../../../core/errors';
import { Card } from '../../../models';
import { record, type BoardWrite } from './board-write';
import { recordCardArchived, recordCardRestored } from './history';
import { MAX_CARDS_PER_LIST } from './positions';
import { touched, type BoardTouch } from './touch';

/**
 * Card archive (docs/areas/board.md, "Archive, never delete"): members archive cards instead of
 * deleting them (delete is admin-only). An archived card leaves its list (list_id and position
 * null), so the list's positions close up at once and every read through the lists leaves it out;
 * it keeps its board owner and the list it left. Restore puts it at the end of that list, or of the
 * board's first list when that one is gone.
 */

/** Archives a live card of the board: out of its list, the cards after it move up one; its history row. */
export async function archiveCard(w: BoardWrite, cardId: number): Promise<BoardTouch> {
  const { trx, ownerId } = w;
  const moved = await trx.raw<{ rows: Array<{ list_id: number; position: number }> }>(
    `with old as (select id, list_id, position from mtn_cards where id = ? and archived_at is null for update)
     update mtn_cards c
        set archived_at = now(), archived_owner_id = ?, archived_list_id = old.list_id,
            list_id = null, position = null, updated_at = now()
       from old where c.id = old.id
     returning old.list_id, old.position`,
    [cardId, ownerId],
  );
  const card = moved.rows[0];
  if (!card) throw notFound(MESSAGES.cardNotFound);
  await trx.raw('update mtn_cards set position = position - 1 where list_id = ? and position > ?::int', [
    card.list_id,
    card.position,
  ]);
  await recordCardArchived(trx, w.actor.id, cardId);
  return record(w, touched(ownerId, 'card-archived', { cards: [cardId] }));
}

/**
 * Restores an archived card of `ownerId`'s board to the end of the list it left, or of the
 * board's first list when that list is gone. Returns where it went.
 */
export async function restoreCard(
  w: BoardWrite,
  cardId: number,
): Promise<{ listId: number; position: number; touch: BoardTouch }> {
  const { trx, ownerId } = w;
  const card = await Card.query(trx)
    .where({ id: cardId, archived_owner_id: ownerId })
    .whereNotNull('archived_at')
    .forUpdate()
    .first()
    .select('archived_list_id');
  if (!card) throw notFound(MESSAGES.cardNotArchived);
  const target = await trx.raw<{ rows: Array<{ id: number; card_count: number }> }>(
    `select l.id, (select count(*)::int from mtn_cards c where c.list_id = l.id) as card_count
       from mtn_lists l
      where l.user_id = ? and (l.id = ? or l.position = 0)
      order by (l.id = ?) desc
      limit 1`,
    [ownerId, card.archived_list_id, card.archived_list_id],
  );
  const list = target.rows[0];
  if (!list) throw conflict(MESSAGES.boardHasNoList);
  if (list.card_count >= MAX_CARDS_PER_LIST) {
    const message = `A list holds at most ${MAX_CARDS_PER_LIST} cards`;
    throw conflict(message, { ListId: message });
  }
  await Card.query(trx)
    .patch({
      list_id: list.id,
      position: list.card_count,
      archived_at: null,
      archived_owner_id: null,
      archived_list_id: null,
      updated_at: trx.fn.now(),
    })
    .where({ id: cardId });
  await recordCardRestored(trx, w.actor.id, cardId);
  const touch = record(w, touched(ownerId, 'card-restored', { cards: [cardId] }));
  return { listId: list.id, position: list.card_count, touch };
}
