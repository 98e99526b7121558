import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { createCourse, type CreatedCourse } from '../helpers/courses';
import type { Role } from '../../shared/src/limits';
import type { Lesson, LessonPage } from '../../shared/src/types';

/** GET /api/lesson/read-many with no parameter is, for an admin, every lesson, paged (docs/areas/courses.md#api). */
let t: TestApp;
let published: CreatedCourse;
let draft: CreatedCourse;
let looseLesson: number;
let allIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  published = await createCourse(t.knex, {
    modules: [{ lessons: [{}, {}] }, { visibleToBasic: false, visibleToPremium: false, lessons: [{}] }],
  });
  draft = await createCourse(t.knex, { status: 'DRAFT', modules: [{ lessons: [{}, {}] }] });
  const [mod] = await t.knex('modules').insert({ title: 'Loose module', course_id: null, position: 0 }).returning('id');
  const [lesson] = await t
    .knex('lessons')
    .insert({ title: 'Loose lesson', content: 'x', module_id: (mod as { id: number }).id, position: 1 })
    .returning('id');
  looseLesson = (lesson as { id: number }).id;
  const rows = await t
    .knex('lessons as l')
    .join('modules as m', 'm.id', 'l.module_id')
    .leftJoin('courses as c', 'c.id', 'm.course_id')
    .orderByRaw('c.position nulls last, m.position, l.position, l.id')
    .select<Array<{ id: number }>>('l.id');
  allIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

const agentFor = async (role: Role): Promise<supertest.Agent> => signIn(t.agent(), await createUser(t.knex, { role }));

describe('GET /api/lesson/read-many without a filter', () => {
  it('gives an admin every lesson (drafts, hidden modules and loose modules included) with page, itemsPerPage and total', async () => {
    const admin = await agentFor('admin');
    const res = await admin.get('/api/lesson/read-many');
    expect(res.status).toBe(200);
    const body = res.body as LessonPage;
    expect(body.page).toBe(1);
    expect(body.itemsPerPage).toBe(100);
    expect(body.total).toBe(allIds.length);
    expect(body.lessons.map((l: Lesson) => l.id)).toEqual(allIds);
    const ids = body.lessons.map((l) => l.id);
    for (const id of [...published.lessons, ...draft.lessons, looseLesson]) expect(ids).toContain(id);
    const loose = body.lessons.find((l) => l.id === looseLesson)!;
    expect(loose).toMatchObject({ title: 'Loose lesson', content: 'x', courseTitle: null, completed: 'false' });
    expect(ids[ids.length - 1]).toBe(looseLesson);
  });

  it('pages through every lesson exactly once', async () => {
    const admin = await agentFor('admin');
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(allIds.length / 2); page++) {
      const res = await admin.get(`/api/lesson/read-many?page=${page}&itemsPerPage=2`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page, itemsPerPage: 2, total: allIds.length });
      expect(res.body.lessons.length).toBeLessThanOrEqual(2);
      seen.push(...(res.body.lessons as Lesson[]).map((l) => l.id));
    }
    expect(seen).toEqual(allIds);
    const past = await admin.get('/api/lesson/read-many?page=99&itemsPerPage=2');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ lessons: [], page: 99, itemsPerPage: 2, total: allIds.length });
  });

  it('answers 400 with field messages for bad paging, never a 500', async () => {
    const admin = await agentFor('admin');
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['itemsPerPage=0', 'itemsPerPage'],
      ['itemsPerPage=1001', 'itemsPerPage'],
      ['page=1&page=2', 'page'],
    ] as const) {
      const res = await admin.get(`/api/lesson/read-many?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error?.fields?.[field], query).toBeTruthy();
    }
  });

  it.each(['coach', 'premium', 'course only', 'basic'] as Role[])(
    'keeps the filtered read for %s: no filter is a 400, a filter reads only visible lessons',
    async (role) => {
      const agent = await agentFor(role);
      const none = await agent.get('/api/lesson/read-many');
      expect(none.status).toBe(400);
      expect(none.body.error.fields).toEqual({ ModuleId: 'Give ModuleId or courseId' });
      expect(none.body.total).toBeUndefined();
      const paged = await agent.get('/api/lesson/read-many?page=1&itemsPerPage=1000');
      expect(paged.status).toBe(400);
      const filtered = await agent.get(`/api/lesson/read-many?courseId=${published.id}`);
      expect(filtered.status).toBe(200);
      expect(Object.keys(filtered.body)).toEqual(['lessons']);
      expect((filtered.body.lessons as Lesson[]).map((l) => l.id)).toEqual(published.modules[0]!.lessons);
      const drafts = await agent.get(`/api/lesson/read-many?courseId=${draft.id}`);
      expect(drafts.body.lessons).toEqual([]);
    },
  );

  it('answers 400 "Invalid id" on the field for a ModuleId or courseId that is not an id', async () => {
    const agent = await agentFor('basic');
    for (const [query, field] of [
      ['ModuleId=abc', 'ModuleId'],
      ['ModuleId=0', 'ModuleId'],
      ['ModuleId=-1', 'ModuleId'],
      ['ModuleId=1.5', 'ModuleId'],
      ['courseId=2147483648', 'courseId'],
      ['courseId=99999999999', 'courseId'],
    ] as const) {
      const res = await agent.get(`/api/lesson/read-many?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message, query).toBe('Invalid id');
      expect(res.body.error.fields, query).toEqual({ [field]: 'Invalid id' });
    }
  });

  it('keeps the filtered read for an admin who gives a filter', async () => {
    const admin = await agentFor('admin');
    const res = await admin.get(`/api/lesson/read-many?ModuleId=${draft.modules[0]!.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['lessons']);
    expect((res.body.lessons as Lesson[]).map((l) => l.id)).toEqual(draft.lessons);
  });

  it('an admin switched to basic is refused like a basic member', async () => {
    const admin = await agentFor('admin');
    expect((await admin.post('/api/auth/switch-role').send({ role: 'basic' })).status).toBe(200);
    const res = await admin.get('/api/lesson/read-many');
    expect(res.status).toBe(400);
  });

  it('requires a session', async () => {
    expect((await t.request().get('/api/lesson/read-many')).status).toBe(401);
  });
});
