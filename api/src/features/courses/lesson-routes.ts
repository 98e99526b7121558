import Router from '@koa/router';
import * as yup from 'yup';
import { MESSAGES } from '@shared/messages';
import { can, courseAudience } from '@shared/policies';
import { lessonIdSchema, lessonPageQuerySchema, lessonUpsertSchema } from '@shared/schemas';
import { auth, authorize, requireUser } from '../../core/auth';
import { badRequest, notFound } from '../../core/errors';
import { idParam, parse } from '../../core/validate';
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
import { actorOf, optionalId, singleValues } from './params';

const optionsQuerySchema = yup.object({ search: yup.string().trim().max(200).default('') });

/** SPEC §7 lesson calls under /api/lesson. Reads follow the course visibility rules. */
export function lessonRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/lesson' });

  router.get('/read-many', auth(), authorize('course:read'), async (ctx) => {
    const q = singleValues(ctx.query);
    const moduleId = optionalId(q.ModuleId, 'ModuleId');
    const courseId = optionalId(q.courseId, 'courseId');
    const user = requireUser(ctx);
    if (!moduleId && !courseId) {
      // SPEC §7 names no parameter: a course manager gets every lesson, paged; others must filter.
      if (!can(user, 'course:manage')) {
        throw badRequest('Give ModuleId or courseId', { ModuleId: 'Give ModuleId or courseId' });
      }
      const paging = await parse(lessonPageQuerySchema, { page: q.page, itemsPerPage: q.itemsPerPage });
      ctx.body = await readAllLessons(ctx.deps.knex, user.id, paging);
      return;
    }
    ctx.body = { lessons: await readLessons(ctx.deps.knex, courseAudience(user), { moduleId, courseId }) };
  });

  router.get('/read-options', auth(), authorize('course:read'), async (ctx) => {
    const { search } = await parse(optionsQuerySchema, singleValues(ctx.query));
    ctx.body = { lessons: await readLessonOptions(ctx.deps.knex, courseAudience(requireUser(ctx)), search) };
  });

  router.get('/completed', auth(), authorize('course:read'), async (ctx) => {
    ctx.body = { lessons: await readCompletedLessons(ctx.deps.knex, courseAudience(requireUser(ctx))) };
  });

  router.post('/upsert', auth(), authorize('course:manage'), async (ctx) => {
    const input = await parse(lessonUpsertSchema, ctx.request.body);
    const saved = await saveLesson(ctx.deps.knex, input, actorOf(ctx));
    ctx.body = { lesson: await readLessonForAdmin(ctx.deps.knex, requireUser(ctx).id, saved.id), isNew: saved.isNew };
  });

  router.delete('/:id', auth(), authorize('course:manage'), async (ctx) => {
    await deleteLesson(ctx.deps.knex, idParam(ctx.params.id), actorOf(ctx));
    ctx.body = { success: true, message: MESSAGES.lessonDeleted };
  });

  /** A member marks a lesson they can open; any other id is "not found" (no probing of drafts). */
  for (const [path, completed] of [
    ['/mark-as-completed', true],
    ['/mark-as-uncompleted', false],
  ] as const) {
    router.put(path, auth(), authorize('course:read'), async (ctx) => {
      const { lessonId } = await parse(lessonIdSchema, ctx.request.body);
      const user = requireUser(ctx);
      const lesson = await findVisibleLesson(ctx.deps.knex, courseAudience(user), lessonId);
      if (!lesson) throw notFound(MESSAGES.lessonNotFound);
      if (completed) await markCompleted(ctx.deps.knex, user.id, lessonId);
      else await markUncompleted(ctx.deps.knex, user.id, lessonId);
      ctx.body = { success: true, lessonId, completed: completed ? 'true' : 'false' };
    });
  }

  return router;
}
