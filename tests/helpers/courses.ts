import crypto from 'node:crypto';
import type { Knex } from 'knex';

/** Test data for the courses area, inserted directly (each test owns its rows). */
export interface CourseInput {
  title?: string;
  slug?: string;
  status?: 'DRAFT' | 'PUBLISHED';
  visibleToBasic?: boolean;
  visibleToPremium?: boolean;
  tags?: number[];
  /** Modules, each a list of lessons (title, optional content and tags). */
  modules?: Array<{
    title?: string;
    visibleToBasic?: boolean;
    visibleToPremium?: boolean;
    tags?: number[];
    lessons?: Array<{ title?: string; content?: string; tags?: number[] }>;
  }>;
}

export interface CreatedCourse {
  id: number;
  slug: string;
  modules: Array<{ id: number; lessons: number[] }>;
  /** Every lesson id in course order. */
  lessons: number[];
}

const rand = () => crypto.randomBytes(4).toString('hex');

export async function createCourse(knex: Knex, input: CourseInput = {}): Promise<CreatedCourse> {
  const slug = input.slug ?? `course-${rand()}`;
  const max = (await knex('courses').max<{ max: number | null }>('position as max').first()) as { max: number | null };
  const [course] = await knex('courses')
    .insert({
      title: input.title ?? `Course ${slug}`,
      slug,
      status: input.status ?? 'PUBLISHED',
      visible_to_basic: input.visibleToBasic ?? true,
      visible_to_premium: input.visibleToPremium ?? true,
      position: (max?.max ?? 0) + 1,
    })
    .returning<Array<{ id: number }>>('id');
  const id = course!.id;
  if (input.tags?.length) await knex('course_tags').insert(input.tags.map((t) => ({ course_id: id, tag_id: t })));
  const modules: CreatedCourse['modules'] = [];
  const lessons: number[] = [];
  for (const [mi, m] of (input.modules ?? [{ lessons: [{}] }]).entries()) {
    const [mod] = await knex('modules')
      .insert({
        title: m.title ?? `Module ${mi + 1}`,
        course_id: id,
        position: mi + 1,
        visible_to_basic: m.visibleToBasic ?? true,
        visible_to_premium: m.visibleToPremium ?? true,
      })
      .returning<Array<{ id: number }>>('id');
    if (m.tags?.length) await knex('module_tags').insert(m.tags.map((t) => ({ module_id: mod!.id, tag_id: t })));
    const ids: number[] = [];
    for (const [li, l] of (m.lessons ?? []).entries()) {
      const [row] = await knex('lessons')
        .insert({
          title: l.title ?? `Lesson ${mi + 1}.${li + 1}`,
          content: l.content ?? `Content of lesson ${mi + 1}.${li + 1}`,
          module_id: mod!.id,
          position: li + 1,
        })
        .returning<Array<{ id: number }>>('id');
      if (l.tags?.length) await knex('lesson_tags').insert(l.tags.map((t) => ({ lesson_id: row!.id, tag_id: t })));
      ids.push(row!.id);
    }
    modules.push({ id: mod!.id, lessons: ids });
    lessons.push(...ids);
  }
  return { id, slug, modules, lessons };
}

/** A course with `modules` modules of `lessons` lessons each. */
export function gridCourse(modules: number, lessons: number, extra: CourseInput = {}): CourseInput {
  return {
    ...extra,
    modules: Array.from({ length: modules }, () => ({ lessons: Array.from({ length: lessons }, () => ({})) })),
  };
}

export async function complete(knex: Knex, userId: number, lessonIds: number[]): Promise<void> {
  if (lessonIds.length)
    await knex('lesson_completions').insert(lessonIds.map((l) => ({ user_id: userId, lesson_id: l })));
}

/** Every ordered level's positions, for invariant checks: each list must be exactly 1..n. */
export async function positionsAreContiguous(knex: Knex): Promise<string[]> {
  const problems: string[] = [];
  const check = (label: string, rows: Array<{ parent: number | null; positions: number[] }>) => {
    for (const r of rows) {
      const sorted = [...r.positions].sort((a, b) => a - b);
      if (sorted.some((p, i) => p !== i + 1)) problems.push(`${label} ${r.parent}: ${sorted.join(',')}`);
    }
  };
  const courses = await knex.raw<{ rows: Array<{ parent: null; positions: number[] }> }>(
    'select null as parent, array_agg(position) as positions from courses having count(*) > 0',
  );
  check('courses', courses.rows);
  const modules = await knex.raw<{ rows: Array<{ parent: number; positions: number[] }> }>(
    'select course_id as parent, array_agg(position) as positions from modules where course_id is not null group by course_id',
  );
  check('course', modules.rows);
  const lessons = await knex.raw<{ rows: Array<{ parent: number; positions: number[] }> }>(
    'select module_id as parent, array_agg(position) as positions from lessons group by module_id',
  );
  check('module', lessons.rows);
  return problems;
}

/** Counts the SQL statements knex runs while `fn` runs. */
export async function countQueries(knex: Knex, fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const listener = () => {
    n += 1;
  };
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
  }
  return n;
}
