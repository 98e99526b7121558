import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { moduleUpsertSchema, reorderModulesSchema } from '@shared/schemas';
import { auth, authorize } from '../../core/auth';
import { idParam, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { readAllModules, readModuleSummary } from './lesson-queries';
import { deleteModule, saveModule } from './module-service';
import { actorOf } from './params';
import { reorderModules } from './reorder';

/** SPEC §7 module calls under /api/module: all for admins (course form choices, editing). */
export function moduleRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/module' });

  router.get('/read-many', auth(), authorize('course:manage'), async (ctx) => {
    ctx.body = { modules: await readAllModules(ctx.deps.knex) };
  });

  router.post('/upsert', auth(), authorize('course:manage'), async (ctx) => {
    const input = await parse(moduleUpsertSchema, ctx.request.body);
    const saved = await saveModule(ctx.deps.knex, input, actorOf(ctx));
    ctx.body = { module: await readModuleSummary(ctx.deps.knex, saved.id), isNew: saved.isNew };
  });

  router.post('/reorder', auth(), authorize('course:manage'), async (ctx) => {
    const input = await parse(reorderModulesSchema, ctx.request.body);
    await reorderModules(ctx.deps.knex, input.modules, actorOf(ctx));
    ctx.body = { success: true };
  });

  router.delete('/:id', auth(), authorize('course:manage'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const deleted = await deleteModule(ctx.deps.knex, id, actorOf(ctx));
    ctx.body = { success: true, message: MESSAGES.moduleDeleted, deleted };
  });

  return router;
}
