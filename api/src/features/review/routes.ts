import Router from '@koa/router';
import { COMPLETED_LIST_NAME } from '@shared/board/list-roles';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { reviewQueueQuerySchema, reviewSendSchema } from '@shared/schemas/review';
import type { ReviewSendResponse } from '@shared/types/review';
import { refuse, requireUser } from '../../core/auth';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { BOARD_TRANSACTION, boardWriteOf, findOwned, type BoardTarget } from '../board';
import { reviewSlaHours } from './deadline';
import { readReviewQueue, sendOn } from './service';

/**
 * The coach's review queue (docs/areas/review.md, prefix /api/move-the-needle/review-queue): the cards that
 * wait in a FOR REVIEW list, and sending one on in one step. Coaches and admins only.
 */
export function reviewRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/move-the-needle/review-queue' });

  router.get(
    '/',
    ...endpoint({ input: reviewQueueQuerySchema, from: 'query', authorize: 'review:queue' }, async (ctx) => {
      const slaHours = await reviewSlaHours(ctx.deps.knex, ctx.deps.config.settingDefaults);
      ctx.body = await readReviewQueue(ctx.deps.knex, ctx.user.id, ctx.input, slaHours);
    }),
  );

  /**
   * POST /:cardId/send {to, comment?}: in the board's transaction (its lock first), the comment
   * and the move to the top of `to` on the member's board. 409 when the card no longer waits.
   */
  router.post(
    '/:cardId/send',
    ...endpoint(
      {
        input: reviewSendSchema,
        ids: ['cardId'],
        authorize: {
          action: 'review:send',
          load: async (ctx: PortalContext): Promise<BoardTarget> => {
            // A member is refused before any lookup: no card ids to probe.
            if (!can(requireUser(ctx), 'review:queue')) refuse(ctx, 'review:send');
            const card = await findOwned(ctx.deps.knex, 'card', (ctx.input as { cardId: number }).cardId);
            return { id: card.owner_id, role: card.owner_role, lock: card.owner_id, row: card };
          },
        },
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        // The move writes the card's history and notifies the member, as a drag out of FOR REVIEW does.
        const sent = await sendOn(boardWriteOf(ctx), ctx.input.cardId, ctx.input, ctx.deps.config.publicUrl);
        const body: ReviewSendResponse = {
          success: true,
          message: sent.to === COMPLETED_LIST_NAME ? MESSAGES.reviewCompleted : MESSAGES.reviewSentBack,
          card: { id: sent.cardId, ListId: sent.listId, position: sent.position },
          activityId: sent.activityId,
        };
        ctx.body = body;
      },
    ),
  );

  return router;
}
