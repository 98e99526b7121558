import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
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

const lessonIdsOf = async (moduleId: number) =>
  t
    .knex('lessons')
    .where({ module_id: moduleId })
    .orderBy('position')
    .select<Array<{ id: number; position: number }>>('id', 'position');

describe('course editing', () => {
  it('creates a course at the end of the list, updates it, and saves its required tags', async () => {
    const tag = await createTag(t.knex);
    const before = await createCourse(t.knex);
    const res = await admin.post('/api/course/upsert').send({
      title: '  Launch School ',
      slug: 'Launch-School',
      description: '',
      status: 'PUBLISHED',
      visibleToBasic: false,
      Tags: [{ id: tag.id }, { id: tag.id }, { id: 999999 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.isNew).toBe(true);
    expect(res.body.course).toMatchObject({
      title: 'Launch School',
      slug: 'launch-school',
      description: null,
      status: 'PUBLISHED',
      visibleToBasic: false,
      visibleToPremium: true,
      Tags: [{ id: tag.id, name: tag.name }],
      totalProgress: 0,
    });
    const beforeRow = await t.knex('courses').where({ id: before.id }).first();
    expect(res.body.course.position).toBe(beforeRow.position + 1);
    const id = res.body.course.id as number;
    const updated = await admin
      .post('/api/course/upsert')
      .send({ id, title: 'Launch School 2', slug: 'launch-school', Tags: [] });
    expect(updated.body).toMatchObject({
      isNew: false,
      course: { id, title: 'Launch School 2', Tags: [], status: 'DRAFT' },
    });
    expect(await t.knex('audit_log').where({ action: 'course.update' }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('requires title and slug with field messages, and checks the slug format', async () => {
    const res = await admin.post('/api/course/upsert').send({ title: ' ', slug: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ title: 'This field cannot be empty', slug: 'This field cannot be empty' });
    const bad = await admin.post('/api/course/upsert').send({ title: 'x', slug: 'no spaces allowed' });
    expect(bad.body.error.fields.slug).toBe('Use lowercase letters, numbers and single hyphens');
    const status = await admin.post('/api/course/upsert').send({ title: 'x', slug: 'x-status', status: 'LIVE' });
    expect(status.status).toBe(400);
    expect((await admin.post('/api/course/upsert').send([1, 2])).status).toBe(400);
    expect((await admin.post('/api/course/upsert').send({ id: 'abc', title: 'x', slug: 'x' })).status).toBe(400);
  });

  it('answers 409 with a slug field error for a slug in use', async () => {
    await createCourse(t.knex, { slug: 'taken-slug' });
    const res = await admin.post('/api/course/upsert').send({ title: 'Other', slug: 'taken-slug' });
    expect(res.status).toBe(409);
    expect(res.body.error.fields).toEqual({ slug: 'This slug is already in use' });
  });

  it('answers 404 when updating or deleting a course that does not exist', async () => {
    expect((await admin.post('/api/course/upsert').send({ id: 999999, title: 'x', slug: 'ghost' })).status).toBe(404);
    expect((await admin.delete('/api/course/999999')).status).toBe(404);
    expect((await admin.delete('/api/course/abc')).status).toBe(400);
  });

  it('accepts only cover photos uploaded to the portal', async () => {
    const res = await admin
      .post('/api/course/upsert')
      .send({ title: 'x', slug: 'cover-x', coverPhotoUrl: 'https://evil.example/x.png' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.coverPhotoUrl).toBeTruthy();
    const ok = await admin
      .post('/api/course/upsert')
      .send({ title: 'x', slug: 'cover-ok', coverPhotoUrl: '/uploads/0123456789abcdef.png' });
    expect(ok.body.course.coverPhotoUrl).toBe('/uploads/0123456789abcdef.png');
  });

  it('attaches modules with no course, keeps its own, detaches the rest, and refuses modules of another course', async () => {
    const course = await createCourse(t.knex, gridCourse(3, 1));
    const other = await createCourse(t.knex, gridCourse(1, 1));
    const [loose] = await t.knex('modules').insert({ title: 'Loose', course_id: null, position: 0 }).returning('id');
    const [a, b, c] = course.modules.map((m) => m.id);
    const refused = await admin
      .post('/api/course/upsert')
      .send({ id: course.id, title: 'x', slug: course.slug, Modules: [{ id: a }, { id: other.modules[0]!.id }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.Modules).toBe('Choose modules with no course or of this course');
    const res = await admin
      .post('/api/course/upsert')
      .send({ id: course.id, title: 'x', slug: course.slug, Modules: [{ id: c }, { id: loose.id }, { id: a }] });
    expect(res.status).toBe(200);
    const rows = await t
      .knex('modules')
      .whereIn('id', [a, b, c, loose.id])
      .orderBy('id')
      .select('id', 'course_id', 'position');
    expect(rows).toEqual([
      { id: a, course_id: course.id, position: 1 },
      { id: b, course_id: null, position: 0 },
      { id: c, course_id: course.id, position: 2 },
      { id: loose.id, course_id: course.id, position: 3 },
    ]);
    expect(await positionsAreContiguous(t.knex)).toEqual([]);
  });

  it('deletes a course with its modules, lessons and completions in one go, closing the gap', async () => {
    const first = await createCourse(t.knex, gridCourse(2, 2));
    const doomed = await createCourse(t.knex, gridCourse(2, 3));
    const last = await createCourse(t.knex, gridCourse(1, 1));
    const user = await createUser(t.knex);
    await t.knex('lesson_completions').insert({ user_id: user.id, lesson_id: doomed.lessons[0] });
    const res = await admin.delete(`/api/course/${doomed.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Course deleted successfully',
      deleted: { modules: 2, lessons: 6 },
    });
    expect(await t.knex('modules').where({ course_id: doomed.id }).first()).toBeUndefined();
    expect(await t.knex('lessons').whereIn('id', doomed.lessons).first()).toBeUndefined();
    expect(await t.knex('lesson_completions').where({ user_id: user.id }).first()).toBeUndefined();
    const firstPos = (await t.knex('courses').where({ id: first.id }).first()).position as number;
    expect((await t.knex('courses').where({ id: last.id }).first()).position).toBe(firstPos + 1);
    expect(await positionsAreContiguous(t.knex)).toEqual([]);
  });
});

describe('module editing', () => {
  it("gives a new module its course's flags, at the end, unless flags are sent", async () => {
    const course = await createCourse(t.knex, { ...gridCourse(2, 0), visibleToBasic: false });
    const res = await admin.post('/api/module/upsert').send({ title: 'Third', CourseId: course.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isNew: true,
      module: {
        title: 'Third',
        CourseId: course.id,
        position: 3,
        visibleToBasic: false,
        visibleToPremium: true,
        courseSlug: course.slug,
      },
    });
    const explicit = await admin
      .post('/api/module/upsert')
      .send({ title: 'Open', CourseId: course.id, visibleToBasic: true, position: 1 });
    expect(explicit.body.module).toMatchObject({ position: 1, visibleToBasic: true });
    const order = await t.knex('modules').where({ course_id: course.id }).orderBy('position').pluck('title');
    expect(order).toEqual(['Open', 'Module 1', 'Module 2', 'Third']);
  });

  it('moves a module to another course (at its end) and closes the gap it leaves', async () => {
    const from = await createCourse(t.knex, gridCourse(3, 1));
    const to = await createCourse(t.knex, gridCourse(1, 1));
    const moving = from.modules[0]!.id;
    const res = await admin.post('/api/module/upsert').send({ id: moving, title: 'Moved', CourseId: to.id });
    expect(res.body.module).toMatchObject({ id: moving, CourseId: to.id, position: 2 });
    expect(await t.knex('modules').where({ course_id: from.id }).orderBy('position').pluck('position')).toEqual([1, 2]);
    expect(await positionsAreContiguous(t.knex)).toEqual([]);
  });

  it('requires a title and an existing course; 404 for an unknown module', async () => {
    const course = await createCourse(t.knex);
    const res = await admin.post('/api/module/upsert').send({ title: '', CourseId: course.id });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ title: 'This field cannot be empty' });
    expect((await admin.post('/api/module/upsert').send({ title: 'x', CourseId: 999999 })).body.error.fields).toEqual({
      CourseId: 'Choose an existing course',
    });
    expect((await admin.post('/api/module/upsert').send({ id: 999999, title: 'x' })).status).toBe(404);
    expect((await admin.delete('/api/module/999999')).status).toBe(404);
  });

  it('deletes a module with its lessons and renumbers the rest', async () => {
    const course = await createCourse(t.knex, gridCourse(3, 2));
    const res = await admin.delete(`/api/module/${course.modules[1]!.id}`);
    expect(res.body).toMatchObject({ success: true, deleted: { lessons: 2 } });
    expect(await t.knex('modules').where({ course_id: course.id }).orderBy('position').pluck('id')).toEqual([
      course.modules[0]!.id,
      course.modules[2]!.id,
    ]);
    expect(await positionsAreContiguous(t.knex)).toEqual([]);
  });

  it('lists every module with its course for the course form', async () => {
    const course = await createCourse(t.knex, gridCourse(2, 3));
    const res = await admin.get('/api/module/read-many');
    const mine = res.body.modules.filter((m: { CourseId: number }) => m.CourseId === course.id);
    expect(mine.map((m: { position: number; lessonCount: number }) => [m.position, m.lessonCount])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });
});

describe('lesson editing', () => {
  it('appends a new lesson (position 0 or none), or inserts it at a given position', async () => {
    const course = await createCourse(t.knex, gridCourse(1, 2));
    const moduleId = course.modules[0]!.id;
    const a = await admin
      .post('/api/lesson/upsert')
      .send({ title: 'Appended', ModuleId: moduleId, position: 0, content: '# Hi' });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      isNew: true,
      lesson: { title: 'Appended', position: 3, content: '# Hi', completed: 'false', courseSlug: course.slug },
    });
    const b = await admin.post('/api/lesson/upsert').send({ title: 'First', ModuleId: moduleId, position: 1 });
    expect(b.body.lesson.position).toBe(1);
    const c = await admin.post('/api/lesson/upsert').send({ title: 'Far', ModuleId: moduleId, position: 99 });
    expect(c.body.lesson.position).toBe(5);
    expect((await lessonIdsOf(moduleId)).map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('moves a lesson to another module when its ModuleId changes, closing the gap', async () => {
    const course = await createCourse(t.knex, gridCourse(2, 3));
    const [m1, m2] = course.modules;
    const moving = m1!.lessons[0]!;
    const res = await admin.post('/api/lesson/upsert').send({ id: moving, title: 'Moved', ModuleId: m2!.id });
    expect(res.body.lesson).toMatchObject({ id: moving, ModuleId: m2!.id, position: 4 });
    expect((await lessonIdsOf(m1!.id)).map((r) => r.id)).toEqual(m1!.lessons.slice(1));
    expect(await positionsAreContiguous(t.knex)).toEqual([]);
  });

  it('requires a title and a module; 404 for unknown lessons', async () => {
    const res = await admin.post('/api/lesson/upsert').send({ title: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ title: 'This field cannot be empty', ModuleId: 'Choose a module' });
    expect((await admin.post('/api/lesson/upsert').send({ title: 'x', ModuleId: 999999 })).body.error.fields).toEqual({
      ModuleId: 'Choose an existing module',
    });
    const course = await createCourse(t.knex);
    expect(
      (await admin.post('/api/lesson/upsert').send({ id: 999999, title: 'x', ModuleId: course.modules[0]!.id })).status,
    ).toBe(404);
    expect((await admin.delete('/api/lesson/999999')).status).toBe(404);
    expect(
      (
        await admin
          .post('/api/lesson/upsert')
          .send({ title: 'x', ModuleId: course.modules[0]!.id, content: 'x'.repeat(200_001) })
      ).status,
    ).toBe(400);
  });

  it('deletes a lesson and renumbers its module', async () => {
    const course = await createCourse(t.knex, gridCourse(1, 4));
    const moduleId = course.modules[0]!.id;
    expect((await admin.delete(`/api/lesson/${course.lessons[1]}`)).body.message).toBe('Lesson deleted successfully');
    expect(await lessonIdsOf(moduleId)).toEqual([
      { id: course.lessons[0], position: 1 },
      { id: course.lessons[2], position: 2 },
      { id: course.lessons[3], position: 3 },
    ]);
  });

  it('stores script payloads as plain text and serves them only as JSON under a strict CSP', async () => {
    const course = await createCourse(t.knex);
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)> [x](javascript:alert(3))';
    const saved = await admin
      .post('/api/lesson/upsert')
      .send({ title: '<b onmouseover=alert(4)>T</b>', ModuleId: course.modules[0]!.id, content: payload });
    expect(saved.body.lesson.content).toBe(payload);
    const member = await signIn(t.agent(), await createUser(t.knex, { role: 'basic' }));
    const res = await member.get(`/api/course/${course.slug}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain('frame-src https://www.youtube.com');
    expect(res.headers['content-security-policy']).toContain('https://docs.google.com');
    const lesson = res.body.course.Modules[0].Lessons.find((l: { id: number }) => l.id === saved.body.lesson.id);
    expect(lesson.content).toBe(payload);
  });
});

describe('course changes and their audit rows', () => {
  it('writes the audit row in the transaction of the change: when it fails, the change is undone', async () => {
    const c = await createCourse(t.knex, gridCourse(2, 2));
    const snapshot = async () => ({
      courses: await t.knex('courses').orderBy('id').select('id', 'title', 'position'),
      modules: await t.knex('modules').orderBy('id').select('id', 'title', 'course_id', 'position'),
      lessons: await t.knex('lessons').orderBy('id').select('id', 'title', 'module_id', 'position'),
    });
    const before = await snapshot();
    await t.knex.raw(`create function refuse_course_audit() returns trigger language plpgsql as $$
      begin if new.action like 'course.%' or new.action like 'module.%' or new.action like 'lesson.%'
      then raise exception 'audit refused'; end if; return new; end $$`);
    await t.knex.raw(
      'create trigger refuse_course_audit before insert on audit_log for each row execute function refuse_course_audit()',
    );
    try {
      const [m0, m1] = c.modules;
      const courses = before.courses.map((r, i) => ({ id: r.id as number, position: before.courses.length - i }));
      for (const [method, path, body] of [
        ['post', '/api/course/upsert', { title: 'Never', slug: 'never-saved' }],
        ['post', '/api/course/upsert', { id: c.id, title: 'Renamed', slug: c.slug }],
        ['post', '/api/course/reorder-courses', { courses }],
        ['delete', `/api/course/${c.id}`, undefined],
        ['post', '/api/module/upsert', { title: 'Never module', CourseId: c.id, position: 1 }],
        ['post', '/api/module/reorder', { modules: [m1, m0].map((m, i) => ({ id: m!.id, position: i + 1 })) }],
        ['delete', `/api/module/${m0!.id}`, undefined],
        ['post', '/api/lesson/upsert', { title: 'Never lesson', content: 'x', ModuleId: m0!.id, position: 1 }],
        ['delete', `/api/lesson/${m1!.lessons[0]}`, undefined],
      ] as const) {
        const req = method === 'post' ? admin.post(path).send(body ?? {}) : admin.delete(path);
        expect((await req).status, path).toBe(500);
      }
      expect(await snapshot()).toEqual(before);
    } finally {
      await t.knex.raw('drop trigger refuse_course_audit on audit_log');
      await t.knex.raw('drop function refuse_course_audit()');
    }
  });
});
