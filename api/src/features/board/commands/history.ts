import type { Knex } from 'knex';

/**
 * A card's history (docs/areas/card-history.md, table mtn_card_events): one row per change,
 * written in the transaction of the change by the command that makes it, so a change that fails
 * (and rolls back) leaves no entry. A move's row is written by the move's one statement (move-card.ts). Each writer is one INSERT ... SELECT that reads the names
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

/**
 * Before a card's edit: its due date set, moved or removed (`dueAt`: the new instant, or null),
 * when it changes. `data.to` is the new due date (ISO 8601, UTC); absent when removed.
 */
export async function recordDueChanged(
  trx: Trx,
  actorId: number,
  cardId: number,
  dueAt: Date | null | undefined,
): Promise<void> {
  if (dueAt === undefined) return;
  await trx.raw(
    `insert into mtn_card_events (card_id, actor_id, kind, data)
     select c.id, ?, 'due_changed',
            case when ?::timestamptz is null then '{}'::jsonb
                 else jsonb_build_object('to', to_char(?::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end
       from mtn_cards c
      where c.id = ? and c.due_at is distinct from ?::timestamptz`,
    [actorId, dueAt, dueAt, cardId, dueAt],
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
