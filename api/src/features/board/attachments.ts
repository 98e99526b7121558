import type Router from '@koa/router';
import { attachmentUpsertSchema, type AttachmentUpsertInput } from '@shared/schemas/board';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { byInput, ownedPolicy } from './access';
import { attachUpload, deleteAttachment, renameAttachment } from './item-service';
import { recordAttachmentAdded, recordAttachmentRemoved } from './history';
import { BOARD_TRANSACTION } from './locks';
import { presentAttachment } from './presenters';

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
        const row = input.id
          ? await renameAttachment(ctx.trx, input.id, input.fileName)
          : await attachUpload(ctx.trx, ctx.deps.storage, ctx.user.id, ctx.subject.row!.id, input);
        if (!input.id) await recordAttachmentAdded(ctx.trx, ctx.user.id, row.id);
        ctx.body = { attachment: presentAttachment(row), isNew: !input.id };
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
        await recordAttachmentRemoved(ctx.trx, ctx.user.id, ctx.input.id);
        await deleteAttachment(ctx.trx, ctx.subject.row!);
        ctx.body = { success: true };
      },
    ),
  );
}
