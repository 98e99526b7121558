import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { courseAudience } from '@shared/policies';
import {
  courseDetailQuerySchema,
  courseListQuerySchema,
  courseUpsertSchema,
  reorderCourseSchema,
  reorderCoursesSchema,
} from '@shared/schemas';
import { auth, authorize, requireUser } from '../../core/auth';
import { badRequest, HttpError, notFound } from '../../core/errors';
import { idParam, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { audienceSql } from './audience';
import { readCatalog, readListedCourse } from './catalog';
import { deleteCourse, saveCourse } from './course-service';
import { findCourse, lessonRedirectTarget, readCourseDetail } from './detail';
import { actorOf, isPossibleSlug, singleValues } from './params';
import { lessonUrl } from './presenters';
import { reorderCourse, reorderCourses } from './reorder';

const noAccess = () => new HttpError(403, 'no_access', 'This course is not part of your membership yet.');

/** SPEC §7 course calls under /api/course. Specific paths come before GET /:slug. */
export function courseRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/course' });

  router.get('/read-many', auth(), authorize('course:read'), async (ctx) => {
    const query = await parse(courseListQuerySchema, singleValues(ctx.query));
    ctx.body = await readCatalog(ctx.deps.knex, courseAudience(requireUser(ctx)), query);
  });

  router.get('/access', auth(), authorize('course:read'), async (ctx) => {
    const { slug } = singleValues(ctx.query);
    if (!slug) throw badRequest('Give the course slug', { slug: MESSAGES.fieldRequired });
    if (!isPossibleSlug(slug)) throw notFound(MESSAGES.courseNotFound);
    const found = await findCourse(ctx.deps.knex, audienceSql(courseAudience(requireUser(ctx))), slug);
    if (found.kind === 'not-found') throw notFound(MESSAGES.courseNotFound);
    ctx.body = { hasAccess: found.kind === 'ok' };
  });

  router.get('/lesson-redirect/:lessonId', auth(), authorize('course:read'), async (ctx) => {
    const lessonId = idParam(ctx.params.lessonId);
    const target = await lessonRedirectTarget(ctx.deps.knex, courseAudience(requireUser(ctx)), lessonId);
    if (!target) throw notFound(MESSAGES.lessonNotFound);
    ctx.body = { url: lessonUrl(target.slug, target.moduleId, target.lessonId) };
  });

  router.post('/upsert', auth(), authorize('course:manage'), async (ctx) => {
    const input = await parse(courseUpsertSchema, ctx.request.body);
    const { knex, storage } = ctx.deps;
    if (input.coverPhotoUrl) {
      const current = input.id
        ? ((await knex('courses').select('cover_photo_url').where({ id: input.id }).first()) as
            { cover_photo_url: string | null } | undefined)
        : undefined;
      if (input.coverPhotoUrl !== current?.cover_photo_url && !storage.owns(input.coverPhotoUrl)) {
        const message = 'Choose a photo uploaded to the portal';
        throw badRequest(message, { coverPhotoUrl: message });
      }
    }
    const saved = await saveCourse(knex, input, actorOf(ctx));
    const course = await readListedCourse(knex, courseAudience(requireUser(ctx)), saved.id);
    ctx.body = { course, isNew: saved.isNew };
  });

  router.post('/reorder-courses', auth(), authorize('course:manage'), async (ctx) => {
    const input = await parse(reorderCoursesSchema, ctx.request.body);
    await reorderCourses(ctx.deps.knex, input.courses, actorOf(ctx));
    ctx.body = { success: true };
  });

  router.post('/reorder', auth(), authorize('course:manage'), async (ctx) => {
    const input = await parse(reorderCourseSchema, ctx.request.body);
    await reorderCourse(ctx.deps.knex, input, actorOf(ctx));
    ctx.body = { success: true };
  });

  router.delete('/:id', auth(), authorize('course:manage'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const deleted = await deleteCourse(ctx.deps.knex, id, actorOf(ctx));
    ctx.body = { success: true, message: MESSAGES.courseDeleted, deleted };
  });

  router.get('/:slug', auth(), authorize('course:read'), async (ctx) => {
    const slug = ctx.params.slug;
    if (!isPossibleSlug(slug)) throw notFound(MESSAGES.courseNotFound);
    const { search } = await parse(courseDetailQuerySchema, singleValues(ctx.query));
    const found = await readCourseDetail(ctx.deps.knex, courseAudience(requireUser(ctx)), slug, search);
    if (found.kind === 'not-found') throw notFound(MESSAGES.courseNotFound);
    if (found.kind === 'no-access' || !found.detail) throw noAccess();
    ctx.body = { course: found.detail, search };
  });

  return router;
}
