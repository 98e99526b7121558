import type Router from '@koa/router';
import type { Knex } from 'knex';
import { MAX_COACHES_LISTED } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { canEditActivity } from '@shared/policies/board';
import { hasOwnBoard } from '@shared/policies/principal';
import { activityUpsertSchema } from '@shared/schemas/board';
import { auth, requireUser } from '../../core/auth';
import { badRequest, forbidden, notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { idParam, parse } from '../../core/validate';
import { findOwned } from './access';
import { notifyMentions } from './mention-mail';
import { presentActivity, presentPerson, type PersonRow } from './presenters';
import { readActivities } from './read-model';
import { boardTx } from './tx';

/** Mentioned users must all be coaches (SPEC §6); 400 otherwise. */
async function checkMentions(db: Knex, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db('users').whereIn('id', unique).andWhere({ role: 'coach' }).select<Array<{ id: number }>>('id');
  if (rows.length !== unique.length) {
    throw badRequest(MESSAGES.onlyCoachesMentioned, { mentionedUsers: MESSAGES.onlyCoachesMentioned });
  }
  return unique;
}

/** Comments on cards (with mentioned coaches), and the coaches a comment may mention. */
export function activityRoutes(router: Router<PortalState, PortalContext>): void {
  router.post('/activity/upsert', auth(), async (ctx) => {
    const input = await parse(activityUpsertSchema, ctx.request.body);
    const actor = requireUser(ctx);
    const { knex } = ctx.deps;
    const mentions = await checkMentions(knex, input.mentionedUsers);
    let activityId: number;
    let cardId: number;
    /** Coaches this save mentions who were not mentioned before: they get an email. */
    let newlyMentioned: number[] = mentions;
    if (input.id) {
      const found = await findOwned(ctx, knex, 'activity', input.id);
      if (!canEditActivity(actor, found.author_id as number | null)) throw forbidden();
      activityId = found.id;
      cardId = found.card_id as number;
      await boardTx(knex, found.owner_id, async (trx) => {
        const before = await trx('mtn_activity_mentions').where({ activity_id: activityId }).pluck<number[]>('user_id');
        newlyMentioned = mentions.filter((id) => !before.includes(id));
        await trx('mtn_activities')
          .where({ id: activityId })
          .update({ comment: input.comment, updated_at: trx.fn.now() });
        await trx('mtn_activity_mentions').where({ activity_id: activityId }).del();
        if (mentions.length)
          await trx('mtn_activity_mentions').insert(mentions.map((u) => ({ activity_id: activityId, user_id: u })));
      });
    } else {
      const card = await findOwned(ctx, knex, 'card', input.CardId!);
      cardId = card.id;
      activityId = await boardTx(knex, card.owner_id, async (trx) => {
        const [row] = await trx('mtn_activities')
          .insert({ card_id: card.id, user_id: actor.id, comment: input.comment })
          .returning<Array<{ id: number }>>('id');
        if (mentions.length)
          await trx('mtn_activity_mentions').insert(mentions.map((u) => ({ activity_id: row!.id, user_id: u })));
        return row!.id;
      });
    }
    const [row] = await readActivities(knex, { activityId });
    if (!row) throw notFound('Comment not found');
    notifyMentions(ctx, { author: actor, cardId, comment: input.comment, coachIds: newlyMentioned });
    ctx.body = { activity: presentActivity(row), isNew: !input.id };
  });

  router.delete('/activity/:id', auth(), async (ctx) => {
    const id = idParam(ctx.params.id);
    const found = await findOwned(ctx, ctx.deps.knex, 'activity', id);
    if (!canEditActivity(requireUser(ctx), found.author_id as number | null)) throw forbidden();
    await boardTx(ctx.deps.knex, found.owner_id, (trx) => trx('mtn_activities').where({ id }).del());
    ctx.body = { success: true };
  });

  /** The coaches a comment may mention (SPEC §6, §9: up to 50), for whoever works on a board. */
  router.get('/coaches', auth(), async (ctx) => {
    if (!hasOwnBoard(requireUser(ctx))) throw forbidden();
    const rows = await ctx.deps
      .knex('users')
      .where({ role: 'coach' })
      .orderByRaw('lower(full_name), id')
      .limit(MAX_COACHES_LISTED)
      .select<PersonRow[]>('id', 'full_name', 'photo_url');
    ctx.body = { coaches: rows.map(presentPerson) };
  });
}
