import type Router from '@koa/router';
import { activityUpsertSchema, type ActivityUpsertInput } from '@shared/schemas/board';
import { notFound } from '../../../core/errors';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { byInput, ownedPolicy } from '../access/policies';
import { BOARD_TRANSACTION, boardWriteOf } from '../commands/board-write';
import { comment, deleteComment } from '../commands/comment';
import { presentActivity, presentPerson } from '../presenters';
import { readActivities } from '../read-model/board';
import { listCoaches } from '../read-model/people';

/** Comments on cards (with mentioned coaches), and the coaches a comment may mention. */
export function activityRoutes(router: Router<PortalState, PortalContext>): void {
  /**
   * Without id: a new comment on CardId by the actor (whoever works on the board). With id: its
   * author or an admin changes it. Coaches it newly mentions get an email.
   */
  router.post(
    '/activity/upsert',
    ...endpoint(
      {
        input: activityUpsertSchema,
        authorize: byInput<ActivityUpsertInput>('board:activity-edit', (i) =>
          i.id
            ? ownedPolicy('board:activity-edit', () => ['activity', i.id!])
            : {
                ...ownedPolicy('board:activity-edit', () => ['card', i.CardId!]),
                // A new comment's author is the actor: the rule is then whether they work on the board.
                load: async (ctx) => ({
                  ...(await ownedPolicy('board:work', () => ['card', i.CardId!]).load!(ctx)),
                  authorId: ctx.state.user?.id ?? null,
                }),
              },
        ),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const { input } = ctx;
        const found = ctx.subject.row!;
        const { activityId } = await comment(
          boardWriteOf(ctx),
          {
            id: input.id,
            cardId: input.id ? Number(found.card_id) : found.id,
            comment: input.comment,
            mentionedUsers: input.mentionedUsers,
          },
          { publicUrl: ctx.deps.config.publicUrl },
        );
        const [row] = await readActivities(ctx.trx, { activityId });
        if (!row) throw notFound('Comment not found');
        ctx.body = { activity: presentActivity(row), isNew: !input.id };
      },
    ),
  );

  router.delete(
    '/activity/:id',
    ...endpoint(
      {
        ids: ['id'],
        authorize: ownedPolicy<{ id: number }>('board:activity-edit', (i) => ['activity', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const found = ctx.subject.row!;
        await deleteComment(boardWriteOf(ctx), { id: found.id, card_id: Number(found.card_id) });
        ctx.body = { success: true };
      },
    ),
  );

  /** The coaches a comment may mention (up to 50, docs/areas/board.md), for whoever works on a board. */
  router.get(
    '/coaches',
    ...endpoint({ authorize: 'board:own' }, async (ctx) => {
      ctx.body = { coaches: (await listCoaches(ctx.deps.knex)).map(presentPerson) };
    }),
  );
}
