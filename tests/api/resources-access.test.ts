import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import { countQueries, createCategory, createResource } from '../helpers/resources';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member(role: Role, tags: number[] = []) {
  const user = await createUser(t.knex, { role, tags });
  return { user, agent: await signIn(t.agent(), user) };
}

interface Listed {
  id: number;
  hasAccess: boolean;
  owned: boolean;
  content: string | null;
  url: string | null;
  Tags: unknown[];
  lessonId: number | null;
}

async function list(agent: supertest.Agent, query = ''): Promise<Listed[]> {
  const res = await agent.get(`/api/resource/read-many${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.resources as Listed[];
}

const find = (rows: Listed[], id: number) => rows.find((r) => r.id === id);

describe('resources: who sees and opens what (docs/areas/resources.md#who-may-do-what)', () => {
  // One resource of each visibility; expected [listed, hasAccess] per role.
  const VIS = ['Free', 'For Sale', 'For Sale Premium', 'Included with Premium'] as const;
  const EXPECTED: Record<Role, Record<(typeof VIS)[number], [boolean, boolean]>> = {
    admin: {
      Free: [true, true],
      'For Sale': [true, true],
      'For Sale Premium': [true, true],
      'Included with Premium': [true, true],
    },
    coach: {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [true, false],
      'Included with Premium': [true, true],
    },
    premium: {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [true, false],
      'Included with Premium': [true, true],
    },
    'course only': {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [false, false],
      'Included with Premium': [true, false],
    },
    basic: {
      Free: [true, true],
      'For Sale': [true, false],
      'For Sale Premium': [false, false],
      'Included with Premium': [true, false],
    },
  };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const visibility of VIS) {
      const r = await createResource(t.knex, {
        type: 'Article',
        visibility,
        priceCents: visibility.startsWith('For Sale') ? 1500 : null,
        title: `Matrix ${visibility}`,
      });
      ids[visibility] = r.id;
    }
  });

  it.each(Object.keys(EXPECTED) as Role[])('as %s: lists and opens exactly what the matrix says', async (role) => {
    const { agent } = await member(role);
    const rows = await list(agent);
    for (const visibility of VIS) {
      const [listed, access] = EXPECTED[role][visibility];
      const row = find(rows, ids[visibility]!);
      expect(Boolean(row), `${role} lists ${visibility}`).toBe(listed);
      const one = await agent.get(`/api/resource/${ids[visibility]}`);
      expect(one.status, `${role} reads ${visibility}`).toBe(listed ? 200 : 404);
      if (!listed) continue;
      expect(row!.hasAccess, `${role} opens ${visibility}`).toBe(access);
      // A locked article keeps its text on the server.
      expect(row!.content === null, `${role} content of ${visibility}`).toBe(!access);
      expect(one.body.resource.content === null).toBe(!access);
    }
  });

  it('gives a For Sale resource to its owner and to holders of a required tag, never to another member', async () => {
    const tag = await createTag(t.knex);
    const owner = await member('basic');
    const holder = await member('basic', [tag.id]);
    const other = await member('basic');
    const r = await createResource(t.knex, {
      visibility: 'For Sale',
      priceCents: 900,
      tags: [tag.id],
      owners: [owner.user.id],
    });
    const ownerRow = find(await list(owner.agent), r.id)!;
    expect(ownerRow).toMatchObject({ hasAccess: true, owned: true, url: 'https://example.com/guide' });
    expect(find(await list(holder.agent), r.id)).toMatchObject({ hasAccess: true, owned: false });
    expect(find(await list(other.agent), r.id)).toMatchObject({ hasAccess: false, owned: false, url: null });
    // Members never see the required tags themselves.
    expect(ownerRow.Tags).toEqual([]);
  });

  it('lists a For Sale Premium resource to a basic member who owns it', async () => {
    const buyer = await member('basic');
    const r = await createResource(t.knex, {
      visibility: 'For Sale Premium',
      priceCents: 900,
      owners: [buyer.user.id],
    });
    expect(find(await list(buyer.agent), r.id)).toMatchObject({ hasAccess: true, owned: true });
  });

  it('shows hidden resources to admins only, in lists and by id', async () => {
    const r = await createResource(t.knex, { hidden: true });
    const admin = await member('admin');
    expect(find(await list(admin.agent), r.id)).toBeTruthy();
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      const { agent } = await member(role);
      expect(find(await list(agent), r.id), role).toBeUndefined();
      expect((await agent.get(`/api/resource/${r.id}`)).status, role).toBe(404);
    }
  });

  it('sends a member whose subscription is unpaid to /blocked (403)', async () => {
    const user = await createUser(t.knex, { role: 'premium', stripeStatus: 'past_due' });
    const agent = await signIn(t.agent(), user);
    const res = await agent.get('/api/resource/read-many');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('subscription_blocked');
  });

  it('links a Course resource to the first lesson of its course the member can open', async () => {
    const [course] = await t
      .knex('courses')
      .insert({ title: 'Linked course', slug: 'linked-course', status: 'PUBLISHED', position: 50 })
      .returning<Array<{ id: number }>>('id');
    const [mod] = await t
      .knex('modules')
      .insert({ title: 'M1', course_id: course!.id, position: 1 })
      .returning<Array<{ id: number }>>('id');
    const lessons = await t
      .knex('lessons')
      .insert([
        { title: 'Second', module_id: mod!.id, position: 2 },
        { title: 'First', module_id: mod!.id, position: 1 },
      ])
      .returning<Array<{ id: number; title: string }>>(['id', 'title']);
    const r = await createResource(t.knex, { type: 'Course', courseId: course!.id });
    const { agent } = await member('basic');
    const row = find(await list(agent), r.id)!;
    expect(row.lessonId).toBe(lessons.find((l) => l.title === 'First')!.id);
    // A draft course opens nothing for a member.
    await t.knex('courses').where({ id: course!.id }).update({ status: 'DRAFT' });
    expect(find(await list(agent), r.id)!.lessonId).toBeNull();
  });
});

describe('resources: search, categories and type filters', () => {
  it('filters by search (title or description, literal), categories (any of) and type', async () => {
    const { user, agent } = await member('premium');
    const a = await createCategory(t.knex);
    const b = await createCategory(t.knex);
    const zeta = await createResource(t.knex, { title: 'Zeta 100% guide', categories: [a.id] });
    const eta = await createResource(t.knex, {
      title: 'Other',
      description: 'all about zeta things',
      categories: [b.id],
    });
    const sale = await createResource(t.knex, {
      title: 'Zeta for sale',
      visibility: 'For Sale',
      priceCents: 500,
      categories: [a.id, b.id],
    });
    const mine = await createResource(t.knex, {
      title: 'Bought one',
      visibility: 'For Sale',
      priceCents: 500,
      owners: [user.id],
    });
    const idsOf = (rows: Listed[]) => rows.map((r) => r.id);

    expect(idsOf(await list(agent, '?search=zeta')).sort()).toEqual([zeta.id, eta.id, sale.id].sort());
    expect(idsOf(await list(agent, '?search=100%25'))).toEqual([zeta.id]);
    expect(idsOf(await list(agent, '?search=%25%25%25'))).toEqual([]);
    expect(idsOf(await list(agent, `?categories=${a.id}`)).sort()).toEqual([zeta.id, sale.id].sort());
    expect(idsOf(await list(agent, `?categories=${a.id}&categories=${b.id}`)).sort()).toEqual(
      [zeta.id, eta.id, sale.id].sort(),
    );
    const market = idsOf(await list(agent, '?type=marketplace'));
    expect(market).toContain(sale.id);
    expect(market).toContain(mine.id);
    expect(market).not.toContain(zeta.id);
    expect(idsOf(await list(agent, '?type=my-purchases'))).toEqual([mine.id]);
    expect(idsOf(await list(agent, `?type=all&search=zeta&categories=${b.id}`)).sort()).toEqual(
      [eta.id, sale.id].sort(),
    );
  });

  it('lists newest first and pages with itemsPerPage (at most 1000)', async () => {
    const { agent } = await member('basic');
    const older = await createResource(t.knex, { title: 'Paged old', createdAt: '2020-01-01T00:00:00Z' });
    const newer = await createResource(t.knex, { title: 'Paged new', createdAt: '2030-01-01T00:00:00Z' });
    const first = await list(agent, '?itemsPerPage=1');
    expect(first.map((r) => r.id)).toEqual([newer.id]);
    const all = await list(agent);
    expect(all[all.length - 1]!.id).toBe(older.id);
    expect((await agent.get('/api/resource/read-many?itemsPerPage=1001')).status).toBe(400);
    expect((await agent.get('/api/resource/read-many?type=everything')).status).toBe(400);
    expect((await agent.get('/api/resource/read-many?categories=abc')).status).toBe(400);
    expect((await agent.get('/api/resource/read-many?search=a&search=b')).status).toBe(400);
  });

  it('answers a list with a fixed number of queries whatever its size (no N+1)', async () => {
    const { user, agent } = await member('premium');
    const tag = await createTag(t.knex);
    const cats = [await createCategory(t.knex), await createCategory(t.knex)];
    const make = (n: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          createResource(t.knex, {
            title: `NPlusOne ${i}`,
            visibility: i % 2 ? 'For Sale' : 'Free',
            priceCents: 100,
            categories: cats.map((c) => c.id),
            tags: [tag.id],
            owners: i % 3 ? [] : [user.id],
          }),
        ),
      );
    await make(3);
    const small = await countQueries(t.knex, () => list(agent, '?search=NPlusOne'));
    await make(60);
    let rows: Listed[] = [];
    const large = await countQueries(t.knex, async () => {
      rows = await list(agent, '?search=NPlusOne');
    });
    expect(rows).toHaveLength(63);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(4);
  });
});
