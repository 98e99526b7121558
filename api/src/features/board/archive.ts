import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { ArchivedCard } from '@shared/types';
import { conflict, notFound } from '../../core/errors';
import { iso } from '../../core/dates';
import { MAX_CARDS_PER_LIST } from './positions';

/**
 * Card archive (issue 12): members archive cards instead of deleting them (delete is admin-only).
 * An archived card leaves its list (list_id and position null, migration 0013), so the list's
 * positions close up at once and every read through the lists leaves it out; it keeps its board
 * owner and the list it left. Restore puts it at the end of that list, or of the board's first
 * list when that one is gone. Every write runs in the board's transaction (BOARD_TRANSACTION: the
 * board's row locked first).
 */

/** The board owner of an archived card, for the policy check before the write. */
export async function findArchivedCardOwner(
  knex: Knex,
  id: number,
): Promise<{ id: number; owner_id: number; owner_role: Role } | undefined> {
  const result = await knex.raw<{ rows: Array<{ id: number; owner_id: number; owner_role: Role }> }>(
    `select c.id, c.archived_owner_id as owner_id, u.role as owner_role
       from mtn_cards c join users u on u.id = c.archived_owner_id
      where c.id = ? and c.archived_at is not null`,
    [id],
  );
  return result.rows[0];
}

/** Archives a live card of the locked board: out of its list, the cards after it move up one. */
export async function archiveCard(trx: Knex.Transaction, ownerId: number, cardId: number): Promise<void> {
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
}

/**
 * Restores an archived card of `ownerId`'s board to the end of the list it left, or of the
 * board's first list when that list is gone. Returns where it went.
 */
export async function restoreCard(
  trx: Knex.Transaction,
  ownerId: number,
  cardId: number,
): Promise<{ listId: number; position: number }> {
  const card = await trx('mtn_cards')
    .where({ id: cardId, archived_owner_id: ownerId })
    .whereNotNull('archived_at')
    .forUpdate()
    .first<{ archived_list_id: number | null } | undefined>('archived_list_id');
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
  await trx('mtn_cards').where({ id: cardId }).update({
    list_id: list.id,
    position: list.card_count,
    archived_at: null,
    archived_owner_id: null,
    archived_list_id: null,
    updated_at: trx.fn.now(),
  });
  return { listId: list.id, position: list.card_count };
}

/** The archived cards of `ownerId`'s board, newest first (at most 1,000). */
export async function readArchivedCards(knex: Knex, ownerId: number): Promise<ArchivedCard[]> {
  const result = await knex.raw<{
    rows: Array<{
      id: number;
      title: string;
      archived_at: Date | string;
      list_id: number | null;
      list_name: string | null;
    }>;
  }>(
    `select c.id, c.title, c.archived_at, l.id as list_id, l.name as list_name
       from mtn_cards c left join mtn_lists l on l.id = c.archived_list_id
      where c.archived_owner_id = ? and c.archived_at is not null
      order by c.archived_at desc, c.id desc
      limit 1000`,
    [ownerId],
  );
  return result.rows.map((r) => ({
    id: r.id,
    title: r.title,
    archivedAt: iso(r.archived_at),
    ListId: r.list_id,
    listName: r.list_name,
  }));
}
