import type { CardEventKind } from '@shared/types/board';
import { iso } from '../../../core/dates';
import type { CardEvent, User } from '../../../models';
import type { Db } from './queries';

/** A card's history as read: the entry's columns and its actor's. */
export type CardEventRow = Pick<CardEvent, 'id' | 'data' | 'created_at' | 'actor_id'> & {
  kind: CardEventKind;
  actor_name: User['full_name'] | null;
};

/** The most entries a card's history returns (newest first). */
export const MAX_HISTORY_ENTRIES = 500;

/** A card's history, newest first (ties: the later row first). */
export async function readCardHistory(db: Db, cardId: number): Promise<CardEventRow[]> {
  const result = await db.raw<{ rows: CardEventRow[] }>(
    `select e.id, e.kind, e.data, e.created_at, u.id as actor_id, u.full_name as actor_name
       from mtn_card_events e left join users u on u.id = e.actor_id
      where e.card_id = ?
      order by e.created_at desc, e.id desc
      limit ?`,
    [cardId, MAX_HISTORY_ENTRIES],
  );
  return result.rows;
}

/**
 * For the review queue (docs/areas/review.md): when each card last entered the list it is in now, in one
 * query. The last history entry that put it there (created, moved into it, restored to it);
 * a card with no such entry (made before history was kept) answers its creation time. Cards
 * that are archived or unknown are left out.
 */
export async function enteredCurrentListAt(db: Db, cardIds: readonly number[]): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  if (cardIds.length === 0) return out;
  const ids = [...new Set(cardIds)];
  const result = await db.raw<{ rows: Array<{ id: number; entered_at: Date | string }> }>(
    `select c.id,
            coalesce((select max(e.created_at) from mtn_card_events e
                       where e.card_id = c.id
                         and e.kind in ('created', 'moved', 'restored')
                         and coalesce(e.data->>'toListId', e.data->>'listId') = c.list_id::text),
                     c.created_at) as entered_at
       from mtn_cards c
      where c.id in (${ids.map(() => '?').join(', ')}) and c.list_id is not null`,
    ids,
  );
  for (const r of result.rows) out.set(r.id, new Date(iso(r.entered_at)));
  return out;
}
