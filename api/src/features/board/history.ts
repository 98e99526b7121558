import type { Knex } from 'knex';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { CardEventKind, CardHistoryEntry } from '@shared/types/board';
import { iso } from '../../core/dates';
import type { Db } from './queries';

/**
 * A card's history (issue 13 §4, table mtn_card_events, migration 0017): one row per change,
 * written in the transaction of the change by one call in its route's handler, so a change that
 * fails (and rolls back) leaves no entry. Each writer is one INSERT ... SELECT that reads the names
 * it keeps (list, item, file, label) in the same statement, and writes nothing when nothing
 * changed (a title saved unchanged, an item ticked that was ticked, a label added twice). The
 * writers that compare with the old value run before the change; the others after it.
 */

type Trx = Knex.Transaction;

/** After a card is created: "created this card in {list}". */
export async function recordCardCreated(trx: Trx, actorId: number, cardId: number): Promise<void> {
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select c.id, ?, 'created', jsonb_build_object('listId', l.id, 'list', l.name)
       from mtn_cards c join mtn_lists l on l.id = c.list_id where c.id = ?`,
    [actorId, cardId],
  );
}

/** After a move: one row when the card changed lists (a reorder within its list is no history). */
export async function recordCardMoved(
  trx: Trx,
  actorId: number,
  cardId: number,
  fromListId: number,
  toListId: number,
): Promise<void> {
  if (fromListId === toListId) return;
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select ?, ?, 'moved', jsonb_build_object('fromListId', f.id, 'from', f.name, 'toListId', t.id, 'to', t.name)
       from mtn_lists f, mtn_lists t where f.id = ? and t.id = ?`,
    [cardId, actorId, fromListId, toListId],
  );
}

/** Before a card's edit: a rename (old and new title) and an edited description, each when changed. */
export async function recordCardEdited(
  trx: Trx,
  actorId: number,
  cardId: number,
  input: { title?: string; description?: string },
): Promise<void> {
  if (input.title === undefined && input.description === undefined) return;
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select c.id, ?, e.kind, e.data
       from mtn_cards c
       cross join lateral (values
         ('renamed', case when ?::text is not null and ?::text <> c.title
                          then jsonb_build_object('from', c.title, 'to', ?::text) end),
         ('described', case when ?::text is not null and ?::text <> c.description
                            then '{}'::jsonb end)
       ) as e(kind, data)
      where c.id = ? and e.data is not null`,
    [
      actorId,
      input.title ?? null,
      input.title ?? null,
      input.title ?? null,
      input.description ?? null,
      input.description ?? null,
      cardId,
    ],
  );
}

/** Before a checklist item's edit: completed or reopened (with its text), when `completed` changes. */
export async function recordItemToggled(
  trx: Trx,
  actorId: number,
  itemId: number,
  completed: boolean | undefined,
): Promise<void> {
  if (completed === undefined) return;
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select i.card_id, ?, ?, jsonb_build_object('item', i.title)
       from mtn_checklist_items i where i.id = ? and i.completed <> ?`,
    [actorId, completed ? 'item_completed' : 'item_reopened', itemId, completed],
  );
}

/** After an attachment is added to card `cardId`. */
export async function recordAttachmentAdded(trx: Trx, actorId: number, attachmentId: number): Promise<void> {
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select a.card_id, ?, 'attachment_added', jsonb_build_object('file', a.file_name)
       from mtn_attachments a where a.id = ?`,
    [actorId, attachmentId],
  );
}

/** Before an attachment is deleted. */
export async function recordAttachmentRemoved(trx: Trx, actorId: number, attachmentId: number): Promise<void> {
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select a.card_id, ?, 'attachment_removed', jsonb_build_object('file', a.file_name)
       from mtn_attachments a where a.id = ?`,
    [actorId, attachmentId],
  );
}

/** Before a label is put on (`added`) or taken off a card: only when that changes the card. */
export async function recordLabelChanged(
  trx: Trx,
  actorId: number,
  cardId: number,
  labelId: number,
  added: boolean,
): Promise<void> {
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select ?, ?, ?, jsonb_build_object('label', lb.name, 'color', lb.color)
       from mtn_labels lb
      where lb.id = ?
        and exists (select 1 from mtn_card_labels cl where cl.card_id = ? and cl.label_id = lb.id) = ?`,
    [cardId, actorId, added ? 'label_added' : 'label_removed', labelId, cardId, !added],
  );
}

/** After a card is archived: the list it left. */
export async function recordCardArchived(trx: Trx, actorId: number, cardId: number): Promise<void> {
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select c.id, ?, 'archived', jsonb_build_object('listId', l.id, 'list', l.name)
       from mtn_cards c left join mtn_lists l on l.id = c.archived_list_id where c.id = ?`,
    [actorId, cardId],
  );
}

/** After a card is restored: the list it went to. */
export async function recordCardRestored(trx: Trx, actorId: number, cardId: number): Promise<void> {
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select c.id, ?, 'restored', jsonb_build_object('listId', l.id, 'list', l.name)
       from mtn_cards c join mtn_lists l on l.id = c.list_id where c.id = ?`,
    [actorId, cardId],
  );
}

/** The most entries a card's history returns (newest first). */
export const MAX_HISTORY_ENTRIES = 500;

export interface CardEventRow {
  id: number;
  kind: CardEventKind;
  data: Record<string, unknown> | string;
  created_at: Date | string;
  actor_id: number | null;
  actor_name: string | null;
}

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

const str = (data: Record<string, unknown>, key: string): string => {
  const value = data[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** What an entry says, after the actor's name, in the words of shared/src/messages. */
export function describeCardEvent(kind: CardEventKind, data: Record<string, unknown>): string {
  const v = (key: string) => str(data, key);
  switch (kind) {
    case 'created':
      return fillMessage(MESSAGES.historyCreated, { list: v('list') });
    case 'moved':
      return fillMessage(MESSAGES.historyMoved, { from: v('from'), to: v('to') });
    case 'renamed':
      return fillMessage(MESSAGES.historyRenamed, { from: v('from'), to: v('to') });
    case 'described':
      return MESSAGES.historyDescribed;
    case 'item_completed':
      return fillMessage(MESSAGES.historyItemCompleted, { item: v('item') });
    case 'item_reopened':
      return fillMessage(MESSAGES.historyItemReopened, { item: v('item') });
    case 'attachment_added':
      return fillMessage(MESSAGES.historyAttachmentAdded, { file: v('file') });
    case 'attachment_removed':
      return fillMessage(MESSAGES.historyAttachmentRemoved, { file: v('file') });
    case 'label_added':
      return fillMessage(MESSAGES.historyLabelAdded, { label: v('label') || v('color') });
    case 'label_removed':
      return fillMessage(MESSAGES.historyLabelRemoved, { label: v('label') || v('color') });
    case 'archived':
      return fillMessage(MESSAGES.historyArchived, { list: v('list') });
    case 'restored':
      return fillMessage(MESSAGES.historyRestored, { list: v('list') });
  }
}

/** The presenter: columns to the JSON of CardHistoryEntry, field by field. */
export function presentCardEvent(row: CardEventRow): CardHistoryEntry {
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
  return {
    id: row.id,
    kind: row.kind,
    text: describeCardEvent(row.kind, data),
    createdAt: iso(row.created_at),
    actor: row.actor_id === null ? null : { id: row.actor_id, fullName: row.actor_name ?? '' },
  };
}

/**
 * For the review queue (issue 13 §3): when each card last entered the list it is in now, in one
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
