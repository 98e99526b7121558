import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import { complete, countQueries, createCourse, gridCourse } from '../helpers/courses';
import type { Role } from '../../shared/src/limits';
import type { Course, Module } from '../../shared/src/types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(role: Role = 'basic', tags: number[] = []) {
  const user = await createUser(t.knex, { role, tags });
  return { user, agent: await signIn(t.agent(), user) };
}

async function detail(agent: supertest.Agent, slug: string): Promise<Course & { Modules: Module[] }> {
  const res = await agent.get(`/api/course/${slug}`);
  expect(res.status).toBe(200);
  return res.body.course;
}

async function listedCourse(agent: supertest.Agent, slug: string): Promise<Course> {
  const res = await agent.get('/api/course/read-many');
  return (res.body.courses as Course[]).find((c) => c.slug === slug)!;
}

describe('lesson completion and progress', () => {
  it('marks a lesson completed and uncompleted, moving module and course progress in whole percents', async () => {
    const course = await createCourse(t.knex, gridCourse(2, 3));
    const { agent } = await member();
    const first = course.lessons[0]!;
    const done = await agent.put('/api/lesson/mark-as-completed').send({ lessonId: first });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, lessonId: first, completed: 'true' });
    let d = await detail(agent, course.slug);
    expect(d.totalProgress).toBe(17); // 1 of 6
    expect(d.Modules.map((m) => m.totalProgress)).toEqual([33, 0]); // 1 of 3
    expect(d.Modules[0]!.Lessons.map((l) => l.completed)).toEqual(['true', 'false', 'false']);
    expect((await listedCourse(agent, course.slug)).totalProgress).toBe(17);

    const undone = await agent.put('/api/lesson/mark-as-uncompleted').send({ lessonId: first });
    expect(undone.body.completed).toBe('false');
    d = await detail(agent, course.slug);
    expect(d.totalProgress).toBe(0);
    expect(d.Modules[0]!.Lessons[0]!.completed).toBe('false');
  });

  it('is idempotent: completing twice counts once, uncompleting an open lesson is fine', async () => {
    const course = await createCourse(t.knex, gridCourse(1, 2));
    const { agent, user } = await member();
    const id = course.lessons[0]!;
    await agent.put('/api/lesson/mark-as-completed').send({ lessonId: id });
    await agent.put('/api/lesson/mark-as-completed').send({ lessonId: id });
    expect(await t.knex('lesson_completions').where({ user_id: user.id }).count('* as n').first()).toEqual({ n: 1 });
    expect((await agent.put('/api/lesson/mark-as-uncompleted').send({ lessonId: course.lessons[1] })).status).toBe(200);
    expect((await detail(agent, course.slug)).totalProgress).toBe(50);
  });

  it('reaches 100 only when every visible lesson is done, and counts only the lessons the user can see', async () => {
    const tag = await createTag(t.knex);
    const course = await createCourse(t.knex, {
      modules: [{ lessons: [{}, {}, { tags: [tag.id] }] }, { visibleToBasic: false, lessons: [{}] }],
    });
    const { agent } = await member('basic');
    const visible = course.modules[0]!.lessons.slice(0, 2);
    await agent.put('/api/lesson/mark-as-completed').send({ lessonId: visible[0] });
    expect((await detail(agent, course.slug)).totalProgress).toBe(50);
    await agent.put('/api/lesson/mark-as-completed').send({ lessonId: visible[1] });
    const d = await detail(agent, course.slug);
    expect(d.totalProgress).toBe(100);
    expect(d.lessonCount).toBe(2);
    const listed = await listedCourse(agent, course.slug);
    expect([listed.totalProgress, listed.lessonCount, listed.completedCount]).toEqual([100, 2, 2]);
    // The same completions seen by a premium member (who sees 3 lessons) are 2 of 3.
    const premium = await member('premium');
    await complete(t.knex, premium.user.id, visible);
    expect((await detail(premium.agent, course.slug)).totalProgress).toBe(67);
  });

  it('never rounds up to 100 before the last lesson (199 of 200 is 99)', async () => {
    const course = await createCourse(t.knex, gridCourse(4, 50));
    const { agent, user } = await member();
    await complete(t.knex, user.id, course.lessons.slice(0, 199));
    expect((await listedCourse(agent, course.slug)).totalProgress).toBe(99);
    expect((await detail(agent, course.slug)).totalProgress).toBe(99);
  });

  it("keeps each member's progress their own", async () => {
    const course = await createCourse(t.knex, gridCourse(1, 4));
    const a = await member();
    const b = await member();
    await a.agent.put('/api/lesson/mark-as-completed').send({ lessonId: course.lessons[0] });
    expect((await detail(a.agent, course.slug)).totalProgress).toBe(25);
    expect((await detail(b.agent, course.slug)).totalProgress).toBe(0);
    // B cannot undo A's completion: the call only ever touches the session user's row.
    await b.agent.put('/api/lesson/mark-as-uncompleted').send({ lessonId: course.lessons[0], userId: a.user.id });
    expect((await detail(a.agent, course.slug)).totalProgress).toBe(25);
  });

  it('lists the completed lessons the user can still open, newest first', async () => {
    const course = await createCourse(t.knex, gridCourse(1, 3));
    const { agent } = await member();
    await agent.put('/api/lesson/mark-as-completed').send({ lessonId: course.lessons[0] });
    await new Promise((r) => setTimeout(r, 20));
    await agent.put('/api/lesson/mark-as-completed').send({ lessonId: course.lessons[2] });
    const res = await agent.get('/api/lesson/completed');
    expect(res.status).toBe(200);
    const mine = (res.body.lessons as Array<{ id: number; completed: string; courseSlug: string }>).filter(
      (l) => l.courseSlug === course.slug,
    );
    expect(mine.map((l) => l.id)).toEqual([course.lessons[2], course.lessons[0]]);
    expect(mine.every((l) => l.completed === 'true')).toBe(true);
    await t.knex('courses').where({ id: course.id }).update({ status: 'DRAFT' });
    const after = await agent.get('/api/lesson/completed');
    expect(after.body.lessons.some((l: { courseSlug: string }) => l.courseSlug === course.slug)).toBe(false);
  });

  it('rejects a bad lessonId with 400 and an unknown one with 404', async () => {
    const { agent } = await member();
    expect((await agent.put('/api/lesson/mark-as-completed').send({})).status).toBe(400);
    expect((await agent.put('/api/lesson/mark-as-completed').send({ lessonId: 'abc' })).status).toBe(400);
    expect((await agent.put('/api/lesson/mark-as-completed').send({ lessonId: [1] })).status).toBe(400);
    expect((await agent.put('/api/lesson/mark-as-completed').send({ lessonId: 999999 })).status).toBe(404);
    expect((await agent.put('/api/lesson/mark-as-uncompleted').send({ lessonId: -1 })).status).toBe(400);
  });

  it('reads the course list and a course detail in a fixed number of queries, whatever their size', async () => {
    const { agent } = await member('premium');
    const small = await createCourse(t.knex, gridCourse(1, 1));
    const big = await createCourse(t.knex, gridCourse(6, 12));
    const listSmall = await countQueries(t.knex, () => agent.get('/api/course/read-many'));
    for (let i = 0; i < 5; i++) await createCourse(t.knex, gridCourse(3, 3));
    const listBig = await countQueries(t.knex, () => agent.get('/api/course/read-many'));
    expect(listBig).toBe(listSmall);
    const detailSmall = await countQueries(t.knex, () => agent.get(`/api/course/${small.slug}`));
    const detailBig = await countQueries(t.knex, () => agent.get(`/api/course/${big.slug}`));
    expect(detailBig).toBe(detailSmall);
    // Session and user (2) + the course's own queries; never one per module or lesson.
    expect(detailBig).toBeLessThanOrEqual(6);
    expect(listBig).toBeLessThanOrEqual(4);
  });
});
