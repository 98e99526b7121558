import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YES_NO_IDS } from '../../shared/src/calc/qualifier';
import type { FirstRunResponse } from '../../shared/src/types/first-run';
import { createTestApp, type TestApp } from '../helpers/app';
import { complete, createCourse, type CreatedCourse } from '../helpers/courses';
import { createUser, signIn } from '../helpers/factories';
import { AFTER_CUTOFF, BEFORE_CUTOFF, MTN, actor, addCards, listByName, readBoard, type Actor } from './board-fixtures';
import { MINIMAL } from './products-golden';

/**
 * The dashboard's getting-started checklist (docs/screens.md#getting-started): GET and PUT
 * /api/dashboard/first-run. Each step ticks from the member's own rows; the steps are those the
 * role can take; hiding it is stored per account. Both databases.
 */
const FIRST_RUN = '/api/dashboard/first-run';
let t: TestApp;
let premiumOnly: CreatedCourse;
let forEveryone: CreatedCourse;

const read = async (a: Actor) => {
  const res = await a.agent.get(FIRST_RUN);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as FirstRunResponse;
};
const doneOf = (r: FirstRunResponse) => Object.fromEntries(r.steps.map((s) => [s.key, s.done]));
const lessonPath = (c: CreatedCourse) => `/courses/${c.slug}/${c.modules[0]!.id}/${c.lessons[0]}`;
const ratedAnswers = [
  { id: 'keyword', answer: 'garlic press' },
  { id: 'volume', answer: 12000 },
  ...YES_NO_IDS.map((id) => ({ id, answer: 'Yes' })),
];

beforeAll(async () => {
  t = await createTestApp();
  // The Master Template, which every member's board is copied from.
  await readBoard(await actor(t, { role: 'admin' }));
  // Course order: the premium-only course first, then one every member role opens.
  premiumOnly = await createCourse(t.knex, { visibleToBasic: false, visibleToPremium: true });
  forEveryone = await createCourse(t.knex, {
    visibleToBasic: true,
    visibleToPremium: true,
    modules: [{ lessons: [{}, {}] }, { lessons: [{}] }],
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/dashboard/first-run', () => {
  it('gives each member role the steps it can take, none done yet; coaches and admins a 403', async () => {
    const cases = [
      { role: 'premium', createdAt: BEFORE_CUTOFF, steps: ['lesson', 'qualifier', 'product', 'review'] },
      { role: 'premium', createdAt: AFTER_CUTOFF, steps: ['lesson', 'qualifier', 'product'] },
      { role: 'course only', createdAt: BEFORE_CUTOFF, steps: ['lesson', 'product'] },
      { role: 'basic', createdAt: BEFORE_CUTOFF, steps: ['lesson', 'qualifier', 'product'] },
    ] as const;
    for (const c of cases) {
      const a = await actor(t, { role: c.role, createdAt: c.createdAt });
      const body = await read(a);
      expect(
        body.steps.map((s) => s.key),
        c.role,
      ).toEqual(c.steps);
      expect(
        body.steps.every((s) => !s.done),
        c.role,
      ).toBe(true);
      expect(body.dismissed, c.role).toBe(false);
      const hrefs = Object.fromEntries(body.steps.map((s) => [s.key, s.href]));
      // The first lesson the role can open: premium sees the premium-only course first.
      expect(hrefs.lesson, c.role).toBe(lessonPath(c.role === 'premium' ? premiumOnly : forEveryone));
      expect(hrefs.product, c.role).toBe('/profit-calculator');
      if (hrefs.qualifier) expect(hrefs.qualifier).toBe('/product-qualifier');
      if (hrefs.review) expect(hrefs.review).toBe('/move-the-needle');
    }
    for (const role of ['coach', 'admin'] as const) {
      const a = await actor(t, { role });
      expect((await a.agent.get(FIRST_RUN)).status, role).toBe(403);
      expect((await a.agent.put(FIRST_RUN).send({ dismissed: true })).status, role).toBe(403);
    }
  });

  it('ticks each step from the member’s own data, and only theirs', async () => {
    const me = await actor(t, { role: 'premium', fullName: 'Nina New' });
    const other = await actor(t, { role: 'premium', fullName: 'Otto Other' });
    expect(doneOf(await read(me))).toEqual({ lesson: false, qualifier: false, product: false, review: false });

    // Someone else's progress ticks nothing of mine.
    await complete(t.knex, other.user.id, [forEveryone.lessons[0]!]);
    expect((await other.agent.post('/api/product/upsert').send({ product: MINIMAL })).status).toBe(200);
    expect(doneOf(await read(me))).toEqual({ lesson: false, qualifier: false, product: false, review: false });
    expect(doneOf(await read(other))).toMatchObject({ lesson: true, product: true });

    // A lesson completed through the API.
    const lesson = forEveryone.lessons[1]!;
    const completed = await me.agent.put('/api/lesson/mark-as-completed').send({ lessonId: lesson });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(doneOf(await read(me))).toMatchObject({ lesson: true, qualifier: false });

    // The qualifier: saved answers are a draft until they are rated.
    expect((await me.agent.post('/api/product-qualifier/save').send({ answers: ratedAnswers })).status).toBe(200);
    expect(doneOf(await read(me)).qualifier).toBe(false);
    const rated = await me.agent.post('/api/product-qualifier/save').send({ answers: ratedAnswers, rated: true });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    expect(doneOf(await read(me))).toMatchObject({ qualifier: true, product: false });

    expect((await me.agent.post('/api/product/upsert').send({ product: MINIMAL })).status).toBe(200);
    expect(doneOf(await read(me))).toMatchObject({ product: true, review: false });

    // A card sent to FOR REVIEW, then sent on: the step stays done (the card's history).
    const board = await readBoard(me);
    const [cardId] = await addCards(t.knex, listByName(board, 'IN PROGRESS').id, 1, 'Launch');
    const move = (from: string, to: string) =>
      me.agent.post(`${MTN}/card/move`).send({
        cardId,
        sourceListId: listByName(board, from).id,
        destListId: listByName(board, to).id,
        positionOnDestList: 0,
      });
    expect((await move('IN PROGRESS', 'FOR REVIEW')).status).toBe(200);
    expect(doneOf(await read(me))).toEqual({ lesson: true, qualifier: true, product: true, review: true });
    expect((await move('FOR REVIEW', 'COMPLETED')).status).toBe(200);
    expect(doneOf(await read(me)).review).toBe(true);
    expect(doneOf(await read(other)).review).toBe(false);
  });

  it('counts a card that sits in FOR REVIEW without a history row (made before history was kept)', async () => {
    const me = await actor(t, { role: 'premium' });
    const board = await readBoard(me);
    await addCards(t.knex, listByName(board, 'FOR REVIEW').id, 1, 'Old');
    expect(doneOf(await read(me)).review).toBe(true);
  });

  it('links the lesson step to /courses when the member can open no lesson', async () => {
    await t.knex('courses').update({ status: 'DRAFT' }).whereIn('id', [forEveryone.id]);
    try {
      const basic = await actor(t, { role: 'basic' });
      expect((await read(basic)).steps[0]).toEqual({ key: 'lesson', done: false, href: '/courses' });
    } finally {
      await t.knex('courses').update({ status: 'PUBLISHED' }).whereIn('id', [forEveryone.id]);
    }
  });

  it('is 401 without a session', async () => {
    expect((await t.request().get(FIRST_RUN)).status).toBe(401);
    expect((await t.request().put(FIRST_RUN).send({ dismissed: true })).status).toBe(401);
  });
});

describe('PUT /api/dashboard/first-run', () => {
  it('hides the checklist for the account (every browser), and shows it again', async () => {
    const user = await createUser(t.knex, { role: 'basic' });
    const agent = await signIn(t.agent(), user);
    const hidden = await agent.put(FIRST_RUN).send({ dismissed: true });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect((hidden.body as FirstRunResponse).dismissed).toBe(true);
    expect((hidden.body as FirstRunResponse).steps.map((s) => s.key)).toEqual(['lesson', 'qualifier', 'product']);
    const first = await t.knex('users').where({ id: user.id }).first('first_run_dismissed_at');
    expect(first.first_run_dismissed_at).not.toBeNull();
    // Hiding again keeps the first time.
    await agent.put(FIRST_RUN).send({ dismissed: true });
    const again = await t.knex('users').where({ id: user.id }).first('first_run_dismissed_at');
    expect(new Date(again.first_run_dismissed_at).getTime()).toBe(new Date(first.first_run_dismissed_at).getTime());
    // Another browser of the same account.
    const other = await signIn(t.agent(), user);
    expect((await other.get(FIRST_RUN)).body.dismissed).toBe(true);
    const shown = await other.put(FIRST_RUN).send({ dismissed: false });
    expect(shown.status).toBe(200);
    expect((shown.body as FirstRunResponse).dismissed).toBe(false);
    expect((await agent.get(FIRST_RUN)).body.dismissed).toBe(false);
  });

  it('validates before it authorizes: a 400 naming the field for every role', async () => {
    for (const role of ['basic', 'admin'] as const) {
      const a = await actor(t, { role });
      for (const body of [{}, { dismissed: 'yes' }, { dismissed: null }]) {
        const res = await a.agent.put(FIRST_RUN).send(body);
        expect(res.status, `${role} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.error.fields, role).toHaveProperty('dismissed');
      }
    }
  });

  it('an admin signed in as a member does not hide the member’s checklist', async () => {
    const admin = await actor(t, { role: 'admin' });
    const member = await createUser(t.knex, { role: 'premium' });
    expect((await admin.agent.post('/api/auth/signinas').send({ email: member.email })).status).toBe(200);
    const res = await admin.agent.put(FIRST_RUN).send({ dismissed: true });
    expect(res.status).toBe(200);
    // Hidden in that window's answer, not stored.
    expect((res.body as FirstRunResponse).dismissed).toBe(true);
    const row = await t.knex('users').where({ id: member.id }).first('first_run_dismissed_at');
    expect(row.first_run_dismissed_at).toBeNull();
    expect((await admin.agent.get(FIRST_RUN)).body.dismissed).toBe(false);
  });
});
