/**
 * Course visibility is one rule with two forms: the running SQL (api/src/features/courses/audience.ts)
 * and the shared function (shared/src/policies/courses.ts). This test runs the SQL over every
 * combination of role, the member's tags, status, role flags and required tags, and requires the
 * same answer as the shared function for each course, module and lesson. A change to either form
 * that the other does not follow fails here. See docs/areas/courses.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@shared/limits';
import {
  courseAudience,
  grantsAccess,
  isCourseListed,
  isLessonVisible,
  type CourseAudience,
  type Principal,
} from '@shared/policies';
import { audienceSql } from '../../api/src/features/courses/audience';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

let db: TestDatabase;
let tagA = 0;
let tagB = 0;
const TAG_SETS = () => [[], [tagA], [tagB], [tagA, tagB]];

interface Gated {
  id: number;
  status?: 'DRAFT' | 'PUBLISHED';
  visibleToBasic: boolean;
  visibleToPremium: boolean;
  Tags: Array<{ id: number }>;
}
const courses: Gated[] = [];
const modules: Gated[] = [];
const lessons: Array<{ id: number; Tags: Array<{ id: number }> }> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const k = db.knex;
  const tagIds = (
    await k('tags')
      .insert([{ name: 'rule-a' }, { name: 'rule-b' }])
      .returning('id')
  ).map((r: { id: number }) => r.id);
  tagA = tagIds[0]!;
  tagB = tagIds[1]!;
  let position = 0;
  // Courses: 2 statuses x 2 x 2 flags x 4 tag sets = 32. Modules: 2 x 2 flags x 4 tag sets = 16.
  // Lessons: 4 tag sets.
  for (const status of ['DRAFT', 'PUBLISHED'] as const)
    for (const visibleToBasic of [false, true])
      for (const visibleToPremium of [false, true])
        for (const tags of TAG_SETS()) {
          position += 1;
          const [{ id }] = await k('courses')
            .insert({
              title: `c${position}`,
              slug: `c${position}`,
              status,
              visible_to_basic: visibleToBasic,
              visible_to_premium: visibleToPremium,
              position,
            })
            .returning('id');
          if (tags.length) await k('course_tags').insert(tags.map((tag_id) => ({ course_id: id, tag_id })));
          courses.push({ id, status, visibleToBasic, visibleToPremium, Tags: tags.map((t) => ({ id: t })) });
        }
  // Modules and lessons under one course (their own rules are checked apart from the course's).
  const host = courses[0]!.id;
  let mp = 0;
  for (const visibleToBasic of [false, true])
    for (const visibleToPremium of [false, true])
      for (const tags of TAG_SETS()) {
        mp += 1;
        const [{ id }] = await k('modules')
          .insert({
            title: `m${mp}`,
            course_id: host,
            position: mp,
            visible_to_basic: visibleToBasic,
            visible_to_premium: visibleToPremium,
          })
          .returning('id');
        if (tags.length) await k('module_tags').insert(tags.map((tag_id) => ({ module_id: id, tag_id })));
        modules.push({ id, visibleToBasic, visibleToPremium, Tags: tags.map((t) => ({ id: t })) });
      }
  let lp = 0;
  for (const tags of TAG_SETS()) {
    lp += 1;
    const [{ id }] = await k('lessons')
      .insert({ title: `l${lp}`, module_id: modules[0]!.id, position: lp })
      .returning('id');
    if (tags.length) await k('lesson_tags').insert(tags.map((tag_id) => ({ lesson_id: id, tag_id })));
    lessons.push({ id, Tags: tags.map((t) => ({ id: t })) });
  }
});
afterAll(() => db.close());

/** Every role with every tag set of the member: 5 x 4 audiences (tag ids resolved once they exist). */
const HOLDINGS = [[], ['A'], ['B'], ['A', 'B']] as const;
const CASES = ROLES.flatMap((role) =>
  HOLDINGS.map((held) => [`${role} holding [${held.join(',')}]`, role, held] as const),
);

function audienceOf(role: (typeof ROLES)[number], held: ReadonlyArray<'A' | 'B'>): CourseAudience {
  const user: Principal = {
    id: 1,
    role,
    isAdmin: role === 'admin',
    createdAt: new Date('2024-01-01'),
    stripeStatus: null,
    alwaysGrantAccess: false,
    Tags: held.map((t) => ({ id: t === 'A' ? tagA : tagB, name: t })),
  };
  return courseAudience(user);
}

const ids = async (sql: string) =>
  (await db.knex.raw<{ rows: Array<{ id: number }> }>(sql)).rows.map((r) => r.id).sort((a, b) => a - b);
const expected = <T extends { id: number }>(items: T[], rule: (item: T) => boolean) =>
  items
    .filter(rule)
    .map((i) => i.id)
    .sort((a, b) => a - b);

describe('course visibility: the SQL and the shared function agree on every case', () => {
  it('builds 20 audiences over 32 courses, 16 modules and 4 lessons', () => {
    expect(CASES).toHaveLength(20);
    expect(tagA).toBeGreaterThan(0);
    expect([courses.length, modules.length, lessons.length]).toEqual([32, 16, 4]);
  });

  it.each(CASES)('%s', async (_label, role, held) => {
    const audience = audienceOf(role, held);
    expect(audience.all || audience.tagIds.length === held.length).toBe(true);
    const sql = audienceSql(audience);
    expect(await ids(`select c.id from courses c where ${sql.courseListed('c')}`)).toEqual(
      expected(courses, (c) => isCourseListed(audience, c)),
    );
    expect(await ids(`select c.id from courses c where ${sql.courseAccess('c')}`)).toEqual(
      expected(courses, (c) => grantsAccess(audience, c)),
    );
    expect(await ids(`select m.id from modules m where ${sql.moduleVisible('m')}`)).toEqual(
      expected(modules, (m) => grantsAccess(audience, m)),
    );
    expect(await ids(`select l.id from lessons l where ${sql.lessonVisible('l')}`)).toEqual(
      expected(lessons, (l) => isLessonVisible(audience, l)),
    );
  });
});
