import type { Knex } from 'knex';

/**
 * Contiguous positions (1..n within a parent) for courses, modules and lessons. Every positional
 * write runs in one transaction that:
 * 1. takes the advisory lock of each parent it touches (in id order), so concurrent writers of the
 *    same course queue instead of both appending at n+1;
 * 2. defers the UNIQUE (parent, position) constraints to commit (SET CONSTRAINTS ... DEFERRED);
 * 3. changes rows with set-based UPDATEs, then compacts the parents it touched to 1..n.
 */
const LOCK_COURSE_LIST = 301;
const LOCK_COURSE_TREE = 302;
const LOCK_LOOSE_MODULE = 303;

export async function deferPositionConstraints(trx: Knex.Transaction): Promise<void> {
  await trx.raw(
    'SET CONSTRAINTS courses_position_unique, modules_course_position_unique, lessons_module_position_unique DEFERRED',
  );
}

/** Serialises writers of the course list (create, delete, reorder courses). */
export async function lockCourseList(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, 0)', [LOCK_COURSE_LIST]);
}

/** Serialises writers of the modules and lessons of these courses (ids sorted: no deadlock). */
export async function lockCourseTrees(
  trx: Knex.Transaction,
  courseIds: Array<number | null | undefined>,
): Promise<void> {
  const ids = [...new Set(courseIds.filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);
  for (const id of ids) await trx.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_COURSE_TREE, id]);
}

/** The lessons of a module without a course are ordered under a lock of that module. */
export async function lockLooseModule(trx: Knex.Transaction, moduleId: number): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_LOOSE_MODULE, moduleId]);
}

/** Renumbers all courses 1..n keeping their order. */
export async function compactCourses(trx: Knex.Transaction): Promise<void> {
  await trx.raw(
    `update courses c set position = r.rn
    from (select id, row_number() over (order by position, id)::int as rn from courses) r
    where c.id = r.id and c.position <> r.rn`,
  );
}

/** Renumbers a course's modules 1..n keeping their order. */
export async function compactModules(trx: Knex.Transaction, courseId: number): Promise<void> {
  await trx.raw(
    `update modules m set position = r.rn
    from (select id, row_number() over (order by position, id)::int as rn from modules where course_id = ?) r
    where m.id = r.id and m.position <> r.rn`,
    [courseId],
  );
}

/** Renumbers a module's lessons 1..n keeping their order. */
export async function compactLessons(trx: Knex.Transaction, moduleId: number): Promise<void> {
  await trx.raw(
    `update lessons l set position = r.rn
    from (select id, row_number() over (order by position, id)::int as rn from lessons where module_id = ?) r
    where l.id = r.id and l.position <> r.rn`,
    [moduleId],
  );
}

/** The position a child takes: `wanted` (1..n+1) when given, else the end (n+1). */
export async function targetPosition(
  trx: Knex.Transaction,
  table: 'courses' | 'modules' | 'lessons',
  parent: { column: string; id: number } | null,
  wanted: number | undefined,
): Promise<number> {
  const q = trx(table).max('position as max');
  if (parent) q.where(parent.column, parent.id);
  const row = await q.first<{ max: number | null } | undefined>();
  const end = (row?.max ?? 0) + 1;
  if (!wanted || wanted < 1 || wanted >= end) return end;
  return wanted;
}

/** Opens a gap at `position` (children from there move down by one). */
export async function openGap(
  trx: Knex.Transaction,
  table: 'courses' | 'modules' | 'lessons',
  parent: { column: string; id: number } | null,
  position: number,
): Promise<void> {
  const q = trx(table).where('position', '>=', position);
  if (parent) q.where(parent.column, parent.id);
  await q.increment('position', 1);
}
