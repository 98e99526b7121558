import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { can, courseAudience } from '@shared/policies';
import {
  lessonIdSchema,
  lessonListQuerySchema,
  lessonOptionsQuerySchema,
  lessonPageQuerySchema,
  lessonUpsertSchema,
} from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import { badRequest, notFound } from '../../core/errors';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { findVisibleLesson } from './detail';
import {
  readAllLessons,
  readCompletedLessons,
  readLessonForAdmin,
  readLessonOptions,
  readLessons,
} from './lesson-queries';
import { deleteLesson, markCompleted, markUncompleted, saveLesson } from './lesson-service';
import { actorOf } from './params';

/** Lesson calls under /api/lesson (docs/areas/courses.md#api). Reads follow the course visibility rules. */
export function lessonRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/lesson' });

  router.get(
    '/read-many',
    ...endpoint({ input: lessonListQuerySchema, from: 'query', authorize: 'course:read' }, async (ctx) => {
      const { ModuleId: moduleId, courseId } = ctx.input;
      if (!moduleId && !courseId) {
        // Without a parameter (docs/areas/courses.md#api) a course manager gets every lesson, paged; others must filter.
        if (!can(ctx.user, 'course:manage')) {
          throw badRequest('Give ModuleId or courseId', { ModuleId: 'Give ModuleId or courseId' });
        }
        const { page, itemsPerPage } = ctx.input;
        const paging = await parse(lessonPageQuerySchema, { page, itemsPerPage });
        ctx.body = await readAllLessons(ctx.deps.knex, ctx.user.id, paging);
        return;
      }
      ctx.body = { lessons: await readLessons(ctx.deps.knex, courseAudience(ctx.user), { moduleId, courseId }) };
    }),
  );

  router.get(
    '/read-options',
    ...endpoint({ input: lessonOptionsQuerySchema, from: 'query', authorize: 'course:read' }, async (ctx) => {
      ctx.body = { lessons: await readLessonOptions(ctx.deps.knex, courseAudience(ctx.user), ctx.input.search) };
    }),
  );

  router.get(
    '/completed',
    ...endpoint({ authorize: 'course:read' }, async (ctx) => {
      ctx.body = { lessons: await readCompletedLessons(ctx.deps.knex, courseAudience(ctx.user)) };
    }),
  );

  router.post(
    '/upsert',
    ...endpoint({ input: lessonUpsertSchema, authorize: 'course:manage', transaction: true }, async (ctx) => {
      const saved = await saveLesson(ctx.trx, ctx.input, actorOf(ctx));
      ctx.body = { lesson: await readLessonForAdmin(ctx.trx, ctx.user.id, saved.id), isNew: saved.isNew };
    }),
  );

  router.delete(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: 'course:manage', transaction: true }, async (ctx) => {
      await deleteLesson(ctx.trx, ctx.input.id, actorOf(ctx));
      ctx.body = { success: true, message: MESSAGES.lessonDeleted };
    }),
  );

  /** A member marks a lesson they can open; any other id is "not found" (no probing of drafts). */
  for (const [path, completed] of [
    ['/mark-as-completed', true],
    ['/mark-as-uncompleted', false],
  ] as const) {
    router.put(
      path,
      ...endpoint({ input: lessonIdSchema, authorize: 'course:read', transaction: true }, async (ctx) => {
        const { lessonId } = ctx.input;
        const lesson = await findVisibleLesson(ctx.trx, courseAudience(ctx.user), lessonId);
        if (!lesson) throw notFound(MESSAGES.lessonNotFound);
        if (completed) await markCompleted(ctx.trx, ctx.user.id, lessonId);
        else await markUncompleted(ctx.trx, ctx.user.id, lessonId);
        ctx.body = { success: true, lessonId, completed: completed ? 'true' : 'false' };
      }),
    );
  }

  return router;
}
