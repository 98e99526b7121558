import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createTag, createUser, signIn } from '../helpers/factories';
import { createCourse, type CreatedCourse } from '../helpers/courses';
import type { Role } from '../../shared/src/limits';
import type { Course, CourseCatalog } from '../../shared/src/types';

let t: TestApp;
let tag: { id: number; name: string };
let otherTag: { id: number; name: string };
const c: Record<string, CreatedCourse> = {};

beforeAll(async () => {
  t = await createTestApp();
  tag = await createTag(t.knex, 'Mastermind');
  otherTag = await createTag(t.knex, 'Other');
  c.open = await createCourse(t.knex, { slug: 'open' });
  c.premiumOnly = await createCourse(t.knex, { slug: 'premium-only', visibleToBasic: false });
  c.basicOnly = await createCourse(t.knex, { slug: 'basic-only', visibleToPremium: false });
  c.draft = await createCourse(t.knex, { slug: 'draft', status: 'DRAFT' });
  c.tagged = await createCourse(t.knex, { slug: 'tagged', tags: [tag.id] });
  c.tagOnly = await createCourse(t.knex, {
    slug: 'tag-only',
    visibleToBasic: false,
    visibleToPremium: false,
    tags: [tag.id],
  });
});
afterAll(async () => {
  await t.close();
});

async function agentFor(role: Role, tags: number[] = []): Promise<supertest.Agent> {
  return signIn(t.agent(), await createUser(t.knex, { role, tags }));
}

async function listed(agent: supertest.Agent): Promise<Record<string, boolean>> {
  const res = await agent.get('/api/course/read-many');
  expect(res.status).toBe(200);
  const body = res.body as CourseCatalog;
  const base = new Set(['open', 'premium-only', 'basic-only', 'draft', 'tagged', 'tag-only']);
  return Object.fromEntries(body.courses.filter((x) => base.has(x.slug)).map((x: Course) => [x.slug, x.hasAccess]));
}

/** slug -> hasAccess of the courses each principal lists. */
const EXPECTED: Record<string, Record<string, boolean>> = {
  admin: { open: true, 'premium-only': true, 'basic-only': true, draft: true, tagged: true, 'tag-only': true },
  coach: { open: true, 'premium-only': true, tagged: false },
  premium: { open: true, 'premium-only': true, tagged: false },
  'course only': { open: true, 'basic-only': true, tagged: false },
  basic: { open: true, 'basic-only': true, tagged: false },
};

describe('course visibility and access', () => {
  it('requires a session for every course, module and lesson call', async () => {
    const r = t.request();
    const calls: Array<[string, string]> = [
      ['get', '/api/course/read-many'],
      ['get', '/api/course/open'],
      ['get', '/api/course/access?slug=open'],
      ['get', '/api/course/lesson-redirect/1'],
      ['post', '/api/course/upsert'],
      ['post', '/api/course/reorder'],
      ['post', '/api/course/reorder-courses'],
      ['delete', '/api/course/1'],
      ['get', '/api/module/read-many'],
      ['post', '/api/module/upsert'],
      ['post', '/api/module/reorder'],
      ['delete', '/api/module/1'],
      ['get', '/api/lesson/read-many?ModuleId=1'],
      ['get', '/api/lesson/read-options'],
      ['get', '/api/lesson/completed'],
      ['post', '/api/lesson/upsert'],
      ['delete', '/api/lesson/1'],
      ['put', '/api/lesson/mark-as-completed'],
      ['put', '/api/lesson/mark-as-uncompleted'],
    ];
    for (const [method, path] of calls) {
      const res = await (r as unknown as Record<string, (p: string) => supertest.Test>)[method]!(path).send({});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it.each(ALL_ROLES)('lists what a %s may see, drafts only for admins, locked courses without access', async (role) => {
    const seen = await listed(await agentFor(role));
    expect(seen).toEqual(EXPECTED[role]);
  });

  it('grants a tagged course to a holder of its tag, whatever the flags', async () => {
    for (const role of ['basic', 'premium', 'course only', 'coach'] as Role[]) {
      const seen = await listed(await agentFor(role, [tag.id]));
      expect(seen.tagged, role).toBe(true);
      expect(seen['tag-only'], role).toBe(true);
      expect(seen.draft, role).toBeUndefined();
    }
    const stranger = await listed(await agentFor('basic', [otherTag.id]));
    expect(stranger.tagged).toBe(false);
    expect(stranger['tag-only']).toBeUndefined();
  });

  it('answers GET /api/course/access with hasAccess, and 404 for drafts and unknown slugs', async () => {
    const basic = await agentFor('basic');
    expect((await basic.get('/api/course/access?slug=open')).body).toEqual({ hasAccess: true });
    expect((await basic.get('/api/course/access?slug=tagged')).body).toEqual({ hasAccess: false });
    expect((await basic.get('/api/course/access?slug=premium-only')).status).toBe(404);
    expect((await basic.get('/api/course/access?slug=draft')).status).toBe(404);
    expect((await basic.get('/api/course/access?slug=nope')).status).toBe(404);
    expect((await basic.get('/api/course/access?slug=Not%20A%20Slug')).status).toBe(404);
    expect((await basic.get('/api/course/access')).status).toBe(400);
    expect((await basic.get('/api/course/access?slug=a&slug=b')).status).toBe(400);
    const admin = await agentFor('admin');
    expect((await admin.get('/api/course/access?slug=draft')).body).toEqual({ hasAccess: true });
  });

  it('gives a locked course its outline (titles only, no lesson content), and 404 for drafts and unlisted ones', async () => {
    const locked = await createCourse(t.knex, {
      slug: 'locked-outline',
      tags: [tag.id],
      modules: [
        { title: 'Find a product', lessons: [{ title: 'Niches', content: 'secret niche notes' }, { title: 'Demand' }] },
        { title: 'Launch', lessons: [{ title: 'Listing' }] },
      ],
    });
    const basic = await agentFor('basic');
    const res = await basic.get(`/api/course/${locked.slug}/outline`);
    expect(res.status).toBe(200);
    expect(res.body.outline).toMatchObject({
      slug: 'locked-outline',
      hasAccess: false,
      Tags: [{ id: tag.id, name: 'Mastermind' }],
      modules: [
        {
          title: 'Find a product',
          lessons: [
            { id: locked.modules[0]!.lessons[0], title: 'Niches' },
            { id: locked.modules[0]!.lessons[1], title: 'Demand' },
          ],
        },
        { title: 'Launch', lessons: [{ title: 'Listing' }] },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain('secret niche notes');
    const holder = await agentFor('basic', [tag.id]);
    expect((await holder.get(`/api/course/${locked.slug}/outline`)).body.outline.hasAccess).toBe(true);
    expect((await basic.get('/api/course/draft/outline')).status).toBe(404);
    expect((await basic.get('/api/course/premium-only/outline')).status).toBe(404);
    expect((await basic.get('/api/course/Not%20A%20Slug/outline')).status).toBe(404);
    expect((await t.agent().get(`/api/course/${locked.slug}/outline`)).status).toBe(401);
  });

  it("answers 'Course not found' for a draft opened by slug, and 403 no_access for a locked course", async () => {
    const basic = await agentFor('basic');
    const draft = await basic.get('/api/course/draft');
    expect(draft.status).toBe(404);
    expect(draft.body.error.message).toBe('Course not found');
    expect(JSON.stringify(draft.body)).not.toContain('draft course');
    const locked = await basic.get('/api/course/tagged');
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe('no_access');
    expect(locked.body.course).toBeUndefined();
    expect((await basic.get('/api/course/premium-only')).status).toBe(404);
    expect((await basic.get('/api/course/open')).status).toBe(200);
    expect((await (await agentFor('admin')).get('/api/course/draft')).status).toBe(200);
  });

  it('never lets a draft lesson reach a member by lesson id, redirect, completion or lesson lists', async () => {
    const basic = await agentFor('basic');
    const lessonId = c.draft!.lessons[0]!;
    expect((await basic.get(`/api/course/lesson-redirect/${lessonId}`)).status).toBe(404);
    expect((await basic.put('/api/lesson/mark-as-completed').send({ lessonId })).status).toBe(404);
    expect((await basic.get(`/api/lesson/read-many?ModuleId=${c.draft!.modules[0]!.id}`)).body.lessons).toEqual([]);
    const options = await basic.get('/api/lesson/read-options');
    expect(options.body.lessons.map((l: { id: number }) => l.id)).not.toContain(lessonId);
    const admin = await agentFor('admin');
    expect((await admin.get(`/api/course/lesson-redirect/${lessonId}`)).body.url).toBe(
      `/courses/draft/${c.draft!.modules[0]!.id}/${lessonId}`,
    );
  });

  it('sends a locked course lesson link to the course (its no-access screen), but refuses to complete it', async () => {
    const basic = await agentFor('basic');
    const lessonId = c.tagged!.lessons[0]!;
    const redirect = await basic.get(`/api/course/lesson-redirect/${lessonId}`);
    expect(redirect.body.url).toBe(`/courses/tagged/${c.tagged!.modules[0]!.id}/${lessonId}`);
    expect((await basic.put('/api/lesson/mark-as-completed').send({ lessonId })).status).toBe(404);
  });

  it('hides modules and lessons by their own flags and tags', async () => {
    const course = await createCourse(t.knex, {
      slug: 'mixed',
      modules: [
        { title: 'Everyone', lessons: [{ title: 'Open lesson' }, { title: 'Tagged lesson', tags: [tag.id] }] },
        { title: 'Premium module', visibleToBasic: false, lessons: [{ title: 'Premium lesson' }] },
        { title: 'Tagged module', tags: [tag.id], lessons: [{ title: 'In tagged module' }] },
      ],
    });
    const titles = async (agent: supertest.Agent) => {
      const res = await agent.get('/api/course/mixed');
      expect(res.status).toBe(200);
      return (res.body.course.Modules as Array<{ title: string; Lessons: Array<{ title: string }> }>).map(
        (m) => `${m.title}: ${m.Lessons.map((l) => l.title).join(', ')}`,
      );
    };
    expect(await titles(await agentFor('basic'))).toEqual(['Everyone: Open lesson']);
    expect(await titles(await agentFor('premium'))).toEqual([
      'Everyone: Open lesson',
      'Premium module: Premium lesson',
    ]);
    expect(await titles(await agentFor('basic', [tag.id]))).toEqual([
      'Everyone: Open lesson, Tagged lesson',
      'Tagged module: In tagged module',
    ]);
    expect((await titles(await agentFor('admin'))).length).toBe(3);
    // A hidden lesson cannot be completed or read by id either.
    const basic = await agentFor('basic');
    const hidden = course.modules[0]!.lessons[1]!;
    expect((await basic.put('/api/lesson/mark-as-completed').send({ lessonId: hidden })).status).toBe(404);
    expect((await basic.get(`/api/lesson/read-many?courseId=${course.id}`)).body.lessons).toHaveLength(1);
  });

  it('lets an administrator who switched to basic see what basic members see', async () => {
    const admin = await createUser(t.knex, { role: 'basic', isAdmin: true });
    const seen = await listed(await signIn(t.agent(), admin));
    expect(seen).toEqual(EXPECTED.basic);
  });

  it.each(ALL_ROLES.filter((r) => r !== 'admin'))(
    'returns 403 when a %s changes courses, modules or lessons',
    async (role) => {
      const agent = await agentFor(role);
      const lessonId = c.open!.lessons[0]!;
      const moduleId = c.open!.modules[0]!.id;
      expect((await agent.post('/api/course/upsert').send({ title: 'x', slug: 'x' })).status).toBe(403);
      expect((await agent.delete(`/api/course/${c.open!.id}`)).status).toBe(403);
      expect((await agent.post('/api/course/reorder-courses').send({ courses: [] })).status).toBe(403);
      expect((await agent.post('/api/course/reorder').send({ courseId: c.open!.id, modules: [] })).status).toBe(403);
      expect((await agent.get('/api/module/read-many')).status).toBe(403);
      expect((await agent.post('/api/module/upsert').send({ title: 'x', CourseId: c.open!.id })).status).toBe(403);
      expect((await agent.post('/api/module/reorder').send({ modules: [] })).status).toBe(403);
      expect((await agent.delete(`/api/module/${moduleId}`)).status).toBe(403);
      expect((await agent.post('/api/lesson/upsert').send({ title: 'x', ModuleId: moduleId })).status).toBe(403);
      expect((await agent.delete(`/api/lesson/${lessonId}`)).status).toBe(403);
      expect(await t.knex('lessons').where({ id: lessonId }).first()).toBeTruthy();
    },
  );
});
