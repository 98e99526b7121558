import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { attachmentUpsertSchema } from '@shared/schemas/board';
import { auth, requireUser } from '../../core/auth';
import { badRequest } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { idParam, parse } from '../../core/validate';
import { findOwned } from './access';
import { presentAttachment, type AttachmentRow } from './presenters';
import { boardTx } from './tx';

const COLUMNS = ['id', 'file_url', 'file_name', 'card_id', 'created_at'];
const notOurs = () => badRequest(MESSAGES.attachmentNotOurs, { fileUrl: MESSAGES.attachmentNotOurs });

/**
 * Attachments are images uploaded through POST /upload (content-checked, size-limited, stored by
 * the storage adapter). fileUrl must be one of our own uploads, made by the actor.
 */
export function attachmentRoutes(router: Router<PortalState, PortalContext>): void {
  router.post('/attachment/upsert', auth(), async (ctx) => {
    const input = await parse(attachmentUpsertSchema, ctx.request.body);
    const { knex, storage } = ctx.deps;
    if (input.id) {
      const found = await findOwned(ctx, knex, 'attachment', input.id);
      const [row] = await boardTx(knex, found.owner_id, (trx) =>
        trx('mtn_attachments')
          .where({ id: found.id })
          .update({ file_name: input.fileName })
          .returning<AttachmentRow[]>(COLUMNS),
      );
      ctx.body = { attachment: presentAttachment(row!), isNew: false };
      return;
    }
    const card = await findOwned(ctx, knex, 'card', input.CardId!);
    const key = storage.owns(input.fileUrl ?? '');
    if (!key) throw notOurs();
    const upload = await knex('uploads')
      .where({ storage_key: key, user_id: requireUser(ctx).id })
      .first('id');
    if (!upload) throw notOurs();
    const [row] = await boardTx(knex, card.owner_id, (trx) =>
      trx('mtn_attachments')
        .insert({ card_id: card.id, file_url: input.fileUrl, file_name: input.fileName })
        .returning<AttachmentRow[]>(COLUMNS),
    );
    ctx.body = { attachment: presentAttachment(row!), isNew: true };
  });

  /** Deleting the attachment that is the card's cover removes the cover too (one transaction). */
  router.delete('/attachment/:id', auth(), async (ctx) => {
    const id = idParam(ctx.params.id);
    const found = await findOwned(ctx, ctx.deps.knex, 'attachment', id);
    const cardId = Number(found.card_id);
    const url = String(found.file_url);
    await boardTx(ctx.deps.knex, found.owner_id, async (trx) => {
      await trx('mtn_attachments').where({ id }).del();
      await trx.raw(
        `update mtn_cards set cover_photo_url = null, updated_at = now()
          where id = ? and cover_photo_url = ?
            and not exists (select 1 from mtn_attachments where card_id = ? and file_url = ?)`,
        [cardId, url, cardId, url],
      );
    });
    ctx.body = { success: true };
  });
}
