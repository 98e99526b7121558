import Router from '@koa/router';
import { tagUpsertSchema } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { deleteTag, listTags, saveTag, type TagRow } from './service';

export const presentTag = (row: TagRow) => ({ id: row.id, name: row.name, openForSignup: row.open_for_signup });

/** Tag Management (admin); coaches list tags to edit users' tags. Each change is audited in its transaction. */
export function tagRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/tag' });

  router.get(
    '/read-many',
    ...endpoint({ authorize: 'tag:list' }, async (ctx) => {
      ctx.body = { tags: (await listTags(ctx.deps.knex)).map(presentTag) };
    }),
  );

  router.post(
    '/upsert',
    ...endpoint({ input: tagUpsertSchema, authorize: 'tag:manage', transaction: true }, async (ctx) => {
      const row = await saveTag(ctx.trx, ctx.input, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.body = { tag: presentTag(row), isNew: !ctx.input.id };
    }),
  );

  router.delete(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: 'tag:manage', transaction: true }, async (ctx) => {
      await deleteTag(ctx.trx, ctx.input.id, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.body = { success: true, message: MESSAGES.tagDeleted };
    }),
  );

  return router;
}
