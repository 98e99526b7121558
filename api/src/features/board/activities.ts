import type Router from '@koa/router';
import { activityUpsertSchema, type ActivityUpsertInput } from '@shared/schemas/board';
import { notFound } from '../../core/errors';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { byInput, ownedPolicy } from './access';
import { checkMentions, createActivity, deleteActivity, listCoaches, updateActivity } from './activity-service';
import { BOARD_TRANSACTION } from './locks';
import { enqueueMentionMails } from './mention-mail';
import { enqueueNotificationMails } from '../notifications/mail';
import { notifyComment } from '../notifications/service';
import { presentActivity, presentPerson } from './presenters';
import { readActivities } from './read-model';

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
        const { input, user } = ctx;
        const found = ctx.subject.row!;
        const mentions = await checkMentions(ctx.trx, input.mentionedUsers);
        let activityId = found.id;
        let cardId = found.id;
        let newlyMentioned = mentions;
        if (input.id) {
          cardId = found.card_id as number;
          newlyMentioned = await updateActivity(ctx.trx, activityId, input.comment, mentions);
        } else {
          activityId = await createActivity(ctx.trx, cardId, user.id, input.comment, mentions);
        }
        const [row] = await readActivities(ctx.trx, { activityId });
        if (!row) throw notFound('Comment not found');
        await enqueueMentionMails(ctx.trx, ctx.deps.config.publicUrl, {
          author: user,
          cardId,
          comment: input.comment,
          coachIds: newlyMentioned,
        });
        await enqueueNotificationMails(
          ctx.trx,
          await notifyComment(ctx.trx, { actor: user, cardId, isNew: !input.id, newlyMentioned }),
        );
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
        await deleteActivity(ctx.trx, ctx.input.id);
        ctx.body = { success: true };
      },
    ),
  );

  /** The coaches a comment may mention (SPEC §6, §9: up to 50), for whoever works on a board. */
  router.get(
    '/coaches',
    ...endpoint({ authorize: 'board:own' }, async (ctx) => {
      ctx.body = { coaches: (await listCoaches(ctx.deps.knex)).map(presentPerson) };
    }),
  );
}
