import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { currentPeriod, runRecurringCards } from '../../api/src/features/playbooks';
import type { Playbook, RecurringCard } from '../../shared/src/types/playbooks';
import { createTestApp, type TestApp } from '../helpers/app';
import { testServerUrl, withDatabase } from '../helpers/db';
import { createTag } from '../helpers/factories';
import { actor, fillTemplate, MTN, readBoard, type Actor } from './board-fixtures';

/**
 * Recurring cards and playbooks (docs/areas/playbooks.md): who may keep and apply them (per role),
 * the cards they make in the first list of members' boards with checklist, labels and due dates,
 * recurring cards once per period across workers and restarts (the clock passed in), a playbook
 * key applied once, members without a board skipped and counted. Both databases.
 */
let t: TestApp;
let admin: Actor;
let coach: Actor;
let member: Actor;
let other: Actor;
let noBoard: Actor;
let basic: Actor;
let tag: { id: number; name: string };
const server = testServerUrl();
const REC = `${MTN}/recurring`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  await fillTemplate(admin);
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  other = await actor(t, { role: 'premium', fullName: 'Otto Other' });
  noBoard = await actor(t, { role: 'premium', fullName: 'Nora Noboard' });
  basic = await actor(t, { role: 'basic' });
  await readBoard(member);
  await readBoard(other);
  tag = await createTag(t.knex, 'launch-cohort');
  await t.knex('user_tags').insert([
    { user_id: other.user.id, tag_id: tag.id },
    { user_id: noBoard.user.id, tag_id: tag.id },
  ]);
});
afterAll(async () => {
  await t.close();
});

/** The cards of the first list of `a`'s board with their due dates, labels and checklist counts. */
async function firstList(a: Actor) {
  const board = await readBoard(a);
  const first = [...board.lists].sort((x, y) => x.position - y.position)[0]!;
  return first.Cards.map((c) => ({
    title: c.title,
    dueAt: c.dueAt,
    labels: (c.Labels ?? []).map((l: { name: string }) => l.name),
    items: (c as unknown as { itemsTotal?: number }).itemsTotal,
  }));
}

const launchCards = [
  { title: 'Order samples', checklist: ['Three suppliers', 'Compare'], labels: ['Launch'], dueInDays: 3 },
  { title: 'Photos', description: 'White background', dueInDays: 10 },
  { title: 'Someday', labels: ['launch', 'Later'] },
];

describe('playbooks: who may', () => {
  it('401 without a session; 403 for members on read, upsert, delete and apply to others', async () => {
    expect((await t.request().get('/api/playbooks/read-many')).status).toBe(401);
    for (const a of [member, basic]) {
      expect((await a.agent.get('/api/playbooks/read-many')).status).toBe(403);
      expect((await a.agent.post('/api/playbooks/upsert').send({ name: 'X', cards: [{ title: 'a' }] })).status).toBe(
        403,
      );
      expect((await a.agent.delete('/api/playbooks/1')).status).toBe(403);
    }
    expect(
      (
        await member.agent
          .post('/api/playbooks/apply')
          .send({ playbookId: 1, userIds: [other.user.id], startOn: '2026-12-07', key: 'x' })
      ).status,
    ).toBe(403);
  });

  it('the members to plan for: premium members by name, to coaches and admins; 401 and 403 otherwise', async () => {
    expect((await t.request().get('/api/playbooks/members')).status).toBe(401);
    for (const a of [member, basic]) expect((await a.agent.get('/api/playbooks/members')).status).toBe(403);
    for (const a of [coach, admin]) {
      const res = await a.agent.get('/api/playbooks/members');
      expect(res.status).toBe(200);
      const names = (res.body.members as Array<{ fullName: string }>).map((m) => m.fullName);
      expect(names).toEqual(['Mia Member', 'Nora Noboard', 'Otto Other']);
      expect(res.body.members[0]).toEqual({ id: member.user.id, fullName: 'Mia Member', email: member.user.email });
    }
  });

  it('400 with field messages for a bad playbook or apply', async () => {
    const bad = await coach.agent.post('/api/playbooks/upsert').send({ name: '', cards: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ name: expect.any(String), cards: 'Add at least one card' });
    const badCard = await coach.agent
      .post('/api/playbooks/upsert')
      .send({ name: 'P', cards: [{ title: 'a', dueInDays: -1 }] });
    expect(badCard.status).toBe(400);
    const badApply = await coach.agent.post('/api/playbooks/apply').send({ playbookId: 1, startOn: '07/12/2026' });
    expect(badApply.status).toBe(400);
    expect(badApply.body.error.fields).toMatchObject({ startOn: 'Enter a day as YYYY-MM-DD', key: expect.any(String) });
  });
});

describe('playbooks: keep and apply', () => {
  let playbook: Playbook;

  it('a coach saves a playbook (audited); everyone who keeps them reads it', async () => {
    const res = await coach.agent
      .post('/api/playbooks/upsert')
      .send({ name: 'Launch plan', description: 'Twelve weeks', cards: launchCards, launch: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.isNew).toBe(true);
    playbook = res.body.playbook;
    expect(playbook.cards).toHaveLength(3);
    expect(playbook.cards[2]).toEqual({
      title: 'Someday',
      description: '',
      checklist: [],
      labels: ['launch', 'Later'],
      dueInDays: null,
    });
    expect(playbook.createdBy).toEqual({ id: coach.user.id, fullName: 'Cora Coach' });
    const read = await admin.agent.get('/api/playbooks/read-many');
    expect(read.body.playbooks.map((p: Playbook) => p.name)).toContain('Launch plan');
    const audited = await t.knex('audit_log').where({ action: 'playbook.create', actor_id: coach.user.id }).first();
    expect(audited).toBeTruthy();
  });

  it('applies to two members by id and tag: cards in the first list, due from startOn; no board is skipped; the same key applies nothing', async () => {
    const body = {
      playbookId: playbook.id,
      userIds: [member.user.id],
      tagIds: [tag.id],
      startOn: '2027-01-04',
      key: 'cohort-jan',
    };
    const res = await coach.agent.post('/api/playbooks/apply').send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ applied: 2, skipped: 1 });
    for (const a of [member, other]) {
      const cards = (await firstList(a)).slice(-3);
      expect(cards.map((c) => c.title)).toEqual(['Order samples', 'Photos', 'Someday']);
      expect(cards.map((c) => c.dueAt)).toEqual(['2027-01-07T23:59:00.000Z', '2027-01-14T23:59:00.000Z', null]);
      // One label "Launch" on the board for both spellings.
      expect(cards[0]!.labels).toEqual(['Launch']);
      expect(cards[2]!.labels.sort()).toEqual(['Later', 'Launch'].sort());
    }
    // The dated cards got their reminders scheduled.
    const jobs = await t.knex('pgboss.job').where({ name: 'card-reminder' }).count<Array<{ n: string }>>('* as n');
    expect(Number(jobs[0]!.n)).toBeGreaterThanOrEqual(4);
    const again = await coach.agent.post('/api/playbooks/apply').send(body);
    expect(again.body).toEqual({ applied: 0, skipped: 3 });
    expect((await firstList(member)).filter((c) => c.title === 'Photos')).toHaveLength(1);
    // The member without a board is reached by the same key once they have one.
    await readBoard(noBoard);
    const later = await coach.agent.post('/api/playbooks/apply').send(body);
    expect(later.body).toEqual({ applied: 1, skipped: 2 });
    expect((await firstList(noBoard)).map((c) => c.title)).toContain('Order samples');
  });

  it('400 for an unknown member or tag; 404 for an unknown playbook; the Master Template is never a target', async () => {
    const unknownUser = await coach.agent
      .post('/api/playbooks/apply')
      .send({ playbookId: playbook.id, userIds: [999999], startOn: '2027-01-04', key: 'k1' });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.error.fields).toEqual({ userIds: 'Choose members who exist' });
    const unknown = await coach.agent
      .post('/api/playbooks/apply')
      .send({ playbookId: 999999, userIds: [member.user.id], startOn: '2027-01-04', key: 'k2' });
    expect(unknown.status).toBe(404);
    const toAdmin = await coach.agent
      .post('/api/playbooks/apply')
      .send({ playbookId: playbook.id, userIds: [admin.user.id], startOn: '2027-01-04', key: 'k3' });
    expect(toAdmin.body).toEqual({ applied: 0, skipped: 0 });
  });

  it('a member applies the launch playbook to their own board only; not another playbook', async () => {
    const launch = await member.agent.get('/api/playbooks/launch');
    expect(launch.status).toBe(200);
    expect(launch.body.playbook).toMatchObject({ id: playbook.id, name: 'Launch plan', launch: true });
    expect((await basic.agent.get('/api/playbooks/launch')).status).toBe(403);
    const own = await member.agent
      .post('/api/playbooks/apply')
      .send({ playbookId: playbook.id, startOn: '2027-02-01', key: 'launch:bamboo' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toEqual({ applied: 1, skipped: 0 });
    const plain = await coach.agent.post('/api/playbooks/upsert').send({ name: 'Not launch', cards: [{ title: 'x' }] });
    const refused = await member.agent
      .post('/api/playbooks/apply')
      .send({ playbookId: plain.body.playbook.id, startOn: '2027-02-01', key: 'k4' });
    expect(refused.status).toBe(403);
    expect(
      (
        await basic.agent
          .post('/api/playbooks/apply')
          .send({ playbookId: playbook.id, startOn: '2027-02-01', key: 'k5' })
      ).status,
    ).toBe(403);
    // Marking another as the launch playbook moves the mark.
    await coach.agent
      .post('/api/playbooks/upsert')
      .send({ id: plain.body.playbook.id, name: 'Not launch', cards: [{ title: 'x' }], launch: true });
    const all = (await coach.agent.get('/api/playbooks/read-many')).body.playbooks as Playbook[];
    expect(all.filter((p) => p.launch).map((p) => p.id)).toEqual([plain.body.playbook.id]);
    const deleted = await admin.agent.delete(`/api/playbooks/${plain.body.playbook.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin.agent.delete(`/api/playbooks/${plain.body.playbook.id}`)).status).toBe(404);
  });
});

describe('recurring cards', () => {
  it('who may: members for their own board only, coaches and admins for members; basic 403', async () => {
    expect((await t.request().get(`${REC}/read-many`)).status).toBe(401);
    expect((await basic.agent.get(`${REC}/read-many`)).status).toBe(403);
    const forOther = await member.agent
      .post(`${REC}/upsert`)
      .send({ title: 'Spy', every: 'week', userIds: [other.user.id] });
    expect(forOther.status).toBe(403);
    const withTag = await member.agent.post(`${REC}/upsert`).send({ title: 'Spy', every: 'week', tagIds: [tag.id] });
    expect(withTag.status).toBe(403);
    const noTargets = await coach.agent.post(`${REC}/upsert`).send({ title: 'Check-in', every: 'week' });
    expect(noTargets.status).toBe(400);
    expect(noTargets.body.error.fields).toEqual({ userIds: 'Choose members or tags' });
    const bad = await member.agent.post(`${REC}/upsert`).send({ title: '', every: 'day', weekday: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ every: 'Choose week or month', weekday: expect.any(String) });
  });

  it('a member’s weekly check-in: one card per week on their board, due after its days; once per period across workers and restarts', async () => {
    const res = await member.agent.post(`${REC}/upsert`).send({
      title: 'Weekly check-in',
      checklist: ['Numbers', 'Next step'],
      every: 'week',
      weekday: 1,
      dueAfterDays: 2,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rule = res.body.recurring as RecurringCard;
    expect(rule).toMatchObject({
      every: 'week',
      weekday: 1,
      dayOfMonth: null,
      dueAfterDays: 2,
      userIds: [member.user.id],
    });
    // Another member does not see it; the admin does.
    expect((await other.agent.get(`${REC}/read-many`)).body.recurring).toEqual([]);
    expect((await admin.agent.get(`${REC}/read-many`)).body.recurring.map((r: RecurringCard) => r.id)).toContain(
      rule.id,
    );
    expect((await other.agent.delete(`${REC}/${rule.id}`)).status).toBe(404);

    // The clock: the rule's first period starts on the first Monday from its making on.
    const made = new Date(rule.createdAt);
    const monday = new Date(Date.UTC(made.getUTCFullYear(), made.getUTCMonth(), made.getUTCDate()));
    while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
    const tuesday = new Date(monday.getTime() + 86_400_000 + 9 * 3_600_000);
    const count = async () => (await firstList(member)).filter((c) => c.title === 'Weekly check-in');
    const other2: Knex = server
      ? knexFactory({ client: 'pg', connection: withDatabase(server, t.db.name), pool: { min: 0, max: 2 } })
      : t.knex;
    try {
      const made2 = await Promise.all([runRecurringCards(t.knex, tuesday), runRecurringCards(other2, tuesday)]);
      expect(made2.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      if (other2 !== t.knex) await other2.destroy();
    }
    // A restart, a later tick in the same week: nothing more.
    expect(await runRecurringCards(t.knex, new Date(tuesday.getTime() + 3 * 86_400_000))).toBe(0);
    const cards = await count();
    expect(cards).toHaveLength(1);
    const due = new Date(monday.getTime() + 2 * 86_400_000);
    expect(cards[0]!.dueAt).toBe(`${due.toISOString().slice(0, 10)}T23:59:00.000Z`);
    // The next week: one more.
    expect(await runRecurringCards(t.knex, new Date(tuesday.getTime() + 7 * 86_400_000))).toBe(1);
    expect(await count()).toHaveLength(2);
    // Deleted: no more.
    expect((await member.agent.delete(`${REC}/${rule.id}`)).status).toBe(200);
    expect(await runRecurringCards(t.knex, new Date(tuesday.getTime() + 14 * 86_400_000))).toBe(0);
  });

  it('a coach’s monthly card for a tag: each member with a board once a month; a member without one is skipped', async () => {
    const res = await coach.agent
      .post(`${REC}/upsert`)
      .send({ title: 'Monthly numbers', every: 'month', dayOfMonth: 5, tagIds: [tag.id], userIds: [member.user.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rule = res.body.recurring as RecurringCard;
    const made = new Date(rule.createdAt);
    const fifth = new Date(Date.UTC(made.getUTCFullYear(), made.getUTCMonth() + 1, 6, 12));
    const made3 = await runRecurringCards(t.knex, fifth);
    const runs = await t.knex('recurring_card_runs').where({ recurring_id: rule.id });
    expect(runs, JSON.stringify(runs)).toHaveLength(3);
    expect(made3).toBe(3);
    expect(await runRecurringCards(t.knex, fifth)).toBe(0);
    for (const a of [member, other, noBoard]) {
      expect((await firstList(a)).filter((c) => c.title === 'Monthly numbers')).toHaveLength(1);
    }
    expect((await coach.agent.get(`${REC}/read-many`)).body.recurring.map((r: RecurringCard) => r.id)).toEqual([
      rule.id,
    ]);
  });
});

describe('currentPeriod', () => {
  const rule = (over: Record<string, unknown>) =>
    ({ every: 'week', weekday: 1, day_of_month: null, created_at: '2026-11-01T00:00:00Z', ...over }) as Parameters<
      typeof currentPeriod
    >[0];
  it('a week: the last chosen weekday on or before today; a month: this month’s day or last month’s', () => {
    // 2026-12-06 is a Sunday.
    expect(currentPeriod(rule({}), new Date('2026-12-06T10:00:00Z'))).toEqual({ day: '2026-11-30', key: '2026-11-30' });
    expect(currentPeriod(rule({}), new Date('2026-12-07T00:00:00Z'))).toEqual({ day: '2026-12-07', key: '2026-12-07' });
    const month = rule({ every: 'month', weekday: null, day_of_month: 10 });
    expect(currentPeriod(month, new Date('2026-12-06T10:00:00Z'))).toEqual({ day: '2026-11-10', key: '2026-11' });
    expect(currentPeriod(month, new Date('2026-12-10T00:00:00Z'))).toEqual({ day: '2026-12-10', key: '2026-12' });
    // Before the first period since it was made: none.
    expect(currentPeriod(rule({ created_at: '2026-12-02T00:00:00Z' }), new Date('2026-12-06T10:00:00Z'))).toBeNull();
  });
});
