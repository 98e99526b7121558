import type { Knex } from 'knex';
import type { ModelObject } from 'objection';
import { Lesson as LessonModel, Module as ModuleModel, type Tag as TagModel } from '../../models';
import { COURSES_PER_REQUEST } from '@shared/limits';
import type { CourseAudience } from '@shared/policies';
import type { Lesson, LessonPage, LessonSummary, ModuleSummary } from '@shared/types';
import { audienceSql } from './audience';
import {
  presentLesson,
  presentLessonSummary,
  presentModuleSummary,
  type LessonRow,
  type ModuleRow,
} from './presenters';
import { likePattern, tagsJsonSql } from '../../db/sql';

const LESSON_COLUMNS = `l.id, l.title, l.module_id, l.position, m.title as module_title, m.course_id,
  c.title as course_title, c.slug as course_slug`;

/** Lessons the user can open (full visibility chain), as one WHERE clause. */
function visibleLessonsWhere(audience: CourseAudience): string {
  const a = audienceSql(audience);
  return `${a.courseAccess('c')} and ${a.moduleVisible('m')} and ${a.lessonVisible('l')}`;
}

const FROM_LESSONS = `from lessons l join modules m on m.id = l.module_id join courses c on c.id = m.course_id`;

/** GET /api/lesson/read-many: the visible lessons of a module or a course, content included. */
export async function readLessons(
  knex: Knex,
  audience: CourseAudience,
  filter: { moduleId?: number; courseId?: number },
): Promise<Lesson[]> {
  const where = [visibleLessonsWhere(audience)];
  const bindings: Knex.RawBinding[] = [];
  if (filter.moduleId) {
    where.push('l.module_id = ?');
    bindings.push(filter.moduleId);
  }
  if (filter.courseId) {
    where.push('m.course_id = ?');
    bindings.push(filter.courseId);
  }
  const result = await knex.raw<{ rows: LessonRow[] }>(
    `select ${LESSON_COLUMNS}, l.content, ${tagsJsonSql('lesson_tags', 'lesson_id', 'l')} as tags,
      exists (select 1 from lesson_completions lc where lc.user_id = ${audienceSql(audience).userId} and lc.lesson_id = l.id) as completed
    ${FROM_LESSONS}
    where ${where.join(' and ')}
    order by c.position, m.position, l.position
    limit ${COURSES_PER_REQUEST}`,
    bindings,
  );
  return result.rows.map(presentLesson);
}

/**
 * GET /api/lesson/read-many with no filter (admins): every lesson, drafts and lessons of modules
 * without a course included, in course order (loose modules last), one page of them. The total is
 * counted in the same statement.
 */
export async function readAllLessons(
  knex: Knex,
  userId: number,
  paging: { page: number; itemsPerPage: number },
): Promise<LessonPage> {
  const result = await knex.raw<{ rows: Array<LessonRow & { total: number | string }> }>(
    `select ${LESSON_COLUMNS}, l.content, ${tagsJsonSql('lesson_tags', 'lesson_id', 'l')} as tags,
      exists (select 1 from lesson_completions lc where lc.user_id = ? and lc.lesson_id = l.id) as completed,
      count(*) over () as total
    from lessons l join modules m on m.id = l.module_id left join courses c on c.id = m.course_id
    order by c.position nulls last, m.position, l.position, l.id
    limit ? offset ?`,
    [userId, paging.itemsPerPage, (paging.page - 1) * paging.itemsPerPage],
  );
  let total = Number(result.rows[0]?.total ?? 0);
  if (result.rows.length === 0 && paging.page > 1) {
    // A page past the end has no row to carry the count.
    const counted = await knex('lessons').count<Array<{ n: number | string }>>('* as n');
    total = Number(counted[0]?.n ?? 0);
  }
  return { lessons: result.rows.map(presentLesson), page: paging.page, itemsPerPage: paging.itemsPerPage, total };
}

/** GET /api/lesson/read-options: visible lessons for pickers (no content), optionally by title. */
export async function readLessonOptions(
  knex: Knex,
  audience: CourseAudience,
  search: string,
): Promise<LessonSummary[]> {
  const bindings: Knex.RawBinding[] = [];
  let titleFilter = '';
  if (search) {
    titleFilter = 'and l.title ilike ?';
    bindings.push(likePattern(search));
  }
  const result = await knex.raw<{ rows: LessonRow[] }>(
    `select ${LESSON_COLUMNS}, false as completed
    ${FROM_LESSONS}
    where ${visibleLessonsWhere(audience)} ${titleFilter}
    order by c.position, m.position, l.position
    limit ${COURSES_PER_REQUEST}`,
    bindings,
  );
  return result.rows.map(presentLessonSummary);
}

/** GET /api/lesson/completed: the user's completed lessons that they can still open, newest first. */
export async function readCompletedLessons(knex: Knex, audience: CourseAudience): Promise<LessonSummary[]> {
  const a = audienceSql(audience);
  const result = await knex.raw<{ rows: LessonRow[] }>(
    `select ${LESSON_COLUMNS}, true as completed
    from lesson_completions lc
    join lessons l on l.id = lc.lesson_id
    join modules m on m.id = l.module_id
    join courses c on c.id = m.course_id
    where lc.user_id = ${a.userId} and ${visibleLessonsWhere(audience)}
    order by lc.completed_at desc, l.id
    limit 10000`,
  );
  return result.rows.map(presentLessonSummary);
}

/**
 * GET /api/module/read-many (admins): every module with its course and lesson count, in course
 * order; modules with no course last. One query.
 */
export async function readAllModules(knex: Knex): Promise<ModuleSummary[]> {
  const result = await knex.raw<{ rows: ModuleRow[] }>(
    `select m.id, m.title, m.course_id, m.position, m.visible_to_basic, m.visible_to_premium,
      c.title as course_title, c.slug as course_slug, ${tagsJsonSql('module_tags', 'module_id', 'm')} as tags,
      (select count(*)::int from lessons l where l.module_id = m.id) as lesson_count
    from modules m left join courses c on c.id = m.course_id
    order by c.position nulls last, m.position, lower(m.title), m.id
    limit 10000`,
  );
  return result.rows.map((r) => presentModuleSummary({ ...r, completed_count: 0 }));
}

/** One module as an admin sees it (after a save): the module with its course and tags, and its lesson count. */
export async function readModuleSummary(knex: Knex, id: number): Promise<ModuleSummary | undefined> {
  const found = await ModuleModel.query(knex)
    .findById(id)
    .select('modules.*', ModuleModel.relatedQuery('lessons').count().as('lesson_count'))
    .withGraphFetched('[course, tags(ref)]');
  if (!found) return undefined;
  const { course, tags, ...module }: ModelObject<ModuleModel> = found;
  return presentModuleSummary({
    ...module,
    course_title: course?.title ?? null,
    course_slug: course?.slug ?? null,
    tags: tagRefs(tags),
    lesson_count: Number((found as ModuleModel & { lesson_count: number | string }).lesson_count),
    completed_count: 0,
  });
}

/** One lesson as an admin sees it (after a save): with its module, its course (loose modules have none) and tags. */
export async function readLessonForAdmin(knex: Knex, userId: number, id: number): Promise<Lesson | undefined> {
  const found = await LessonModel.query(knex)
    .findById(id)
    .select('lessons.id', 'lessons.title', 'lessons.content', 'lessons.module_id', 'lessons.position')
    .select(
      LessonModel.relatedQuery('completedBy').where('lesson_completions.user_id', userId).count().as('completions'),
    )
    .withGraphFetched('[module.course, tags(ref)]');
  if (!found?.module) return undefined;
  const { module, tags } = found;
  return presentLesson({
    id: found.id,
    title: found.title,
    content: found.content,
    module_id: found.module_id,
    position: found.position,
    tags: tagRefs(tags),
    completed: Number((found as LessonModel & { completions: number | string }).completions) > 0,
    module_title: module.title,
    course_id: module.course_id,
    course_title: module.course?.title ?? null,
    course_slug: module.course?.slug ?? null,
  });
}

/** Tags fetched with the `ref` modifier, as the JSON names them. */
const tagRefs = (tags: ReadonlyArray<Pick<TagModel, 'id' | 'name'>> | undefined) =>
  (tags ?? []).map((t) => ({ id: t.id, name: t.name }));
