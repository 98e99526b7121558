import type { Knex } from 'knex';
import type { CourseAudience } from '@shared/policies';
import type { Course, CourseOutline, Lesson, Module } from '@shared/types';
import { audienceSql, type AudienceSql } from './audience';
import {
  presentCourse,
  presentLesson,
  presentModule,
  type CourseRow,
  type LessonRow,
  type ModuleRow,
} from './presenters';
import { contentTsQuery } from './search';
import { likePattern, tagsJsonSql } from '../../db/sql';

export type CourseLookup =
  { kind: 'not-found' } | { kind: 'no-access'; course: CourseRow } | { kind: 'ok'; course: CourseRow };

/** A course by slug as the user may see it: drafts and unlisted courses do not exist for them. */
export async function findCourse(knex: Knex, a: AudienceSql, slug: string): Promise<CourseLookup> {
  const result = await knex.raw<{ rows: Array<CourseRow & { listed: boolean }> }>(
    `select c.*, ${tagsJsonSql('course_tags', 'course_id', 'c')} as tags,
      ${a.courseListed('c')} as listed, ${a.courseAccess('c')} as has_access
    from courses c where c.slug = ?`,
    [slug],
  );
  const row = result.rows[0];
  if (!row || !row.listed) return { kind: 'not-found' };
  return row.has_access ? { kind: 'ok', course: row } : { kind: 'no-access', course: row };
}

/**
 * GET /api/course/{slug}: the course with its visible modules and lessons (content included) and
 * progress. Three queries whatever the course's size. A search keeps the lessons whose title or
 * content matches (and the modules holding them); progress always counts every visible lesson.
 */
export async function readCourseDetail(
  knex: Knex,
  audience: CourseAudience,
  slug: string,
  search: string,
): Promise<CourseLookup & { detail?: Course & { Modules: Module[] } }> {
  const a = audienceSql(audience);
  const found = await findCourse(knex, a, slug);
  if (found.kind !== 'ok') return found;
  const courseId = found.course.id;
  const modules = await knex.raw<{ rows: ModuleRow[] }>(
    `select m.*, ${tagsJsonSql('module_tags', 'module_id', 'm')} as tags
    from modules m where m.course_id = ? and ${a.moduleVisible('m')}
    order by m.position`,
    [courseId],
  );
  const tsquery = search ? contentTsQuery(search) : null;
  const matchSql = search
    ? `(l.title ilike ? ${tsquery ? `or l.search_vector @@ to_tsquery('english', ?)` : ''})`
    : 'true';
  const matchBindings = search ? [likePattern(search), ...(tsquery ? [tsquery] : [])] : [];
  const lessons = await knex.raw<{ rows: Array<LessonRow & { matches: boolean }> }>(
    `with user_done as materialized (select lesson_id from lesson_completions where user_id = ${a.userId}),
    -- The course's lesson tags in one aggregate (a subquery per lesson would scan lesson_tags per row).
    course_lesson_tags as (
      select lt.lesson_id, json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id) as tags
      from lesson_tags lt join tags t on t.id = lt.tag_id
      join lessons tl on tl.id = lt.lesson_id join modules tm on tm.id = tl.module_id
      where tm.course_id = ?
      group by lt.lesson_id
    )
    select l.id, l.title, l.content, l.module_id, l.position, m.title as module_title, m.course_id,
      c.title as course_title, c.slug as course_slug, coalesce(clt.tags, '[]'::json) as tags,
      (lc.lesson_id is not null) as completed, ${matchSql} as matches
    from lessons l
    join modules m on m.id = l.module_id
    join courses c on c.id = m.course_id
    left join user_done lc on lc.lesson_id = l.id
    left join course_lesson_tags clt on clt.lesson_id = l.id
    where m.course_id = ? and ${a.moduleVisible('m')} and ${a.lessonVisible('l')}
    order by m.position, l.position`,
    [courseId, ...matchBindings, courseId],
  );
  const byModule = new Map<number, Array<LessonRow & { matches: boolean }>>();
  for (const row of lessons.rows) {
    const bucket = byModule.get(row.module_id) ?? [];
    bucket.push(row);
    byModule.set(row.module_id, bucket);
  }
  let lessonCount = 0;
  let completedCount = 0;
  const Modules: Module[] = [];
  for (const m of modules.rows) {
    const rows = byModule.get(m.id) ?? [];
    const all: Lesson[] = rows.map(presentLesson);
    lessonCount += all.length;
    completedCount += all.filter((l) => l.completed === 'true').length;
    // A module whose title matches keeps all its lessons; otherwise only the matching ones.
    const titleMatches = search !== '' && m.title.toLowerCase().includes(search.toLowerCase());
    const shown = search && !titleMatches ? rows.filter((r) => r.matches).map(presentLesson) : all;
    if (search && shown.length === 0) continue;
    Modules.push({ ...presentModule(m, all), Lessons: shown });
  }
  const course = presentCourse({
    ...found.course,
    has_access: true,
    module_count: modules.rows.length,
    lesson_count: lessonCount,
    completed_count: completedCount,
  });
  return { ...found, detail: { ...course, Modules } };
}

export interface VisibleLesson {
  id: number;
  module_id: number;
  course_id: number;
  course_slug: string;
}

/** A lesson the user can open (course access, module and lesson visibility), or undefined. */
export async function findVisibleLesson(
  knex: Knex | Knex.Transaction,
  audience: CourseAudience,
  lessonId: number,
): Promise<VisibleLesson | undefined> {
  const a = audienceSql(audience);
  const result = await knex.raw<{ rows: VisibleLesson[] }>(
    `select l.id, l.module_id, m.course_id, c.slug as course_slug
    from lessons l join modules m on m.id = l.module_id join courses c on c.id = m.course_id
    where l.id = ? and ${a.courseAccess('c')} and ${a.moduleVisible('m')} and ${a.lessonVisible('l')}`,
    [lessonId],
  );
  return result.rows[0];
}

/**
 * Where a lesson link goes: the lesson in its course when the course is in the user's list (a
 * locked course then shows its no-access screen), else nothing (drafts, hidden courses, unknown ids).
 */
export async function lessonRedirectTarget(
  knex: Knex,
  audience: CourseAudience,
  lessonId: number,
): Promise<{ slug: string; moduleId: number; lessonId: number } | undefined> {
  const a = audienceSql(audience);
  const result = await knex.raw<{ rows: Array<{ id: number; module_id: number; slug: string }> }>(
    `select l.id, l.module_id, c.slug
    from lessons l join modules m on m.id = l.module_id join courses c on c.id = m.course_id
    where l.id = ? and ${a.courseListed('c')}`,
    [lessonId],
  );
  const row = result.rows[0];
  return row ? { slug: row.slug, moduleId: row.module_id, lessonId: row.id } : undefined;
}

/**
 * GET /api/course/{slug}/outline: what a listed course holds, module and lesson titles only (no
 * lesson content), for a member whose membership does not include it yet: the locked screen shows
 * it with how to get access (docs/areas/courses.md). Two queries.
 */
export async function readCourseOutline(
  knex: Knex,
  audience: CourseAudience,
  slug: string,
): Promise<CourseOutline | undefined> {
  const a = audienceSql(audience);
  const found = await findCourse(knex, a, slug);
  if (found.kind === 'not-found') return undefined;
  const rows = await knex.raw<{
    rows: Array<{ module_id: number; module_title: string; lesson_id: number | null; lesson_title: string | null }>;
  }>(
    `select m.id as module_id, m.title as module_title, l.id as lesson_id, l.title as lesson_title
    from modules m
    left join lessons l on l.module_id = m.id and ${a.lessonVisible('l')}
    where m.course_id = ? and ${a.moduleVisible('m')}
    order by m.position, m.id, l.position, l.id`,
    [found.course.id],
  );
  const modules: CourseOutline['modules'] = [];
  for (const r of rows.rows) {
    let m = modules[modules.length - 1];
    if (!m || m.id !== r.module_id) {
      m = { id: r.module_id, title: r.module_title, lessons: [] };
      modules.push(m);
    }
    if (r.lesson_id !== null) m.lessons.push({ id: r.lesson_id, title: r.lesson_title ?? '' });
  }
  const course = presentCourse({ ...found.course, has_access: found.kind === 'ok' });
  return {
    title: course.title,
    slug: course.slug,
    description: course.description,
    hasAccess: found.kind === 'ok',
    Tags: course.Tags,
    modules,
  };
}
