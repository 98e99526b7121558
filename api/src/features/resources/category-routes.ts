import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { categoryUpsertSchema } from '@shared/schemas';
import { audit } from '../../core/audit';
import { auth, authorize, requireUser } from '../../core/auth';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { idParam, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { presentCategory } from './presenter';

interface CategoryRow {
  id: number;
  name: string;
}

/**
 * /api/resource/category/*: every member lists the categories (the filter); admins add, rename
 * and delete them. Deleting a category takes it off its resources (the resources stay).
 * Also /api/resource/course-options: the courses a Course resource may open (admin form).
 */
export function addCategoryRoutes(router: Router<PortalState, PortalContext>): void {
  router.get('/category/read-many', auth(), authorize('resource:read'), async (ctx) => {
    const rows = (await ctx.deps
      .knex('categories')
      .select('id', 'name')
      .orderByRaw('lower(name), id')
      .limit(1000)) as CategoryRow[];
    ctx.body = { resourceCategories: rows.map(presentCategory) };
  });

  router.post('/category/upsert', auth(), authorize('resource:manage'), async (ctx) => {
    const input = await parse(categoryUpsertSchema, ctx.request.body);
    const { knex } = ctx.deps;
    try {
      const row = await knex.transaction(async (trx) => {
        const [saved] = input.id
          ? await trx('categories')
              .where({ id: input.id })
              .update({ name: input.name })
              .returning<CategoryRow[]>(['id', 'name'])
          : await trx('categories').insert({ name: input.name }).returning<CategoryRow[]>(['id', 'name']);
        if (!saved) throw notFound(MESSAGES.categoryNotFound);
        await audit(trx, {
          actorId: requireUser(ctx).id,
          action: input.id ? 'category.update' : 'category.create',
          details: { categoryId: saved.id, name: saved.name },
          ip: ctx.ip,
        });
        return saved;
      });
      ctx.body = { resourceCategory: presentCategory(row), isNew: !input.id };
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_unique')) {
        throw conflict(MESSAGES.categoryNameInUse, { name: MESSAGES.categoryNameInUse });
      }
      throw err;
    }
  });

  router.delete('/category/:id', auth(), authorize('resource:manage'), async (ctx) => {
    const id = idParam(ctx.params.id);
    await ctx.deps.knex.transaction(async (trx) => {
      const deleted = await trx('categories').where({ id }).del();
      if (!deleted) throw notFound(MESSAGES.categoryNotFound);
      await audit(trx, {
        actorId: requireUser(ctx).id,
        action: 'category.delete',
        details: { categoryId: id },
        ip: ctx.ip,
      });
    });
    ctx.body = { success: true, message: MESSAGES.categoryDeleted };
  });

  router.get('/course-options', auth(), authorize('resource:manage'), async (ctx) => {
    const rows = (await ctx.deps
      .knex('courses')
      .select('id', 'title', 'status')
      .orderBy('position')
      .limit(1000)) as Array<{
      id: number;
      title: string;
      status: 'DRAFT' | 'PUBLISHED';
    }>;
    ctx.body = { courses: rows.map((r) => ({ id: r.id, title: r.title, status: r.status })) };
  });
}
