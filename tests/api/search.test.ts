import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/src/messages';
import { findsCardsOf, findsMember, type SearchableUser } from '../../shared/src/policies/search';
import type { Principal } from '../../shared/src/policies/principal';
import { SEARCH_LIMITS } from '../../shared/src/schemas/search';
import type { SearchResult } from '../../shared/src/types/search';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCourse } from '../helpers/courses';
import { createTag, createUser, signIn, type CreatedUser, type UserFactoryInput } from '../helpers/factories';
import { countQueries, createResource } from '../helpers/resources';

/** GET /api/search (docs/areas/search.md): what each role finds, and what it never does. */

const BEFORE_CUTOFF = '2024-06-01T12:00:00Z';
const AFTER_CUTOFF = '2025-06-01T12:00:00Z';

let t: TestApp;

interface Actor {
  user: CreatedUser;
  agent: supertest.Agent;
}

async function actor(input: UserFactoryInput): Promise<Actor> {
  const user = await createUser(t.knex, { createdAt: BEFORE_CUTOFF, ...input });
  return { user, agent: await signIn(t.agent(), user) };
}

async function search(a: Actor, q: string): Promise<SearchResult[]> {
  const res = await a.agent.get('/api/search').query({ q });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { results: SearchResult[] }).results;
}

const ofKind = (results: SearchResult[], kind: SearchResult['kind']) => results.filter((r) => r.kind === kind);
const titles = (results: SearchResult[], kind: SearchResult['kind']) => ofKind(results, kind).map((r) => r.title);

/** A board of one list holding cards with these titles, straight in the database; the card ids. */
async function boardWithCards(userId: number, cardTitles: string[]): Promise<number[]> {
  await t.knex('mtn_boards').insert({ user_id: userId });
  const [list] = await t
    .knex('mtn_lists')
    .insert({ user_id: userId, name: 'NOT STARTED', position: 0 })
    .returning<Array<{ id: number }>>('id');
  const ids: number[] = [];
  for (const [position, title] of cardTitles.entries()) {
    const [card] = await t
      .knex('mtn_cards')
      .insert({ list_id: list!.id, title, position })
      .returning<Array<{ id: number }>>('id');
    ids.push(card!.id);
  }
  return ids;
}

async function product(userId: number, title: string): Promise<number> {
  const [row] = await t
    .knex('products')
    .insert({
      user_id: userId,
      title,
      position: 1,
      units: 1,
      cost_per_unit: 1,
      shipping_cost: 0,
      amazon_fees: 0,
      amazon_retail: 1,
      additional_fees: 25,
      type_additional_fees: 'percentage',
    })
    .returning<Array<{ id: number }>>('id');
  return row!.id;
}

let premium: Actor;
let premiumNew: Actor;
let basic: Actor;
let courseOnly: Actor;
let coach: Actor;
let otherCoach: Actor;
let admin: Actor;
let coached: CreatedUser;
let coachedBasic: CreatedUser;
let uncoached: CreatedUser;
let otherCoached: CreatedUser;
const ids = {
  openCourse: { id: 0, slug: '', module: 0, lesson: 0 },
  lockedCourse: 0,
  lockedLesson: 0,
  premiumCourse: 0,
  draftCourse: 0,
  taggedLesson: 0,
  premiumCard: 0,
  premiumProduct: 0,
  basicProduct: 0,
  coachedCard: 0,
  uncoachedCard: 0,
  coachCard: 0,
  freeResource: 0,
  saleResource: 0,
  hiddenResource: 0,
};

beforeAll(async () => {
  t = await createTestApp();
  const mastermind = await createTag(t.knex, 'Zebra Mastermind');
  premium = await actor({ role: 'premium', fullName: 'Zebra Premium' });
  premiumNew = await actor({ role: 'premium', fullName: 'Zebra Newcomer', createdAt: AFTER_CUTOFF });
  basic = await actor({ role: 'basic', fullName: 'Zebra Basic' });
  courseOnly = await actor({ role: 'course only', fullName: 'Zebra Course' });
  coach = await actor({ role: 'coach', fullName: 'Cora Coach' });
  otherCoach = await actor({ role: 'coach', fullName: 'Otto Coach' });
  admin = await actor({ role: 'admin', fullName: 'Ada Admin' });
  coached = await createUser(t.knex, { role: 'premium', fullName: 'Quill Coached', createdAt: BEFORE_CUTOFF });
  coachedBasic = await createUser(t.knex, { role: 'basic', fullName: 'Quill Basic', createdAt: BEFORE_CUTOFF });
  uncoached = await createUser(t.knex, { role: 'premium', fullName: 'Quill Alone', createdAt: BEFORE_CUTOFF });
  otherCoached = await createUser(t.knex, { role: 'premium', fullName: 'Quill Other', createdAt: BEFORE_CUTOFF });
  await t.knex('users').whereIn('id', [coached.id, coachedBasic.id]).update({ coach_id: coach.user.id });
  await t.knex('users').where({ id: otherCoached.id }).update({ coach_id: otherCoach.user.id });

  const open = await createCourse(t.knex, {
    title: 'Zebra Foundations',
    modules: [
      {
        title: 'Zebra basics',
        lessons: [{ title: 'Zebra first steps' }, { title: 'Zebra tagged', tags: [mastermind.id] }],
      },
    ],
  });
  ids.openCourse = { id: open.id, slug: open.slug, module: open.modules[0]!.id, lesson: open.lessons[0]! };
  ids.taggedLesson = open.lessons[1]!;
  // Listed (its flag is on) but locked: it needs a tag nobody here holds.
  const locked = await createCourse(t.knex, {
    title: 'Zebra Mastermind Vault',
    tags: [mastermind.id],
    modules: [{ lessons: [{ title: 'Zebra vault secret' }] }],
  });
  ids.lockedCourse = locked.id;
  ids.lockedLesson = locked.lessons[0]!;
  ids.premiumCourse = (
    await createCourse(t.knex, {
      title: 'Zebra Premium Only',
      visibleToBasic: false,
      modules: [{ lessons: [{ title: 'Zebra premium lesson' }] }],
    })
  ).id;
  ids.draftCourse = (
    await createCourse(t.knex, {
      title: 'Zebra Draft',
      status: 'DRAFT',
      modules: [{ lessons: [{ title: 'Zebra draft lesson' }] }],
    })
  ).id;

  ids.premiumCard = (await boardWithCards(premium.user.id, ['Zebra launch plan']))[0]!;
  await boardWithCards(premiumNew.user.id, ['Zebra hidden board card']);
  ids.coachCard = (await boardWithCards(coach.user.id, ['Quill coach own card']))[0]!;
  ids.coachedCard = (await boardWithCards(coached.id, ['Quill coached card']))[0]!;
  ids.uncoachedCard = (await boardWithCards(uncoached.id, ['Quill alone card']))[0]!;
  await boardWithCards(otherCoached.id, ['Quill other card']);
  ids.premiumProduct = await product(premium.user.id, 'Zebra bamboo board');
  ids.basicProduct = await product(basic.user.id, 'Zebra garlic peeler');

  ids.freeResource = (await createResource(t.knex, { title: 'Zebra free guide' })).id;
  ids.saleResource = (
    await createResource(t.knex, { title: 'Zebra paid kit', type: 'Article', visibility: 'For Sale', priceCents: 900 })
  ).id;
  ids.hiddenResource = (await createResource(t.knex, { title: 'Zebra hidden draft', hidden: true })).id;
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/search: the chain', () => {
  it('is 401 without a session', async () => {
    const res = await t.request().get('/api/search').query({ q: 'zebra' });
    expect(res.status).toBe(401);
  });

  it('is 400 naming q when the term is missing, blank or too long; 100 characters are fine', async () => {
    for (const query of [{}, { q: '' }, { q: '   ' }]) {
      const res = await premium.agent.get('/api/search').query(query);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ q: MESSAGES.searchTermRequired });
    }
    const long = await premium.agent.get('/api/search').query({ q: 'z'.repeat(SEARCH_LIMITS.termMax + 1) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ q: MESSAGES.searchTermTooLong });
    // Trimmed first: 100 characters inside spaces are a valid term.
    const edge = await premium.agent.get('/api/search').query({ q: `  ${'z'.repeat(SEARCH_LIMITS.termMax)}  ` });
    expect(edge.status).toBe(200);
    expect(edge.body).toEqual({ results: [] });
    const repeated = await premium.agent.get('/api/search?q=a&q=b');
    expect(repeated.status).toBe(400);
  });
});

describe('GET /api/search: a premium member', () => {
  it('finds open courses and their lessons, locked courses as locked, never their lessons nor drafts', async () => {
    const results = await search(premium, 'zebra');
    const courses = ofKind(results, 'course');
    expect(courses.map((c) => c.id).sort()).toEqual([ids.openCourse.id, ids.lockedCourse, ids.premiumCourse].sort());
    expect(courses.find((c) => c.id === ids.lockedCourse)).toMatchObject({ subtitle: 'Locked' });
    expect(courses.find((c) => c.id === ids.openCourse.id)).toEqual({
      kind: 'course',
      id: ids.openCourse.id,
      title: 'Zebra Foundations',
      path: `/courses/${ids.openCourse.slug}`,
    });
    const lessons = ofKind(results, 'lesson');
    expect(lessons.map((l) => l.title).sort()).toEqual(['Zebra first steps', 'Zebra premium lesson']);
    expect(lessons.find((l) => l.id === ids.openCourse.lesson)).toEqual({
      kind: 'lesson',
      id: ids.openCourse.lesson,
      title: 'Zebra first steps',
      subtitle: 'Zebra Foundations · Zebra basics',
      path: `/courses/${ids.openCourse.slug}/${ids.openCourse.module}/${ids.openCourse.lesson}`,
    });
    const lessonIds = lessons.map((l) => l.id);
    expect(lessonIds).not.toContain(ids.lockedLesson);
    expect(lessonIds).not.toContain(ids.taggedLesson);
    expect(JSON.stringify(results)).not.toMatch(/vault secret|Zebra Draft|draft lesson/);
  });

  it('finds their own card and product only, and resources as the library lists them', async () => {
    const results = await search(premium, 'zebra');
    expect(ofKind(results, 'card')).toEqual([
      {
        kind: 'card',
        id: ids.premiumCard,
        title: 'Zebra launch plan',
        subtitle: 'NOT STARTED',
        path: `/move-the-needle?card=${ids.premiumCard}`,
      },
    ]);
    expect(ofKind(results, 'product')).toEqual([
      {
        kind: 'product',
        id: ids.premiumProduct,
        title: 'Zebra bamboo board',
        subtitle: 'Power Profit Tool',
        path: `/profit-calculator?product=${ids.premiumProduct}`,
      },
    ]);
    const resources = ofKind(results, 'resource');
    expect(resources.map((r) => r.id).sort()).toEqual([ids.freeResource, ids.saleResource].sort());
    expect(resources.find((r) => r.id === ids.saleResource)).toEqual({
      kind: 'resource',
      id: ids.saleResource,
      title: 'Zebra paid kit',
      subtitle: 'Article · Locked',
      path: `/resources?id=${ids.saleResource}`,
    });
    // No members for a member, even when names match (the other Zebra accounts).
    expect(ofKind(results, 'member')).toEqual([]);
    expect(JSON.stringify(results)).not.toMatch(/garlic|hidden board card|hidden draft/);
  });

  it('never gets another member’s card or product, whatever the term', async () => {
    for (const q of ['garlic', 'hidden board', 'quill']) {
      const results = await search(premium, q);
      expect(ofKind(results, 'card')).toEqual([]);
      expect(ofKind(results, 'product')).toEqual([]);
    }
  });

  it('after the Move the Needle cutoff gets no cards, not even of a board of their own', async () => {
    expect(ofKind(await search(premiumNew, 'zebra'), 'card')).toEqual([]);
  });
});

describe('GET /api/search: basic and course only members', () => {
  it('a basic member finds basic courses and their lessons, their own product, no cards', async () => {
    const results = await search(basic, 'zebra');
    expect(
      ofKind(results, 'course')
        .map((c) => c.id)
        .sort(),
    ).toEqual([ids.openCourse.id, ids.lockedCourse].sort());
    expect(titles(results, 'lesson')).toEqual(['Zebra first steps']);
    expect(titles(results, 'product')).toEqual(['Zebra garlic peeler']);
    expect(ofKind(results, 'card')).toEqual([]);
    expect(ofKind(results, 'member')).toEqual([]);
  });

  it('a course only member sees what the course list shows them', async () => {
    const results = await search(courseOnly, 'zebra');
    expect(
      ofKind(results, 'course')
        .map((c) => c.id)
        .sort(),
    ).toEqual([ids.openCourse.id, ids.lockedCourse].sort());
    expect(ofKind(results, 'product')).toEqual([]);
    expect(ofKind(results, 'member')).toEqual([]);
  });
});

describe('GET /api/search: a coach', () => {
  it('finds the premium members they coach, no one else', async () => {
    const results = await search(coach, 'quill');
    expect(ofKind(results, 'member')).toEqual([
      {
        kind: 'member',
        id: coached.id,
        title: 'Quill Coached',
        subtitle: `${coached.email} · Premium`,
        path: `/users?search=${encodeURIComponent(coached.email)}`,
      },
    ]);
    // Another coach's member, a member without a coach, a coached basic member (not on the coach's dashboard): none.
    expect(titles(await search(coach, 'Quill Other'), 'member')).toEqual([]);
    expect(titles(await search(coach, 'Quill Alone'), 'member')).toEqual([]);
    expect(titles(await search(coach, 'Quill Basic'), 'member')).toEqual([]);
    expect(titles(await search(coach, coached.email.toUpperCase()), 'member')).toEqual(['Quill Coached']);
    expect(titles(await search(coach, 'cora'), 'member')).toEqual([]);
  });

  it('finds their own cards and those of their members, on the member’s board', async () => {
    const cards = ofKind(await search(coach, 'quill'), 'card');
    expect(cards).toEqual([
      {
        kind: 'card',
        id: ids.coachCard,
        title: 'Quill coach own card',
        subtitle: 'NOT STARTED',
        path: `/move-the-needle?card=${ids.coachCard}`,
      },
      {
        kind: 'card',
        id: ids.coachedCard,
        title: 'Quill coached card',
        subtitle: 'Quill Coached · NOT STARTED',
        path: `/move-the-needle/${coached.id}?card=${ids.coachedCard}`,
      },
    ]);
    expect(ofKind(await search(otherCoach, 'quill'), 'card').map((c) => c.title)).toEqual(['Quill other card']);
  });
});

describe('GET /api/search: an admin', () => {
  it('finds every member, every board’s cards and the drafts', async () => {
    const results = await search(admin, 'quill');
    expect(titles(results, 'member').sort()).toEqual(['Quill Alone', 'Quill Basic', 'Quill Coached', 'Quill Other']);
    expect(titles(results, 'card').sort()).toEqual([
      'Quill alone card',
      'Quill coach own card',
      'Quill coached card',
      'Quill other card',
    ]);
    const card = ofKind(results, 'card').find((c) => c.id === ids.uncoachedCard);
    expect(card?.path).toBe(`/move-the-needle/${uncoached.id}?card=${ids.uncoachedCard}`);
    const zebra = await search(admin, 'zebra draft');
    expect(titles(zebra, 'course')).toEqual(['Zebra Draft']);
    expect(titles(zebra, 'lesson')).toEqual(['Zebra draft lesson']);
    expect(titles(await search(admin, 'zebra hidden draft'), 'resource')).toEqual(['Zebra hidden draft']);
    // Never their own account.
    expect(titles(await search(admin, 'ada admin'), 'member')).toEqual([]);
  });
});

describe('GET /api/search: matching and limits', () => {
  it('matches case-insensitively and takes % and _ literally', async () => {
    const owner = await actor({ role: 'basic' });
    await product(owner.user.id, 'Discount 100% bundle');
    await product(owner.user.id, 'Discount 1000 pack');
    await product(owner.user.id, 'snake_case mug');
    await product(owner.user.id, 'snakeXcase mug');
    expect(titles(await search(owner, 'DISCOUNT'), 'product').sort()).toEqual([
      'Discount 100% bundle',
      'Discount 1000 pack',
    ]);
    expect(titles(await search(owner, '100%'), 'product')).toEqual(['Discount 100% bundle']);
    expect(titles(await search(owner, 'e_c'), 'product')).toEqual(['snake_case mug']);
    expect(titles(await search(owner, '%'), 'product')).toEqual(['Discount 100% bundle']);
    expect(titles(await search(owner, '\\'), 'product')).toEqual([]);
  });

  it('ranks titles that start with the term first', async () => {
    const owner = await actor({ role: 'basic' });
    await product(owner.user.id, 'Big lamp');
    await product(owner.user.id, 'Lamp shade');
    expect(titles(await search(owner, 'lamp'), 'product')).toEqual(['Lamp shade', 'Big lamp']);
  });

  it('gives at most 5 of a kind and 20 in all, shared out between the kinds, in a fixed number of queries', async () => {
    const owner = await actor({ role: 'admin', fullName: 'Yak Admin' });
    const yak = Array.from({ length: 8 }, (_, i) => `Yak ${i + 1}`);
    await createCourse(t.knex, { title: 'Yak course', modules: [{ lessons: yak.map((title) => ({ title })) }] });
    for (const title of yak) {
      await createCourse(t.knex, { title, modules: [] });
      await product(owner.user.id, title);
      await createResource(t.knex, { title });
      await createUser(t.knex, { fullName: title });
    }
    await boardWithCards(owner.user.id, yak);
    let results: SearchResult[] = [];
    const queries = await countQueries(t.knex, async () => {
      results = await search(owner, 'yak');
    });
    expect(results).toHaveLength(SEARCH_LIMITS.total);
    const counts = Object.fromEntries(
      (['course', 'lesson', 'resource', 'product', 'card', 'member'] as const).map((k) => [
        k,
        ofKind(results, k).length,
      ]),
    );
    // Six kinds of 5 matches (or more) for 20 places: 4 rounds of one each, 4 x 6 = 24 > 20, so the
    // first two kinds get 4, the others 3.
    expect(counts).toEqual({ course: 4, lesson: 4, resource: 3, product: 3, card: 3, member: 3 });
    // Grouped by kind in the palette's order.
    expect(results.map((r) => r.kind)).toEqual([...results.map((r) => r.kind)].sort((a, b) => order(a) - order(b)));
    // The session and user reads, then one query per kind: never one per result.
    expect(queries).toBeLessThanOrEqual(12);
  });
});

const KIND_ORDER = ['course', 'lesson', 'resource', 'product', 'card', 'member'];
const order = (kind: string) => KIND_ORDER.indexOf(kind);

describe('GET /api/search: the SQL and the shared rule agree', () => {
  it('finds exactly the members and boards findsMember and findsCardsOf name, for every viewer', async () => {
    const coachA = await createUser(t.knex, { role: 'coach', fullName: 'Vole coach A', createdAt: BEFORE_CUTOFF });
    const coachB = await createUser(t.knex, { role: 'coach', fullName: 'Vole coach B', createdAt: BEFORE_CUTOFF });
    const adminA = await createUser(t.knex, { role: 'admin', fullName: 'Vole admin', createdAt: BEFORE_CUTOFF });
    const people: Array<CreatedUser & { isAdmin: boolean; coachId: number | null }> = [];
    for (const [role, coachId, isAdmin] of [
      ['premium', coachA.id, false],
      ['premium', coachB.id, false],
      ['premium', null, false],
      ['basic', coachA.id, false],
      ['course only', coachA.id, false],
      ['premium', coachA.id, true],
    ] as const) {
      const u = await createUser(t.knex, { role, isAdmin, fullName: `Vole ${role}`, createdAt: BEFORE_CUTOFF });
      await t.knex('users').where({ id: u.id }).update({ coach_id: coachId });
      people.push({ ...u, isAdmin, coachId });
    }
    const everyone = [
      ...people,
      { ...coachA, isAdmin: false, coachId: null },
      { ...coachB, isAdmin: false, coachId: null },
      { ...adminA, isAdmin: true, coachId: null },
    ];
    for (const u of everyone) await boardWithCards(u.id, [`Vole card #${u.id}#`]);
    const asSearchable = (u: (typeof everyone)[number]): SearchableUser => ({
      id: u.id,
      role: u.role,
      isAdmin: u.isAdmin,
      coachId: u.coachId,
    });
    for (const viewer of [coachA, coachB, adminA, people[0]!, people[3]!]) {
      const principal: Principal = {
        id: viewer.id,
        role: viewer.role,
        isAdmin: viewer.role === 'admin',
        createdAt: BEFORE_CUTOFF,
        stripeStatus: null,
        alwaysGrantAccess: false,
        Tags: [],
      };
      const agent = await signIn(t.agent(), viewer);
      // Few enough per viewer to stay under the per-kind limit: check it on the pieces.
      const found = { members: new Set<number>(), cards: new Set<string>() };
      for (const u of everyone) {
        const res = await agent.get('/api/search').query({ q: `Vole card #${u.id}#` });
        for (const c of ofKind(res.body.results as SearchResult[], 'card')) found.cards.add(c.title);
        const byEmail = await agent.get('/api/search').query({ q: u.email });
        for (const m of ofKind(byEmail.body.results as SearchResult[], 'member')) found.members.add(m.id);
      }
      const expectedMembers = everyone.filter((u) => findsMember(principal, asSearchable(u))).map((u) => u.id);
      const expectedCards = everyone
        .filter((u) => findsCardsOf(principal, asSearchable(u)))
        .map((u) => `Vole card #${u.id}#`);
      expect([...found.members].sort(), `members for ${viewer.role} ${viewer.id}`).toEqual(expectedMembers.sort());
      expect([...found.cards].sort(), `cards for ${viewer.role} ${viewer.id}`).toEqual(expectedCards.sort());
    }
  });
});
