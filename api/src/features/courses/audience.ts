import type { CourseAudience, CourseFlag } from '@shared/policies';
import { intLiteral } from '../../db/sql';

/**
 * The shared visibility rules (shared/src/policies/courses.ts) as SQL predicates, so that lists,
 * search, detail and progress filter in the database (no N+1, no over-fetch). Only whitelisted
 * column names and integer literals are interpolated; user text never reaches these strings.
 */
const FLAG_COLUMN: Record<CourseFlag, string> = {
  visibleToBasic: 'visible_to_basic',
  visibleToPremium: 'visible_to_premium',
};

export interface AudienceSql {
  /** The user id as an SQL integer literal (for completions). */
  userId: string;
  /** A course appears in the user's list (locked or not). */
  courseListed(c: string): string;
  /** The user may open the course. */
  courseAccess(c: string): string;
  /** The module's own rule (its course's access is checked apart). */
  moduleVisible(m: string): string;
  /** The lesson's own rule (its module's visibility is checked apart). */
  lessonVisible(l: string): string;
}

export function audienceSql(audience: CourseAudience): AudienceSql {
  const userId = intLiteral(audience.userId);
  if (audience.all) {
    return {
      userId,
      courseListed: () => 'true',
      courseAccess: () => 'true',
      moduleVisible: () => 'true',
      lessonVisible: () => 'true',
    };
  }
  const flag = FLAG_COLUMN[audience.flag];
  const tags = audience.tagIds.map(intLiteral);
  const tagMatch = (table: string, fk: string, alias: string) =>
    tags.length === 0
      ? 'false'
      : `exists (select 1 from ${table} x where x.${fk} = ${alias}.id and x.tag_id in (${tags.join(',')}))`;
  const noTags = (table: string, fk: string, alias: string) =>
    `not exists (select 1 from ${table} x where x.${fk} = ${alias}.id)`;
  return {
    userId,
    courseListed: (c) => `(${c}.status = 'PUBLISHED' and (${c}.${flag} or ${tagMatch('course_tags', 'course_id', c)}))`,
    courseAccess: (c) =>
      `(${c}.status = 'PUBLISHED' and (${tagMatch('course_tags', 'course_id', c)} or (${c}.${flag} and ${noTags('course_tags', 'course_id', c)})))`,
    moduleVisible: (m) =>
      `(${tagMatch('module_tags', 'module_id', m)} or (${m}.${flag} and ${noTags('module_tags', 'module_id', m)}))`,
    lessonVisible: (l) => `(${noTags('lesson_tags', 'lesson_id', l)} or ${tagMatch('lesson_tags', 'lesson_id', l)})`,
  };
}

/**
 * CTEs of what the user can open: vis_courses (accessible courses), vis_modules (their visible
 * modules) and vis_lessons (the visible lessons of those, with course_id), plus user_done, the
 * user's completed lesson ids (read once through the (user_id, lesson_id) key and hash-joined:
 * probing completions lesson by lesson reads every member's rows of each lesson). Progress is
 * counted over vis_lessons. PostgreSQL skips the CTEs a query does not use.
 */
export function visibleTreeCtes(a: AudienceSql): string {
  return `user_done as materialized (select lesson_id from lesson_completions where user_id = ${a.userId}),
  vis_courses as (select c.id, c.position from courses c where ${a.courseAccess('c')}),
  vis_modules as (
    select m.id, m.course_id, vc.position as course_position, m.position as module_position
      from modules m join vis_courses vc on vc.id = m.course_id where ${a.moduleVisible('m')}
  ),
  vis_lessons as (
    select l.id, l.module_id, vm.course_id from lessons l join vis_modules vm on vm.id = l.module_id
    where ${a.lessonVisible('l')}
  )`;
}
