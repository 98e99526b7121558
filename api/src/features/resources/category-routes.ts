import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { categoryUpsertSchema } from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { deleteCategory, listCategories, listCourseOptions, saveCategory } from './categories';
import { presentCategory } from './presenter';

/**
 * /api/resource/category/*: every member lists the categories (the filter); admins add, rename,
 * mark as premium slides and delete them. Deleting a category takes it off its resources (the
 * resources stay). Also /api/resource/course-options: the courses a Course resource may open (admin form).
 */
export function addCategoryRoutes(router: Router<PortalState, PortalContext>): void {
  router.get(
    '/category/read-many',
    ...endpoint({ authorize: 'resource:read' }, async (ctx) => {
      ctx.body = { resourceCategories: (await listCategories(ctx.deps.knex)).map(presentCategory) };
    }),
  );

  router.post(
    '/category/upsert',
    ...endpoint({ input: categoryUpsertSchema, authorize: 'resource:manage', transaction: true }, async (ctx) => {
      const row = await saveCategory(ctx.trx, ctx.input, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.body = { resourceCategory: presentCategory(row), isNew: !ctx.input.id };
    }),
  );

  router.delete(
    '/category/:id',
    ...endpoint({ ids: ['id'], authorize: 'resource:manage', transaction: true }, async (ctx) => {
      await deleteCategory(ctx.trx, ctx.input.id, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.body = { success: true, message: MESSAGES.categoryDeleted };
    }),
  );

  router.get(
    '/course-options',
    ...endpoint({ authorize: 'resource:manage' }, async (ctx) => {
      ctx.body = { courses: await listCourseOptions(ctx.deps.knex) };
    }),
  );
}
