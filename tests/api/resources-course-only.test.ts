import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { createCourse, type CreatedCourse } from '../helpers/courses';
import { createResource } from '../helpers/resources';
import type { Role } from '../../shared/src/limits';
import type { Resource } from '../../shared/src/types';

/**
 * Course-only members get "courses, course resources and premium slides" (docs/areas/resources.md#behaviour). Course
 * resources are Included with Premium resources of type Course whose course the member can open;
 * premium slides are the Included with Premium resources of a category an admin marked premiumSlides.
 * Nothing else premium opens for them.
 */
let t: TestApp;
let admin: supertest.Agent;
const agents: Partial<Record<Role, supertest.Agent>> = {};
let openCourse: CreatedCourse;
let premiumCourse: CreatedCourse;
let slides: { id: number };
let plain: { id: number };
const R: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
  for (const role of ['coach', 'premium', 'course only', 'basic'] as Role[]) {
    agents[role] = await signIn(t.agent(), await createUser(t.knex, { role }));
  }
  agents.admin = admin;
  openCourse = await createCourse(t.knex, { visibleToBasic: true, visibleToPremium: true });
  premiumCourse = await createCourse(t.knex, { visibleToBasic: false, visibleToPremium: true });
  const s = await admin.post('/api/resource/category/upsert').send({ name: 'Slides', premiumSlides: true });
  expect(s.status).toBe(200);
  slides = s.body.resourceCategory;
  const p = await admin.post('/api/resource/category/upsert').send({ name: 'Plain' });
  plain = p.body.resourceCategory;
  const incl = 'Included with Premium' as const;
  R.courseOpen = (await createResource(t.knex, { type: 'Course', visibility: incl, courseId: openCourse.id })).id;
  R.coursePremium = (await createResource(t.knex, { type: 'Course', visibility: incl, courseId: premiumCourse.id })).id;
  R.slide = (await createResource(t.knex, { type: 'Article', visibility: incl, categories: [slides.id, plain.id] })).id;
  R.plainArticle = (await createResource(t.knex, { type: 'Article', visibility: incl, categories: [plain.id] })).id;
  R.link = (await createResource(t.knex, { type: 'Link', visibility: incl })).id;
  R.courseForSale = (
    await createResource(t.knex, { type: 'Course', visibility: 'For Sale', priceCents: 900, courseId: openCourse.id })
  ).id;
  R.slideForSalePremium = (
    await createResource(t.knex, {
      type: 'Article',
      visibility: 'For Sale Premium',
      priceCents: 900,
      categories: [slides.id],
    })
  ).id;
  R.free = (await createResource(t.knex, { type: 'Link', visibility: 'Free' })).id;
});
afterAll(async () => {
  await t.close();
});

const ALL = [
  'courseOpen',
  'coursePremium',
  'slide',
  'plainArticle',
  'link',
  'courseForSale',
  'slideForSalePremium',
  'free',
];
const PREMIUM_ACCESS = ['courseOpen', 'coursePremium', 'slide', 'plainArticle', 'link', 'free'];
/** name -> hasAccess, of the resources each role lists. */
const EXPECTED: Record<Role, { listed: string[]; access: string[] }> = {
  admin: { listed: ALL, access: ALL },
  coach: { listed: ALL, access: PREMIUM_ACCESS },
  premium: { listed: ALL, access: PREMIUM_ACCESS },
  'course only': { listed: ALL.filter((n) => n !== 'slideForSalePremium'), access: ['courseOpen', 'slide', 'free'] },
  basic: { listed: ALL.filter((n) => n !== 'slideForSalePremium'), access: ['free'] },
};

const nameOf = (id: number) => Object.entries(R).find(([, v]) => v === id)?.[0];

describe('course-only members: course resources and premium slides', () => {
  it.each(Object.keys(EXPECTED) as Role[])('%s lists and opens what the policy gives the role', async (role) => {
    const res = await agents[role]!.get('/api/resource/read-many');
    expect(res.status).toBe(200);
    const mine = (res.body.resources as Resource[]).filter((r) => nameOf(r.id));
    expect(mine.map((r) => nameOf(r.id)).sort()).toEqual([...EXPECTED[role].listed].sort());
    const opened = mine.filter((r) => r.hasAccess).map((r) => nameOf(r.id));
    expect(opened.sort()).toEqual([...EXPECTED[role].access].sort());
    for (const r of mine) {
      // A locked resource keeps its secrets, whoever asks.
      if (!r.hasAccess) expect([r.content, r.url, r.lessonId], `${role} ${nameOf(r.id)}`).toEqual([null, null, null]);
    }
  });

  it('a course-only member opens the course resource at the first lesson they can see, and the premium slide', async () => {
    const co = agents['course only']!;
    const course = await co.get(`/api/resource/${R.courseOpen}`);
    expect(course.body.resource).toMatchObject({ hasAccess: true, lessonId: openCourse.lessons[0] });
    const slide = await co.get(`/api/resource/${R.slide}`);
    expect(slide.body.resource.hasAccess).toBe(true);
    expect(slide.body.resource.content).toContain('The secret article text.');
  });

  it('a course-only member does NOT get other premium resources', async () => {
    const co = agents['course only']!;
    for (const name of ['coursePremium', 'plainArticle', 'link', 'courseForSale']) {
      const res = await co.get(`/api/resource/${R[name]!}`);
      expect(res.status, name).toBe(200);
      expect(res.body.resource, name).toMatchObject({ hasAccess: false, content: null, url: null, lessonId: null });
    }
    // For Sale Premium stays unlisted, premium slide or not.
    expect((await co.get(`/api/resource/${R.slideForSalePremium}`)).status).toBe(404);
  });

  it('unmarking the category takes the premium slide away again', async () => {
    const co = agents['course only']!;
    const off = await admin
      .post('/api/resource/category/upsert')
      .send({ id: slides.id, name: 'Slides', premiumSlides: false });
    expect(off.body.resourceCategory).toEqual({ id: slides.id, name: 'Slides', premiumSlides: false });
    expect((await co.get(`/api/resource/${R.slide}`)).body.resource.hasAccess).toBe(false);
    await admin.post('/api/resource/category/upsert').send({ id: slides.id, name: 'Slides', premiumSlides: true });
    expect((await co.get(`/api/resource/${R.slide}`)).body.resource.hasAccess).toBe(true);
  });
});

describe('the premiumSlides flag of a category', () => {
  it('is read by everyone, kept by a rename that does not send it, and audit-logged', async () => {
    const list = await agents.basic!.get('/api/resource/category/read-many');
    expect(list.body.resourceCategories).toEqual(
      expect.arrayContaining([
        { id: slides.id, name: 'Slides', premiumSlides: true },
        { id: plain.id, name: 'Plain', premiumSlides: false },
      ]),
    );
    const renamed = await admin.post('/api/resource/category/upsert').send({ id: slides.id, name: 'Slide decks' });
    expect(renamed.body.resourceCategory).toEqual({ id: slides.id, name: 'Slide decks', premiumSlides: true });
    const rows = await t.knex('audit_log').where({ action: 'category.update' }).orderBy('id', 'desc').first();
    expect(rows.details).toMatchObject({ categoryId: slides.id, premiumSlides: true });
  });

  it('is refused to every role but admin (403) and must be a boolean (400 naming the field)', async () => {
    for (const role of ['coach', 'premium', 'course only', 'basic'] as Role[]) {
      const res = await agents[role]!.post('/api/resource/category/upsert').send({
        id: plain.id,
        name: 'Plain',
        premiumSlides: true,
      });
      expect(res.status, role).toBe(403);
    }
    const bad = await admin
      .post('/api/resource/category/upsert')
      .send({ id: plain.id, name: 'Plain', premiumSlides: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.premiumSlides).toBeTruthy();
    expect((await t.knex('categories').where({ id: plain.id }).first()).premium_slides).toBe(false);
  });
});
