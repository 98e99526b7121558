import type { Knex } from 'knex';
import type { CourseAudience } from '@shared/policies';
import type { CourseCatalog } from '@shared/types';
import { audienceSql, visibleTreeCtes, type AudienceSql } from './audience';
import {
  presentCourse,
  presentLessonSummary,
  presentModuleSummary,
  type CourseRow,
  type LessonRow,
  type ModuleRow,
} from './presenters';
import { contentTsQuery, searchWords } from './search';
import { likePattern, tagsJsonSql } from '../../db/sql';

type Counted<T> = T & { total: number };

/** Content results that carry an excerpt (see searchLessonContent). */
const SNIPPETS = 100;

/**
 * The courses the user sees in their list, in order, with access and progress: ONE query whatever
 * the number of courses, modules and lessons. With a search, only courses whose title or
 * description contains it.
 */
async function listCourses(knex: Knex, a: AudienceSql, search: string, limit: number, onlyId?: number) {
  const where = [a.courseListed('c')];
  const bindings: Knex.RawBinding[] = [];
  if (onlyId) {
    where.push('c.id = ?');
    bindings.push(onlyId);
  }
  if (search) {
    where.push(`(c.title ilike ? or coalesce(c.description, '') ilike ?)`);
    const p = likePattern(search);
    bindings.push(p, p);
  }
  bindings.push(limit);
  const result = await knex.raw<{ rows: Array<Counted<CourseRow>> }>(
    `with ${visibleTreeCtes(a)},
    -- Lessons of the visible modules (an index-only count), less the tagged ones the user may not
    -- see (few), and the user's completions among the visible ones (a member's own rows only).
    lesson_totals as (
      select vm.course_id, count(*)::int as n from vis_modules vm join lessons l on l.module_id = vm.id
      group by vm.course_id
    ),
    hidden as (
      select vm.course_id, count(*)::int as n
      from (select distinct lesson_id from lesson_tags) t
      join lessons l on l.id = t.lesson_id
      join vis_modules vm on vm.id = l.module_id
      where not ${a.lessonVisible('l')}
      group by vm.course_id
    ),
    done as (
      select vm.course_id, count(*)::int as n
      from user_done d join lessons l on l.id = d.lesson_id join vis_modules vm on vm.id = l.module_id
      where ${a.lessonVisible('l')}
      group by vm.course_id
    ),
    lesson_progress as (
      select lt.course_id, lt.n - coalesce(h.n, 0) as lesson_count, coalesce(d.n, 0) as completed_count
      from lesson_totals lt left join hidden h on h.course_id = lt.course_id left join done d on d.course_id = lt.course_id
    ),
    module_counts as (select course_id, count(*)::int as module_count from vis_modules group by course_id)
    select c.id, c.title, c.description, c.status, c.slug, c.cover_photo_url, c.visible_to_basic,
      c.visible_to_premium, c.position, ${tagsJsonSql('course_tags', 'course_id', 'c')} as tags,
      ${a.courseAccess('c')} as has_access,
      coalesce(mc.module_count, 0) as module_count,
      coalesce(lp.lesson_count, 0) as lesson_count,
      coalesce(lp.completed_count, 0) as completed_count,
      count(*) over ()::int as total
    from courses c
    left join lesson_progress lp on lp.course_id = c.id
    left join module_counts mc on mc.course_id = c.id
    where ${where.join(' and ')}
    order by c.position, c.id
    limit ?`,
    bindings,
  );
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

/** Modules (of courses the user can open) whose title contains the search. */
async function searchModules(knex: Knex, a: AudienceSql, search: string, limit: number) {
  const result = await knex.raw<{ rows: Array<Counted<ModuleRow>> }>(
    `with ${visibleTreeCtes(a)}
    select m.id, m.title, m.course_id, m.position, m.visible_to_basic, m.visible_to_premium,
      c.title as course_title, c.slug as course_slug, count(*) over ()::int as total
    from modules m
    join vis_modules vm on vm.id = m.id
    join courses c on c.id = m.course_id
    where m.title ilike ?
    order by c.position, m.position
    limit ?`,
    [likePattern(search), limit],
  );
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

const LESSON_LIST_COLUMNS = `l.id, l.title, l.module_id, l.position, m.title as module_title, m.course_id,
  c.title as course_title, c.slug as course_slug`;

/** Lessons the user can see whose title contains the search (trigram index). */
async function searchLessonTitles(knex: Knex, a: AudienceSql, search: string, limit: number) {
  const result = await knex.raw<{ rows: Array<Counted<LessonRow>> }>(
    `with ${visibleTreeCtes(a)}
    select ${LESSON_LIST_COLUMNS}, (lc.lesson_id is not null) as completed, count(*) over ()::int as total
    from lessons l
    join vis_modules vm on vm.id = l.module_id
    join modules m on m.id = l.module_id
    join courses c on c.id = m.course_id
    left join user_done lc on lc.lesson_id = l.id
    where ${a.lessonVisible('l')} and l.title ilike ?
    order by c.position, m.position, l.position
    limit ?`,
    [likePattern(search), limit],
  );
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

/**
 * Lessons the user can see whose content matches the search (full text, GIN index), with an
 * excerpt around the first word found for the first SNIPPETS results (the ones a member reads;
 * cutting excerpts from every lesson of a common word would cost more than finding them). The
 * word is looked up as written, Capitalised and in CAPITALS (lower() of every lesson costs ten
 * times more); a lesson where it appears otherwise gets its opening lines.
 */
async function searchLessonContent(knex: Knex, a: AudienceSql, search: string, limit: number) {
  const tsquery = contentTsQuery(search);
  if (!tsquery) return { rows: [], total: 0 };
  const firstWord = searchWords(search)[0] ?? '';
  const result = await knex.raw<{ rows: Array<Counted<LessonRow>> }>(
    `with ${visibleTreeCtes(a)},
    -- The matches in reading order with the order keys carried by vis_modules: joining courses
    -- and modules here let the planner loop over courses x matches (100 x 8,000 for a common word).
    found as (
      select l.id, l.title, l.module_id, l.position, vm.course_id, (lc.lesson_id is not null) as completed,
        count(*) over ()::int as total, vm.course_position, vm.module_position,
        row_number() over (order by vm.course_position, vm.module_position, l.position) as rn
      from lessons l
      join vis_modules vm on vm.id = l.module_id
      left join user_done lc on lc.lesson_id = l.id
      where ${a.lessonVisible('l')} and l.search_vector @@ to_tsquery('english', ?)
      order by vm.course_position, vm.module_position, l.position
      limit ?
    )
    select f.*, m.title as module_title, c.title as course_title, c.slug as course_slug,
      s.at <= 60 as snippet_from_start,
      case when f.rn > ${SNIPPETS} then null
        when s.at > 0 then substr(l.content, greatest(1, s.at - 60), 240) else left(l.content, 240) end as snippet
    from found f
    join lessons l on l.id = f.id
    join modules m on m.id = f.module_id
    join courses c on c.id = f.course_id
    cross join lateral (
      select case when f.rn <= ${SNIPPETS} then coalesce(least(nullif(strpos(l.content, ?), 0),
        nullif(strpos(l.content, initcap(?)), 0), nullif(strpos(l.content, upper(?)), 0)), 0) end as at
    ) s
    order by f.course_position, f.module_position, f.position`,
    [tsquery, limit, firstWord, firstWord, firstWord],
  );
  return { rows: result.rows, total: result.rows[0]?.total ?? 0 };
}

/**
 * GET /api/course/read-many: the user's courses; with a search also the matching modules,
 * lesson titles and lesson contents, each kind counted. A fixed number of queries (1, or 4 with
 * a search) whatever the size of the catalogue.
 */
export async function readCatalog(
  knex: Knex,
  audience: CourseAudience,
  query: { search: string; itemsPerPage: number },
): Promise<CourseCatalog> {
  const a = audienceSql(audience);
  const { search, itemsPerPage } = query;
  if (search) {
    // Four independent reads: on PostgreSQL they run side by side on the pool's connections.
    const [courses, modules, titles, content] = await Promise.all([
      listCourses(knex, a, search, itemsPerPage),
      searchModules(knex, a, search, itemsPerPage),
      searchLessonTitles(knex, a, search, itemsPerPage),
      searchLessonContent(knex, a, search, itemsPerPage),
    ]);
    return {
      courses: courses.rows.map(presentCourse),
      modules: modules.rows.map(presentModuleSummary),
      lessonsTitles: titles.rows.map(presentLessonSummary),
      lessonsContent: content.rows.map(presentLessonSummary),
      counts: {
        courses: courses.total,
        modules: modules.total,
        lessonsTitles: titles.total,
        lessonsContent: content.total,
      },
    };
  }
  const courses = await listCourses(knex, a, search, itemsPerPage);
  return {
    courses: courses.rows.map(presentCourse),
    modules: [],
    lessonsTitles: [],
    lessonsContent: [],
    counts: { courses: courses.total, modules: 0, lessonsTitles: 0, lessonsContent: 0 },
  };
}

/** One course as `audience` sees it in the list (after an admin saves it), or undefined. */
export async function readListedCourse(knex: Knex, audience: CourseAudience, id: number) {
  const { rows } = await listCourses(knex, audienceSql(audience), '', 1, id);
  return rows[0] ? presentCourse(rows[0]) : undefined;
}
