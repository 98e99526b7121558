import type { Knex } from 'knex';
import type { CourseUpsertInput } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { audit } from '../../core/audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../core/errors';
import { Course } from '../../models';
import { compactCourses, compactModules, deferPositionConstraints, lockCourseList, lockCourseTrees } from './positions';

export interface Actor {
  actorId: number;
  ip: string;
}

/** The cover photo of a course being edited (an unchanged cover need not be re-checked). */
export async function currentCourseCover(knex: Knex, id: number | undefined): Promise<string | null | undefined> {
  if (!id) return undefined;
  const row = await Course.query(knex).findById(id).select('cover_photo_url');
  return row?.cover_photo_url;
}

const idsOf = (refs: Array<{ id: number }> | undefined) => [...new Set((refs ?? []).map((r) => r.id))];

/** Replaces the tag set of a course, module or lesson (unknown tag ids are ignored). */
export async function replaceTags(
  trx: Knex.Transaction,
  table: 'course_tags' | 'module_tags' | 'lesson_tags',
  fk: 'course_id' | 'module_id' | 'lesson_id',
  ownerId: number,
  refs: Array<{ id: number }> | undefined,
): Promise<void> {
  if (refs === undefined) return;
  const wanted = idsOf(refs);
  await trx(table).where(fk, ownerId).del();
  if (wanted.length === 0) return;
  const existing = (await trx('tags').select('id').whereIn('id', wanted)) as Array<{ id: number }>;
  if (existing.length) await trx(table).insert(existing.map((t) => ({ [fk]: ownerId, tag_id: t.id })));
}

/**
 * docs/areas/courses.md#validation: the course form's module choices are modules with no course or of this course. The
 * chosen modules become the course's modules: kept ones keep their order, newly attached ones
 * follow in the order given, and modules left out are detached (no course, position 0).
 */
async function setCourseModules(trx: Knex.Transaction, courseId: number, refs: Array<{ id: number }>): Promise<void> {
  const wanted = idsOf(refs);
  const rows = wanted.length
    ? ((await trx('modules').select('id', 'course_id').whereIn('id', wanted).forUpdate()) as Array<{
        id: number;
        course_id: number | null;
      }>)
    : [];
  if (rows.length !== wanted.length) {
    throw badRequest('A chosen module does not exist', { Modules: 'A chosen module does not exist' });
  }
  if (rows.some((r) => r.course_id !== null && r.course_id !== courseId)) {
    throw badRequest('Choose modules with no course or of this course', {
      Modules: 'Choose modules with no course or of this course',
    });
  }
  await trx('modules')
    .where('course_id', courseId)
    .whereNotIn('id', wanted.length ? wanted : [0])
    .update({ course_id: null, position: 0, updated_at: trx.fn.now() });
  const attach = wanted.filter((id) => rows.find((r) => r.id === id)?.course_id === null);
  for (const [i, id] of attach.entries()) {
    await trx('modules')
      .where({ id })
      .update({ course_id: courseId, position: 1_000_000 + i, updated_at: trx.fn.now() });
  }
  await compactModules(trx, courseId);
}

/**
 * Creates (at the end of the list) or updates a course, its tags and its modules, in the caller's
 * (one) transaction. A taken slug is a 409.
 */
export async function saveCourse(
  trx: Knex.Transaction,
  input: CourseUpsertInput,
  by: Actor,
): Promise<{ id: number; isNew: boolean }> {
  try {
    await deferPositionConstraints(trx);
    const values = {
      title: input.title,
      slug: input.slug,
      description: input.description ?? null,
      status: input.status,
      cover_photo_url: input.coverPhotoUrl ?? null,
      visible_to_basic: input.visibleToBasic,
      visible_to_premium: input.visibleToPremium,
    };
    let id: number;
    if (input.id) {
      id = input.id;
      await lockCourseTrees(trx, [id]);
      const updated = await trx('courses')
        .where({ id })
        .update({ ...values, updated_at: trx.fn.now() });
      if (!updated) throw notFound(MESSAGES.courseNotFound);
    } else {
      await lockCourseList(trx);
      const row = await trx('courses').max('position as max').first<{ max: number | null } | undefined>();
      const [created] = await trx('courses')
        .insert({ ...values, position: (row?.max ?? 0) + 1 })
        .returning<Array<{ id: number }>>('id');
      id = created!.id;
      await lockCourseTrees(trx, [id]);
    }
    await replaceTags(trx, 'course_tags', 'course_id', id, input.Tags);
    if (input.Modules !== undefined) await setCourseModules(trx, id, input.Modules);
    await audit(trx, {
      actorId: by.actorId,
      action: input.id ? 'course.update' : 'course.create',
      details: { courseId: id, slug: input.slug },
      ip: by.ip,
    });
    return { id, isNew: !input.id };
  } catch (err) {
    if (isUniqueViolation(err, 'courses_slug_unique')) {
      throw conflict(MESSAGES.courseSlugInUse, { slug: MESSAGES.courseSlugInUse });
    }
    throw err;
  }
}

/**
 * Deletes a course with everything under it — its modules, their lessons and the members'
 * completions of them — and closes the gap in the course order, in the caller's (one) transaction.
 */
export async function deleteCourse(
  trx: Knex.Transaction,
  id: number,
  by: Actor,
): Promise<{ modules: number; lessons: number }> {
  await deferPositionConstraints(trx);
  await lockCourseList(trx);
  await lockCourseTrees(trx, [id]);
  const counts = (
    await trx.raw<{ rows: Array<{ modules: number; lessons: number }> }>(
      `select (select count(*)::int from modules where course_id = ?) as modules,
      (select count(*)::int from lessons l join modules m on m.id = l.module_id where m.course_id = ?) as lessons`,
      [id, id],
    )
  ).rows[0] ?? { modules: 0, lessons: 0 };
  const deleted = await trx('courses').where({ id }).del();
  if (!deleted) throw notFound(MESSAGES.courseNotFound);
  await compactCourses(trx);
  await audit(trx, { actorId: by.actorId, action: 'course.delete', details: { courseId: id, ...counts }, ip: by.ip });
  return counts;
}
