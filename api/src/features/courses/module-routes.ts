import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { moduleUpsertSchema, reorderModulesSchema } from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { readAllModules, readModuleSummary } from './lesson-queries';
import { deleteModule, saveModule } from './module-service';
import { actorOf, bodyForManagers } from './params';
import { reorderModules } from './reorder';

/** Module calls under /api/module (docs/areas/courses.md#api): all for admins (course form choices, editing). */
export function moduleRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/module' });

  router.get(
    '/read-many',
    ...endpoint({ authorize: 'course:manage' }, async (ctx) => {
      ctx.body = { modules: await readAllModules(ctx.deps.knex) };
    }),
  );

  router.post(
    '/upsert',
    ...endpoint({ input: moduleUpsertSchema, authorize: 'course:manage', transaction: true }, async (ctx) => {
      const saved = await saveModule(ctx.trx, ctx.input, actorOf(ctx));
      ctx.body = { module: await readModuleSummary(ctx.trx, saved.id), isNew: saved.isNew };
    }),
  );

  router.post(
    '/reorder',
    ...endpoint(
      { input: reorderModulesSchema, from: bodyForManagers, authorize: 'course:manage', transaction: true },
      async (ctx) => {
        await reorderModules(ctx.trx, ctx.input.modules, actorOf(ctx));
        ctx.body = { success: true };
      },
    ),
  );

  router.delete(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: 'course:manage', transaction: true }, async (ctx) => {
      const deleted = await deleteModule(ctx.trx, ctx.input.id, actorOf(ctx));
      ctx.body = { success: true, message: MESSAGES.moduleDeleted, deleted };
    }),
  );

  return router;
}
