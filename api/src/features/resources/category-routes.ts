import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { categoryUpsertSchema } from '@shared/schemas';
import { auth, authorize, requireUser } from '../../core/auth';
import { idParam, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { deleteCategory, listCategories, listCourseOptions, saveCategory } from './categories';
import { presentCategory } from './presenter';

/**
 * /api/resource/category/*: every member lists the categories (the filter); admins add, rename,
 * mark as premium slides and delete them. Deleting a category takes it off its resources (the
 * resources stay). Also /api/resource/course-options: the courses a Course resource may open (admin form).
 */
export function addCategoryRoutes(router: Router<PortalState, PortalContext>): void {
  router.get('/category/read-many', auth(), authorize('resource:read'), async (ctx) => {
    ctx.body = { resourceCategories: (await listCategories(ctx.deps.knex)).map(presentCategory) };
  });

  router.post('/category/upsert', auth(), authorize('resource:manage'), async (ctx) => {
    const input = await parse(categoryUpsertSchema, ctx.request.body);
    const row = await saveCategory(ctx.deps.knex, input, { actorId: requireUser(ctx).id, ip: ctx.ip });
    ctx.body = { resourceCategory: presentCategory(row), isNew: !input.id };
  });

  router.delete('/category/:id', auth(), authorize('resource:manage'), async (ctx) => {
    await deleteCategory(ctx.deps.knex, idParam(ctx.params.id), { actorId: requireUser(ctx).id, ip: ctx.ip });
    ctx.body = { success: true, message: MESSAGES.categoryDeleted };
  });

  router.get('/course-options', auth(), authorize('resource:manage'), async (ctx) => {
    ctx.body = { courses: await listCourseOptions(ctx.deps.knex) };
  });
}
