import type { Knex } from 'knex';
import type { ReorderCourseInput } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { audit } from '../../core/audit';
import { badRequest, conflict, notFound } from '../../core/errors';
import type { Actor } from './course-service';
import { deferPositionConstraints, lockCourseList, lockCourseTrees } from './positions';

interface Positioned {
  id: number;
  position: number;
}

/** Ids in the order asked: by the positions sent, ties by their place in the list. */
function ordered(items: Positioned[]): number[] {
  return items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map((i) => i.id);
}

function assertNoDuplicates(ids: number[], field: string): void {
  if (new Set(ids).size !== ids.length)
    throw badRequest('An item is listed twice', { [field]: 'An item is listed twice' });
}

/** The request must name exactly the rows there are: else someone changed them meanwhile (409). */
function assertSameSet(sent: number[], actual: number[]): void {
  const have = new Set(actual);
  if (sent.length !== actual.length || sent.some((id) => !have.has(id))) throw conflict(MESSAGES.courseOrderChanged);
}

/** An int[] literal for a binding (knex would expand a JS array into a list of bindings). */
function pgIntArray(values: number[]): string {
  if (!values.every((v) => Number.isSafeInteger(v))) throw new Error('not an integer');
  return `{${values.join(',')}}`;
}

/** Sets `position` (and optionally a parent column) of many rows in one UPDATE from arrays. */
async function setPositions(
  trx: Knex.Transaction,
  table: 'courses' | 'modules' | 'lessons',
  ids: number[],
  positions: number[],
  parent?: { column: 'module_id'; values: number[] },
): Promise<void> {
  if (ids.length === 0) return;
  const parentSet = parent ? `, ${parent.column} = v.parent` : '';
  const parentCol = parent ? ', unnest(?::int[]) as parent' : '';
  await trx.raw(
    `update ${table} t set position = v.position${parentSet}, updated_at = now()
    from (select unnest(?::int[]) as id, unnest(?::int[]) as position${parentCol}) v
    where t.id = v.id`,
    [pgIntArray(ids), pgIntArray(positions), ...(parent ? [pgIntArray(parent.values)] : [])],
  );
}

/** POST /api/course/reorder-courses: the whole course list in its new order, renumbered 1..n. */
export async function reorderCourses(trx: Knex.Transaction, items: Positioned[], by: Actor): Promise<void> {
  const ids = ordered(items);
  assertNoDuplicates(ids, 'courses');
  await deferPositionConstraints(trx);
  await lockCourseList(trx);
  const actual = (await trx('courses').select<Array<{ id: number }>>('id')).map((r) => r.id);
  assertSameSet(ids, actual);
  await setPositions(
    trx,
    'courses',
    ids,
    ids.map((_, i) => i + 1),
  );
  await audit(trx, { actorId: by.actorId, action: 'course.reorder', details: { courses: ids.length }, ip: by.ip });
}

/** POST /api/module/reorder: all modules of one course in their new order, renumbered 1..n. */
export async function reorderModules(trx: Knex.Transaction, items: Positioned[], by: Actor): Promise<void> {
  const ids = ordered(items);
  assertNoDuplicates(ids, 'modules');
  await deferPositionConstraints(trx);
  const courses = (await trx('modules').distinct('course_id').whereIn('id', ids)) as Array<{
    course_id: number | null;
  }>;
  const courseId = courses[0]?.course_id;
  if (courses.length !== 1 || courseId === null || courseId === undefined) {
    throw badRequest('Send the modules of one course', { modules: 'Send the modules of one course' });
  }
  await lockCourseTrees(trx, [courseId]);
  const actual = (await trx('modules').select<Array<{ id: number }>>('id').where({ course_id: courseId })).map(
    (r) => r.id,
  );
  assertSameSet(ids, actual);
  await setPositions(
    trx,
    'modules',
    ids,
    ids.map((_, i) => i + 1),
  );
  await audit(trx, { actorId: by.actorId, action: 'module.reorder', details: { courseId }, ip: by.ip });
}

/**
 * POST /api/course/reorder (Manage Order): the course's modules and, inside each, its lessons, in
 * their new order. Lessons may move between the course's modules (their ModuleId changes).
 * Modules and lessons are renumbered from 1, in the caller's (one) transaction, by two set-based UPDATEs.
 */
export async function reorderCourse(trx: Knex.Transaction, input: ReorderCourseInput, by: Actor): Promise<void> {
  const moduleOrder = input.modules
    .map((m, index) => ({ ...m, index }))
    .sort((a, b) => a.position - b.position || a.index - b.index);
  const moduleIds = moduleOrder.map((m) => m.id);
  assertNoDuplicates(moduleIds, 'modules');
  const lessonIds: number[] = [];
  const lessonPositions: number[] = [];
  const lessonModules: number[] = [];
  for (const m of moduleOrder) {
    ordered(m.Lessons).forEach((id, i) => {
      lessonIds.push(id);
      lessonPositions.push(i + 1);
      lessonModules.push(m.id);
    });
  }
  assertNoDuplicates(lessonIds, 'modules');
  await deferPositionConstraints(trx);
  await lockCourseTrees(trx, [input.courseId]);
  const course = (await trx('courses').select('id').where({ id: input.courseId }).first()) as
    { id: number } | undefined;
  if (!course) throw notFound(MESSAGES.courseNotFound);
  const modules = ((await trx('modules').select('id').where({ course_id: input.courseId })) as Positioned[]).map(
    (r) => r.id,
  );
  assertSameSet(moduleIds, modules);
  const lessons = modules.length
    ? ((await trx('lessons').select('id').whereIn('module_id', modules)) as Positioned[]).map((r) => r.id)
    : [];
  assertSameSet(lessonIds, lessons);
  await setPositions(
    trx,
    'modules',
    moduleIds,
    moduleIds.map((_, i) => i + 1),
  );
  await setPositions(trx, 'lessons', lessonIds, lessonPositions, { column: 'module_id', values: lessonModules });
  await audit(trx, {
    actorId: by.actorId,
    action: 'course.reorder-content',
    details: { courseId: input.courseId, modules: moduleIds.length, lessons: lessonIds.length },
    ip: by.ip,
  });
}
