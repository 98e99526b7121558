import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { courseAudience } from '@shared/policies';
import {
  courseAccessQuerySchema,
  courseDetailQuerySchema,
  courseListQuerySchema,
  courseUpsertSchema,
  reorderCourseSchema,
  reorderCoursesSchema,
} from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import { badRequest, HttpError, notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { audienceSql } from './audience';
import { readCatalog, readListedCourse } from './catalog';
import { currentCourseCover, deleteCourse, saveCourse } from './course-service';
import { findCourse, lessonRedirectTarget, readCourseDetail, readCourseOutline } from './detail';
import { actorOf, bodyForManagers, detailQuery, isPossibleSlug } from './params';
import { lessonUrl } from './presenters';
import { reorderCourse, reorderCourses } from './reorder';

const noAccess = () => new HttpError(403, 'no_access', 'This course is not part of your membership yet.');

/** Course calls under /api/course (docs/areas/courses.md#api). Specific paths come before GET /:slug. */
export function courseRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/course' });

  router.get(
    '/read-many',
    ...endpoint({ input: courseListQuerySchema, from: 'query', authorize: 'course:read' }, async (ctx) => {
      ctx.body = await readCatalog(ctx.deps.knex, courseAudience(ctx.user), ctx.input);
    }),
  );

  router.get(
    '/access',
    ...endpoint({ input: courseAccessQuerySchema, from: 'query', authorize: 'course:read' }, async (ctx) => {
      const { slug } = ctx.input;
      if (!slug) throw badRequest('Give the course slug', { slug: MESSAGES.fieldRequired });
      if (!isPossibleSlug(slug)) throw notFound(MESSAGES.courseNotFound);
      const found = await findCourse(ctx.deps.knex, audienceSql(courseAudience(ctx.user)), slug);
      if (found.kind === 'not-found') throw notFound(MESSAGES.courseNotFound);
      ctx.body = { hasAccess: found.kind === 'ok' };
    }),
  );

  router.get(
    '/lesson-redirect/:lessonId',
    ...endpoint({ ids: ['lessonId'], authorize: 'course:read' }, async (ctx) => {
      const target = await lessonRedirectTarget(ctx.deps.knex, courseAudience(ctx.user), ctx.input.lessonId);
      if (!target) throw notFound(MESSAGES.lessonNotFound);
      ctx.body = { url: lessonUrl(target.slug, target.moduleId, target.lessonId) };
    }),
  );

  router.post(
    '/upsert',
    ...endpoint({ input: courseUpsertSchema, authorize: 'course:manage', transaction: true }, async (ctx) => {
      const { input, trx } = ctx;
      if (
        input.coverPhotoUrl &&
        input.coverPhotoUrl !== (await currentCourseCover(trx, input.id)) &&
        !ctx.deps.storage.owns(input.coverPhotoUrl)
      ) {
        const message = 'Choose a photo uploaded to the portal';
        throw badRequest(message, { coverPhotoUrl: message });
      }
      const saved = await saveCourse(trx, input, actorOf(ctx));
      const course = await readListedCourse(trx, courseAudience(ctx.user), saved.id);
      ctx.body = { course, isNew: saved.isNew };
    }),
  );

  router.post(
    '/reorder-courses',
    ...endpoint(
      { input: reorderCoursesSchema, from: bodyForManagers, authorize: 'course:manage', transaction: true },
      async (ctx) => {
        await reorderCourses(ctx.trx, ctx.input.courses, actorOf(ctx));
        ctx.body = { success: true };
      },
    ),
  );

  router.post(
    '/reorder',
    ...endpoint({ input: reorderCourseSchema, authorize: 'course:manage', transaction: true }, async (ctx) => {
      await reorderCourse(ctx.trx, ctx.input, actorOf(ctx));
      ctx.body = { success: true };
    }),
  );

  router.delete(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: 'course:manage', transaction: true }, async (ctx) => {
      const deleted = await deleteCourse(ctx.trx, ctx.input.id, actorOf(ctx));
      ctx.body = { success: true, message: MESSAGES.courseDeleted, deleted };
    }),
  );

  router.get(
    '/:slug/outline',
    ...endpoint({ authorize: 'course:read' }, async (ctx) => {
      const slug = ctx.params.slug!;
      if (!isPossibleSlug(slug)) throw notFound(MESSAGES.courseNotFound);
      const outline = await readCourseOutline(ctx.deps.knex, courseAudience(ctx.user), slug);
      if (!outline) throw notFound(MESSAGES.courseNotFound);
      ctx.body = { outline };
    }),
  );

  router.get(
    '/:slug',
    ...endpoint({ input: courseDetailQuerySchema, from: detailQuery, authorize: 'course:read' }, async (ctx) => {
      const slug = ctx.params.slug!;
      const { search } = ctx.input;
      const found = await readCourseDetail(ctx.deps.knex, courseAudience(ctx.user), slug, search);
      if (found.kind === 'not-found') throw notFound(MESSAGES.courseNotFound);
      if (found.kind === 'no-access' || !found.detail) throw noAccess();
      ctx.body = { course: found.detail, search };
    }),
  );

  return router;
}
