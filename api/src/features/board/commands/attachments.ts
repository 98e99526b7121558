import { MESSAGES } from '@shared/messages';
import type { AttachmentUpsertInput } from '@shared/schemas/board';
import { badRequest } from '../../../core/errors';
import type { Storage } from '../../../adapters/storage';
import { Attachment, Upload } from '../../../models';
import { record, type BoardWrite } from './board-write';
import { recordAttachmentAdded, recordAttachmentRemoved } from './history';
import { touched, type BoardTouch } from './touch';

/**
 * The attachment commands. An attachment is an image uploaded through POST /upload
 * (content-checked, size-limited, stored by the storage adapter): its fileUrl must be one of our
 * own uploads, made by the actor.
 */

const notOurs = () => badRequest(MESSAGES.attachmentNotOurs, { fileUrl: MESSAGES.attachmentNotOurs });

/** Attaches the actor's upload `input.fileUrl` to card `cardId`, with its history row. */
export async function attachUpload(
  w: BoardWrite,
  storage: Storage,
  cardId: number,
  input: AttachmentUpsertInput,
): Promise<{ attachment: Attachment; touch: BoardTouch }> {
  const key = storage.owns(input.fileUrl ?? '');
  if (!key) throw notOurs();
  const upload = await Upload.query(w.trx).where({ storage_key: key, user_id: w.actor.id }).first().select('id');
  if (!upload) throw notOurs();
  const attachment = await Attachment.query(w.trx)
    .insert({ card_id: cardId, file_url: input.fileUrl!, file_name: input.fileName })
    .returning('*');
  await recordAttachmentAdded(w.trx, w.actor.id, attachment.id);
  return { attachment, touch: record(w, touched(w.ownerId, 'attachment-changed', { cards: [cardId] })) };
}

export async function renameAttachment(
  w: BoardWrite,
  found: Pick<Attachment, 'id' | 'card_id'>,
  fileName: string,
): Promise<{ attachment: Attachment; touch: BoardTouch }> {
  const [attachment] = await Attachment.query(w.trx)
    .patch({ file_name: fileName })
    .where({ id: found.id })
    .returning('*');
  return {
    attachment: attachment!,
    touch: record(w, touched(w.ownerId, 'attachment-changed', { cards: [found.card_id] })),
  };
}

/** Deletes an attachment, with its history row; the attachment that is the card's cover takes the cover with it. */
export async function deleteAttachment(
  w: BoardWrite,
  found: Pick<Attachment, 'id' | 'card_id' | 'file_url'>,
): Promise<BoardTouch> {
  const { id, card_id: cardId, file_url: url } = found;
  await recordAttachmentRemoved(w.trx, w.actor.id, id);
  await Attachment.query(w.trx).delete().where({ id });
  await w.trx.raw(
    `update mtn_cards set cover_photo_url = null, updated_at = now()
      where id = ? and cover_photo_url = ?
        and not exists (select 1 from mtn_attachments where card_id = ? and file_url = ?)`,
    [cardId, url, cardId, url],
  );
  return record(w, touched(w.ownerId, 'attachment-changed', { cards: [cardId] }));
}
