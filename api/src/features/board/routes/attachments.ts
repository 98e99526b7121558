import type Router from '@koa/router';
import { attachmentUpsertSchema, type AttachmentUpsertInput } from '@shared/schemas/board';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { byInput, ownedPolicy } from '../access/policies';
import { attachUpload, deleteAttachment, renameAttachment } from '../commands/attachments';
import { BOARD_TRANSACTION, boardWriteOf } from '../commands/board-write';
import { presentAttachment } from '../presenters';

/**
 * Attachments are images uploaded through POST /upload (content-checked, size-limited, stored by
 * the storage adapter). fileUrl must be one of our own uploads, made by the actor.
 */
export function attachmentRoutes(router: Router<PortalState, PortalContext>): void {
  router.post(
    '/attachment/upsert',
    ...endpoint(
      {
        input: attachmentUpsertSchema,
        authorize: byInput<AttachmentUpsertInput>('board:work', (i) =>
          ownedPolicy('board:work', () => (i.id ? ['attachment', i.id] : ['card', i.CardId!])),
        ),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const { input } = ctx;
        const found = ctx.subject.row!;
        const write = boardWriteOf(ctx);
        const { attachment } = input.id
          ? await renameAttachment(write, { id: found.id, card_id: Number(found.card_id) }, input.fileName)
          : await attachUpload(write, ctx.deps.storage, found.id, input);
        ctx.body = { attachment: presentAttachment(attachment), isNew: !input.id };
      },
    ),
  );

  /** Deleting the attachment that is the card's cover removes the cover too (one transaction). */
  router.delete(
    '/attachment/:id',
    ...endpoint(
      {
        ids: ['id'],
        authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['attachment', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const found = ctx.subject.row!;
        await deleteAttachment(boardWriteOf(ctx), {
          id: found.id,
          card_id: Number(found.card_id),
          file_url: String(found.file_url),
        });
        ctx.body = { success: true };
      },
    ),
  );
}
