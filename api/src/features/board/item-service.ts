import type { Knex } from 'knex';
import { MAX_LABELS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type {
  AttachmentUpsertInput,
  CheckListItemUpsertInput,
  CheckListUpsertInput,
  LabelUpsertInput,
} from '@shared/schemas/board';
import { badRequest, conflict, isUniqueViolation } from '../../core/errors';
import type { Storage } from '../../adapters/storage';
import type { Db, OwnedRow } from './access';
import type { AttachmentRow, ChecklistRow, ItemRow, LabelRow } from './presenters';

/** Labels, attachments and checklists of a board: the writes, each inside the board's transaction. */

const LABEL_COLUMNS = ['id', 'name', 'color', 'user_id'];
const ATTACHMENT_COLUMNS = ['id', 'file_url', 'file_name', 'card_id', 'created_at'];
const ITEM_COLUMNS = ['id', 'title', 'completed', 'checklist_id'];

export function listLabels(db: Db, ownerId: number): Promise<LabelRow[]> {
  return db('mtn_labels').where({ user_id: ownerId }).orderBy('id').select<LabelRow[]>(LABEL_COLUMNS);
}

export function readLabel(db: Db, id: number): Promise<LabelRow> {
  return db('mtn_labels').where({ id }).first<LabelRow>(LABEL_COLUMNS);
}

/** A colour is used once per board (a unique index): a second use is a 409 on `color`. */
async function onColor<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err, 'mtn_labels_user_color_unique')) {
      throw conflict(MESSAGES.labelColorUsed, { color: MESSAGES.labelColorUsed });
    }
    throw err;
  }
}

export async function updateLabel(trx: Knex.Transaction, id: number, input: LabelUpsertInput): Promise<LabelRow> {
  const [row] = await onColor(
    trx('mtn_labels')
      .where({ id })
      .update({ name: input.name, color: input.color })
      .returning<LabelRow[]>(LABEL_COLUMNS),
  );
  return row!;
}

/** One statement: inserts only while the owner has fewer than MAX_LABELS labels. */
export async function createLabel(trx: Knex.Transaction, ownerId: number, input: LabelUpsertInput): Promise<LabelRow> {
  const inserted = await onColor(
    trx.raw<{ rows: LabelRow[] }>(
      `insert into mtn_labels (user_id, name, color)
       select ?, ?, ? where (select count(*) from mtn_labels where user_id = ?) < ?
       returning id, name, color, user_id`,
      [ownerId, input.name, input.color, ownerId, MAX_LABELS],
    ),
  );
  const row = inserted.rows[0];
  if (!row) throw badRequest(MESSAGES.tooManyLabels, { color: MESSAGES.tooManyLabels });
  return row;
}

export async function deleteLabel(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('mtn_labels').where({ id }).del();
}

export async function addCardLabel(trx: Knex.Transaction, cardId: number, labelId: number): Promise<void> {
  await trx.raw('insert into mtn_card_labels (card_id, label_id) values (?, ?) on conflict do nothing', [
    cardId,
    labelId,
  ]);
}

export async function removeCardLabel(trx: Knex.Transaction, cardId: number, labelId: number): Promise<void> {
  await trx('mtn_card_labels').where({ card_id: cardId, label_id: labelId }).del();
}

const notOurs = () => badRequest(MESSAGES.attachmentNotOurs, { fileUrl: MESSAGES.attachmentNotOurs });

export async function renameAttachment(trx: Knex.Transaction, id: number, fileName: string): Promise<AttachmentRow> {
  const [row] = await trx('mtn_attachments')
    .where({ id })
    .update({ file_name: fileName })
    .returning<AttachmentRow[]>(ATTACHMENT_COLUMNS);
  return row!;
}

/** fileUrl must be one of our own uploads, made by the actor. */
export async function attachUpload(
  trx: Knex.Transaction,
  storage: Storage,
  actorId: number,
  cardId: number,
  input: AttachmentUpsertInput,
): Promise<AttachmentRow> {
  const key = storage.owns(input.fileUrl ?? '');
  if (!key) throw notOurs();
  const upload: { id: number } | undefined = await trx('uploads')
    .where({ storage_key: key, user_id: actorId })
    .first('id');
  if (!upload) throw notOurs();
  const [row] = await trx('mtn_attachments')
    .insert({ card_id: cardId, file_url: input.fileUrl, file_name: input.fileName })
    .returning<AttachmentRow[]>(ATTACHMENT_COLUMNS);
  return row!;
}

/** Deleting the attachment that is the card's cover removes the cover too. */
export async function deleteAttachment(trx: Knex.Transaction, found: OwnedRow): Promise<void> {
  const cardId = Number(found.card_id);
  const url = String(found.file_url);
  await trx('mtn_attachments').where({ id: found.id }).del();
  await trx.raw(
    `update mtn_cards set cover_photo_url = null, updated_at = now()
      where id = ? and cover_photo_url = ?
        and not exists (select 1 from mtn_attachments where card_id = ? and file_url = ?)`,
    [cardId, url, cardId, url],
  );
}

export async function saveChecklist(
  trx: Knex.Transaction,
  target: { checklistId?: number; cardId?: number },
  input: CheckListUpsertInput,
): Promise<{ row: ChecklistRow; items: ItemRow[] }> {
  if (target.checklistId) {
    const [row] = await trx('mtn_checklists')
      .where({ id: target.checklistId })
      .update({ title: input.title })
      .returning<ChecklistRow[]>(['id', 'title', 'card_id']);
    const items = await trx('mtn_checklist_items')
      .where({ checklist_id: target.checklistId })
      .orderBy('id')
      .select<ItemRow[]>(ITEM_COLUMNS);
    return { row: row!, items };
  }
  const [row] = await trx('mtn_checklists')
    .insert({ card_id: target.cardId, title: input.title })
    .returning<ChecklistRow[]>(['id', 'title', 'card_id']);
  return { row: row!, items: [] };
}

export async function deleteChecklist(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('mtn_checklists').where({ id }).del();
}

export async function updateItem(trx: Knex.Transaction, id: number, input: CheckListItemUpsertInput): Promise<ItemRow> {
  const values: Record<string, unknown> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.completed !== undefined) values.completed = input.completed;
  const [row] = Object.keys(values).length
    ? await trx('mtn_checklist_items').where({ id }).update(values).returning<ItemRow[]>(ITEM_COLUMNS)
    : await trx('mtn_checklist_items').where({ id }).select<ItemRow[]>(ITEM_COLUMNS);
  return row!;
}

export async function createItem(
  trx: Knex.Transaction,
  checklist: OwnedRow,
  input: CheckListItemUpsertInput,
): Promise<ItemRow> {
  const [row] = await trx('mtn_checklist_items')
    .insert({
      checklist_id: checklist.id,
      card_id: checklist.card_id,
      title: input.title,
      completed: input.completed ?? false,
    })
    .returning<ItemRow[]>(ITEM_COLUMNS);
  return row!;
}

export async function deleteItem(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('mtn_checklist_items').where({ id }).del();
}
