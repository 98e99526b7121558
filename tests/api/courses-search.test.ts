import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import { complete, countQueries, createCourse, gridCourse } from '../helpers/courses';
import type { CourseCatalog } from '../../shared/src/types';

let t: TestApp;
let basic: supertest.Agent;
let basicId: number;
let admin: supertest.Agent;

beforeAll(async () => {
  t = await createTestApp();
  const tag = await createTag(t.knex, 'Insiders');
  const user = await createUser(t.knex, { role: 'basic' });
  basicId = user.id;
  basic = await signIn(t.agent(), user);
  admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
  const sourcing = await createCourse(t.knex, {
    title: 'Sourcing Masterclass',
    slug: 'sourcing-masterclass',
    modules: [
      {
        title: 'Finding Suppliers',
        lessons: [
          { title: 'Supplier checklist', content: 'Ask every supplier for samples and trade assurance.' },
          { title: 'Negotiation', content: 'Negotiate the price per unit once you trust the factory.' },
          { title: 'Insider supplier list', content: 'Our private list of suppliers.', tags: [tag.id] },
        ],
      },
      {
        title: 'Shipping',
        lessons: [{ title: 'Freight forwarders', content: 'A forwarder ships from the supplier to Amazon.' }],
      },
    ],
  });
  await complete(t.knex, user.id, [sourcing.lessons[0]!]);
  await createCourse(t.knex, {
    title: 'Draft about suppliers',
    slug: 'draft-suppliers',
    status: 'DRAFT',
    modules: [
      { title: 'Supplier secrets', lessons: [{ title: 'Supplier draft lesson', content: 'supplier supplier' }] },
    ],
  });
  await createCourse(t.knex, {
    title: 'Premium PPC',
    slug: 'premium-ppc',
    visibleToBasic: false,
    modules: [{ title: 'PPC', lessons: [{ title: 'Bids', content: 'Suppliers do not matter for bids.' }] }],
  });
});
afterAll(async () => {
  await t.close();
});

async function search(agent: supertest.Agent, term: string, extra = ''): Promise<CourseCatalog> {
  const res = await agent.get(`/api/course/read-many?search=${encodeURIComponent(term)}${extra}`);
  expect(res.status).toBe(200);
  return res.body as CourseCatalog;
}

describe('course search', () => {
  it('without a search returns only courses, counted', async () => {
    const res = await search(basic, '');
    expect(res.courses.map((c) => c.slug)).toEqual(['sourcing-masterclass']);
    expect(res.counts).toEqual({ courses: 1, modules: 0, lessonsTitles: 0, lessonsContent: 0 });
    expect([res.modules, res.lessonsTitles, res.lessonsContent]).toEqual([[], [], []]);
  });

  it('finds courses, modules, lesson titles and lesson content, each kind counted, for what the user can see', async () => {
    const res = await search(basic, 'supplier');
    expect(res.courses).toEqual([]);
    expect(res.modules.map((m) => m.title)).toEqual(['Finding Suppliers']);
    expect(res.modules[0]).toMatchObject({ courseSlug: 'sourcing-masterclass', courseTitle: 'Sourcing Masterclass' });
    expect(res.lessonsTitles.map((l) => l.title)).toEqual(['Supplier checklist']);
    expect(res.lessonsTitles[0]).toMatchObject({
      completed: 'true',
      moduleTitle: 'Finding Suppliers',
      courseSlug: 'sourcing-masterclass',
    });
    // Full text: "supplier" also finds "suppliers" (stemming) but no draft, premium-only or tagged lesson.
    expect(res.lessonsContent.map((l) => l.title)).toEqual(['Supplier checklist', 'Freight forwarders']);
    expect(res.lessonsContent[1]!.snippet).toContain('supplier to Amazon');
    expect(res.counts).toEqual({ courses: 0, modules: 1, lessonsTitles: 1, lessonsContent: 2 });
  });

  it('matches titles as substrings, case-insensitively, and content by word prefixes', async () => {
    expect((await search(basic, 'MASTER')).courses.map((c) => c.slug)).toEqual(['sourcing-masterclass']);
    expect((await search(basic, 'forward')).lessonsTitles.map((l) => l.title)).toEqual(['Freight forwarders']);
    expect((await search(basic, 'negot')).lessonsContent.map((l) => l.title)).toEqual(['Negotiation']);
    expect((await search(basic, 'trade assurance')).lessonsContent.map((l) => l.title)).toEqual(['Supplier checklist']);
  });

  it('lets an admin find drafts and tagged lessons too', async () => {
    const res = await search(admin, 'supplier');
    expect(res.courses.map((c) => c.slug)).toEqual(['draft-suppliers']);
    expect(res.counts.lessonsContent).toBe(5);
    expect(res.lessonsTitles.map((l) => l.title)).toContain('Supplier draft lesson');
  });

  it('treats wildcards and tsquery operators as plain text, never as an error', async () => {
    for (const term of ['%', '_', "'", '!&|:*()', 'a\\b', '<script>', '😀']) {
      const res = await search(basic, term);
      expect(res.counts.courses, term).toBe(0);
      expect(res.counts.lessonsContent, term).toBe(0);
    }
  });

  it('caps each list at itemsPerPage while counting every match', async () => {
    const res = await search(basic, 'supplier', '&itemsPerPage=1');
    expect(res.lessonsContent).toHaveLength(1);
    expect(res.counts.lessonsContent).toBe(2);
    expect((await basic.get('/api/course/read-many?itemsPerPage=5000')).status).toBe(400);
    expect((await basic.get('/api/course/read-many?search=a&search=b')).status).toBe(400);
    expect((await basic.get(`/api/course/read-many?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('filters the lessons of a course detail by search while its progress stays whole', async () => {
    const res = await basic.get('/api/course/sourcing-masterclass?search=forwarder');
    expect(res.status).toBe(200);
    const course = res.body.course;
    expect(course.Modules.map((m: { title: string }) => m.title)).toEqual(['Shipping']);
    expect(course.totalProgress).toBe(33); // 1 of the 3 lessons a basic member sees
    const byModuleTitle = await basic.get('/api/course/sourcing-masterclass?search=finding');
    expect(byModuleTitle.body.course.Modules[0].Lessons).toHaveLength(2);
  });

  it('runs a fixed number of queries per search whatever the catalogue size', async () => {
    const before = await countQueries(t.knex, () => basic.get('/api/course/read-many?search=lesson'));
    for (let i = 0; i < 4; i++) await createCourse(t.knex, gridCourse(3, 4));
    const after = await countQueries(t.knex, () => basic.get('/api/course/read-many?search=lesson'));
    expect(after).toBe(before);
    expect(after).toBeLessThanOrEqual(7);
    expect(basicId).toBeGreaterThan(0);
  });

  it('answers lesson content snippets as plain text: no list markers, task boxes, tags or link targets', async () => {
    await createCourse(t.knex, {
      title: 'Research basics',
      slug: 'research-basics',
      modules: [
        {
          title: 'Checks',
          lessons: [
            {
              title: 'Before you buy',
              content:
                '## Checklist\n- [ ] Demand checked\n- [x] Competition checked\n\n' +
                'Read the [guide](https://example.com/guide) <b>first</b>.',
            },
          ],
        },
      ],
    });
    const res = await search(basic, 'demand');
    expect(res.lessonsContent.map((l) => l.snippet)).toEqual([
      'Checklist Demand checked Competition checked Read the guide first.…',
    ]);
  });
});
