import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { createCourse, gridCourse, positionsAreContiguous } from '../helpers/courses';

let t: TestApp;
let admin: supertest.Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

const courseOrder = async () => (await t.knex('courses').orderBy('position').pluck('id')) as number[];
const tree = async (courseId: number) => {
  const modules = (await t.knex('modules').where({ course_id: courseId }).orderBy('position').pluck('id')) as number[];
  const out: Array<[number, number[]]> = [];
  for (const m of modules)
    out.push([m, (await t.knex('lessons').where({ module_id: m }).orderBy('position').pluck('id')) as number[]]);
  return out;
};
const reorderBody = (courseId: number, layout: Array<[number, number[]]>) => ({
  courseId,
  modules: layout.map(([id, lessons], i) => ({
    id,
    position: i + 1,
    Lessons: lessons.map((l, j) => ({ id: l, position: j + 1 })),
  })),
});

describe('reordering', () => {
  it('reorders courses, renumbering from 1 by the positions sent', async () => {
    for (let i = 0; i < 3; i++) await createCourse(t.knex);
    const ids = await courseOrder();
    const wanted = [...ids].reverse();
    const res = await admin
      .post('/api/course/reorder-courses')
      .send({ courses: wanted.map((id, i) => ({ id, position: (i + 1) * 10 })) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await courseOrder()).toEqual(wanted);
    expect(await t.knex('courses').orderBy('position').pluck('position')).toEqual(wanted.map((_, i) => i + 1));
  });

  it('refuses a partial or stale course list with 409 and duplicates with 400, changing nothing', async () => {
    const ids = await courseOrder();
    const partial = await admin
      .post('/api/course/reorder-courses')
      .send({ courses: ids.slice(1).map((id, i) => ({ id, position: i + 1 })) });
    expect(partial.status).toBe(409);
    expect(partial.body.error.message).toBe('The order changed meanwhile. Reload the page and try again.');
    const dup = await admin
      .post('/api/course/reorder-courses')
      .send({ courses: [...ids, ids[0]].map((id, i) => ({ id, position: i + 1 })) });
    expect(dup.status).toBe(400);
    expect((await admin.post('/api/course/reorder-courses').send({ courses: 'all' })).status).toBe(400);
    expect(await courseOrder()).toEqual(ids);
  });

  it('moves lessons across modules and reorders modules in one call (Manage Order)', async () => {
    const course = await createCourse(t.knex, gridCourse(3, 3));
    const [[m1, l1], [m2, l2], [m3, l3]] = (await tree(course.id)) as [
      [number, number[]],
      [number, number[]],
      [number, number[]],
    ];
    // Module 3 first; lesson l1[0] moves into module 2 as its first lesson; module 1 keeps two.
    const layout: Array<[number, number[]]> = [
      [m3, [...l3].reverse()],
      [m1, [l1[2]!, l1[1]!]],
      [m2, [l1[0]!, ...l2]],
    ];
    const res = await admin.post('/api/course/reorder').send(reorderBody(course.id, layout));
    expect(res.status).toBe(200);
    expect(await tree(course.id)).toEqual(layout);
    const moved = await t.knex('lessons').where({ id: l1[0] }).first();
    expect([moved.module_id, moved.position]).toEqual([m2, 1]);
    expect(await positionsAreContiguous(t.knex)).toEqual([]);
  });

  it('refuses a reorder that drops, adds or repeats a lesson or module, changing nothing', async () => {
    const course = await createCourse(t.knex, gridCourse(2, 2));
    const other = await createCourse(t.knex, gridCourse(1, 1));
    const before = await tree(course.id);
    const [[m1, l1], [m2, l2]] = before as [[number, number[]], [number, number[]]];
    const cases: Array<[number, Array<[number, number[]]>]> = [
      [
        409,
        [
          [m1, l1],
          [m2, [l2[0]!]],
        ],
      ], // a lesson left out
      [
        409,
        [
          [m1, l1],
          [m2, [...l2, other.lessons[0]!]],
        ],
      ], // a lesson of another course
      [409, [[m1, [...l1, ...l2]]]], // a module left out
      [
        400,
        [
          [m1, l1],
          [m2, [...l2, l1[0]!]],
        ],
      ], // a lesson twice
      [
        400,
        [
          [m1, l1],
          [m1, l2],
        ],
      ], // a module twice
    ];
    for (const [status, layout] of cases) {
      const res = await admin.post('/api/course/reorder').send(reorderBody(course.id, layout));
      expect(res.status, JSON.stringify(layout)).toBe(status);
    }
    expect((await admin.post('/api/course/reorder').send(reorderBody(999999, []))).status).toBe(404);
    expect((await admin.post('/api/course/reorder').send({ courseId: course.id })).status).toBe(400);
    expect(await tree(course.id)).toEqual(before);
  });

  it('reorders the modules of one course with POST /api/module/reorder', async () => {
    const course = await createCourse(t.knex, gridCourse(3, 0));
    const other = await createCourse(t.knex, gridCourse(1, 0));
    const ids = course.modules.map((m) => m.id);
    const res = await admin
      .post('/api/module/reorder')
      .send({ modules: [ids[2], ids[0], ids[1]].map((id, i) => ({ id, position: i + 1 })) });
    expect(res.status).toBe(200);
    expect((await tree(course.id)).map(([m]) => m)).toEqual([ids[2], ids[0], ids[1]]);
    const mixed = await admin
      .post('/api/module/reorder')
      .send({ modules: [...ids, other.modules[0]!.id].map((id, i) => ({ id, position: i })) });
    expect(mixed.status).toBe(400);
    expect((await admin.post('/api/module/reorder').send({ modules: [{ id: ids[0], position: 1 }] })).status).toBe(409);
  });

  it('keeps positions contiguous with no duplicates through any mix of edits and reorders', async () => {
    const course = await createCourse(t.knex, gridCourse(3, 3));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            op: fc.constantFrom('addLesson', 'moveLesson', 'deleteLesson', 'addModule', 'deleteModule', 'shuffle'),
            a: fc.nat(50),
            b: fc.nat(50),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (ops) => {
          for (const { op, a, b } of ops) {
            const layout = await tree(course.id);
            const modules = layout.map(([m]) => m);
            const lessons = layout.flatMap(([, l]) => l);
            const pick = <T>(xs: T[], n: number) => xs[n % xs.length];
            if (op === 'addLesson' && modules.length)
              await admin.post('/api/lesson/upsert').send({ title: 'n', ModuleId: pick(modules, a), position: b % 5 });
            if (op === 'moveLesson' && lessons.length && modules.length)
              await admin
                .post('/api/lesson/upsert')
                .send({ id: pick(lessons, a), title: 'm', ModuleId: pick(modules, b) });
            if (op === 'deleteLesson' && lessons.length) await admin.delete(`/api/lesson/${pick(lessons, a)}`);
            if (op === 'addModule')
              await admin.post('/api/module/upsert').send({ title: 'm', CourseId: course.id, position: a % 4 });
            if (op === 'deleteModule' && modules.length > 1) await admin.delete(`/api/module/${pick(modules, a)}`);
            if (op === 'shuffle') {
              const all = layout.flatMap(([, l]) => l);
              const rotated = layout.map(([m], i): [number, number[]] => [
                m,
                all.filter((_, j) => (j + a) % layout.length === i),
              ]);
              const res = await admin.post('/api/course/reorder').send(reorderBody(course.id, rotated.reverse()));
              expect(res.status).toBe(200);
            }
          }
          expect(await positionsAreContiguous(t.knex)).toEqual([]);
        },
      ),
      { numRuns: 12, seed: 3 },
    );
  });

  it('serialises concurrent appends to the same module: every lesson gets its own position', async () => {
    const course = await createCourse(t.knex, gridCourse(1, 1));
    const moduleId = course.modules[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.post('/api/lesson/upsert').send({ title: `c${i}`, ModuleId: moduleId }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await t.knex('lessons').where({ module_id: moduleId }).orderBy('position').pluck('position')).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });
});
