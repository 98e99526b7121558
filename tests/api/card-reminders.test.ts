import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { runCardReminder, runCardReminders, type CardReminderJob } from '../../api/src/features/board';
import { startJobRunner } from '../../api/src/core/queue';
import { createLogger } from '../../api/src/core/logger';
import { createTestApp, type TestApp } from '../helpers/app';
import { testServerUrl, withDatabase } from '../helpers/db';
import { actor, fillTemplate, listByName, MTN, readBoard, type Actor } from './board-fixtures';

/**
 * Due-date reminders (docs/areas/reminders.md): `card_due_soon` 24 hours before a card's due date
 * (at once when it is set less than a day ahead) and `card_overdue` when it passes (at once when it
 * is set in the past), each a job of the `card-reminder` queue that starts at its moment; moved
 * when the due date changes, cancelled when the card completes, is archived, deleted or loses its
 * date; each sent once per due date, however many workers run it. The clock: the jobs' start
 * moments are read from the queue, and a job is run as a worker runs it when its moment comes
 * (`runCardReminder`), so nothing waits a day. Both databases.
 */
let t: TestApp;
let admin: Actor;
let member: Actor;
const server = testServerUrl();
const HOUR = 3_600_000;

beforeAll(async () => {
  // Jobs run only when a test asks (jobsSettled), so a test sees what a change scheduled.
  t = await createTestApp({}, { jobs: { onlyWhenSettled: true } });
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  await fillTemplate(admin);
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  await readBoard(member);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.jobsSettled();
});

interface PendingJob {
  data: CardReminderJob;
  start_after: Date;
}

/** The card's reminder jobs still to run, soonest first. */
async function pending(cardId: number): Promise<PendingJob[]> {
  const rows = await t
    .knex('pgboss.job')
    .where({ name: 'card-reminder', singleton_key: `card:${cardId}` })
    .whereIn('state', ['created', 'retry'])
    .orderBy('start_after')
    .select<PendingJob[]>('data', 'start_after');
  return rows.map((r) => ({ data: r.data, start_after: new Date(r.start_after) }));
}

async function notificationsOf(userId: number, cardId: number) {
  return t
    .knex('notifications')
    .where({ user_id: userId, card_id: cardId })
    .orderBy('id')
    .select<Array<{ type: string; text: string; actor_id: number | null }>>('type', 'text', 'actor_id');
}

async function newCard(dueAt: string | null, list = 'NOT STARTED', title = 'Ship it'): Promise<number> {
  const board = await readBoard(member);
  const res = await member.agent
    .post(`${MTN}/card/upsert`)
    .send({ title, ListId: listByName(board, list).id, ...(dueAt ? { dueAt } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.card as { id: number }).id;
}

const setDue = async (cardId: number, dueAt: string | null) => {
  const res = await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, dueAt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

async function move(cardId: number, from: string, to: string) {
  const board = await readBoard(member);
  const res = await member.agent.post(`${MTN}/card/move`).send({
    cardId,
    sourceListId: listByName(board, from).id,
    destListId: listByName(board, to).id,
    positionOnDestList: 0,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const near = (a: Date, b: number) => Math.abs(a.getTime() - b) < 60_000;

describe('scheduling', () => {
  it('a due date three days ahead: due soon a day before, overdue at the moment; each runs once', async () => {
    const due = inHours(72);
    const cardId = await newCard(due);
    const jobs = await pending(cardId);
    expect(jobs.map((j) => j.data.kind)).toEqual(['card_due_soon', 'card_overdue']);
    expect(jobs[0]!.start_after.getTime()).toBe(Date.parse(due) - 24 * HOUR);
    expect(jobs[1]!.start_after.getTime()).toBe(Date.parse(due));
    expect(jobs.every((j) => j.data.dueAt === due && j.data.cardId === cardId)).toBe(true);

    // Its moment comes: the worker runs it. Once: a rerun (a retry, a second worker) notifies nobody.
    expect(await runCardReminder(t.knex, jobs[0]!.data)).toBe(true);
    expect(await runCardReminder(t.knex, jobs[0]!.data)).toBe(false);
    const [soon] = await notificationsOf(member.user.id, cardId);
    expect(soon).toMatchObject({ type: 'card_due_soon', actor_id: null });
    expect(soon!.text).toMatch(/^Your card "Ship it" is due \w{3} \d{1,2}, \d{4} at \d{2}:\d{2} UTC$/);
    expect(await runCardReminder(t.knex, jobs[1]!.data)).toBe(true);
    expect((await notificationsOf(member.user.id, cardId)).map((n) => n.type)).toEqual([
      'card_due_soon',
      'card_overdue',
    ]);
    // The inbox shows them, without an actor.
    const inbox = await member.agent.get('/api/notification/read-many');
    const mine = (inbox.body.notifications as Array<{ type: string; actor: unknown; card: { id: number } }>).filter(
      (n) => n.card.id === cardId,
    );
    expect(mine.map((n) => n.type).sort()).toEqual(['card_due_soon', 'card_overdue']);
    expect(mine.every((n) => n.actor === null)).toBe(true);
  });

  it('set less than a day ahead: due soon at once; set in the past: overdue at once; the worker delivers them, by email per preference', async () => {
    await member.agent.put('/api/notification/preferences').send({
      preferences: { comment: 'app', for_review: 'app', review_done: 'app', card_overdue: 'email' },
    });
    const soonId = await newCard(inHours(2), 'NOT STARTED', 'Soon card');
    const [soonJob, overdueJob] = await pending(soonId);
    expect(soonJob!.data.kind).toBe('card_due_soon');
    expect(near(soonJob!.start_after, Date.now())).toBe(true);
    expect(overdueJob!.data.kind).toBe('card_overdue');
    const pastId = await newCard(inHours(-5), 'NOT STARTED', 'Late card');
    const pastJobs = await pending(pastId);
    expect(pastJobs.map((j) => j.data.kind)).toEqual(['card_overdue']);
    expect(near(pastJobs[0]!.start_after, Date.now())).toBe(true);

    await t.jobsSettled();
    expect((await notificationsOf(member.user.id, soonId)).map((n) => n.type)).toEqual(['card_due_soon']);
    expect((await notificationsOf(member.user.id, pastId)).map((n) => n.type)).toEqual(['card_overdue']);
    expect(await pending(pastId)).toEqual([]);
    // card_overdue by email: the mail job ran through SMTP.
    const mail = await t.smtp.waitFor(member.user.email);
    expect(mail.raw).toContain('Late card');
    await member.agent.put('/api/notification/preferences').send({
      preferences: { comment: 'app', for_review: 'app', review_done: 'app', card_overdue: 'app' },
    });
  });
});

describe('moved and cancelled by the card’s changes', () => {
  it('a new due date moves the jobs; the old date’s job does nothing', async () => {
    const first = inHours(48);
    const cardId = await newCard(first);
    const old = await pending(cardId);
    const second = inHours(96);
    await setDue(cardId, second);
    const moved = await pending(cardId);
    expect(moved.map((j) => j.data.dueAt)).toEqual([second, second]);
    expect(moved[0]!.start_after.getTime()).toBe(Date.parse(second) - 24 * HOUR);
    // A job of the old date (one a worker had already taken) finds the date changed.
    expect(await runCardReminder(t.knex, old[0]!.data)).toBe(false);
    // An edit that leaves the date alone keeps the jobs as they are.
    await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, title: 'Ship it now' });
    expect((await pending(cardId)).map((j) => j.data.dueAt)).toEqual([second, second]);
    // Cleared: nothing left.
    await setDue(cardId, null);
    expect(await pending(cardId)).toEqual([]);
    expect(await runCardReminder(t.knex, moved[0]!.data)).toBe(false);
    expect(await notificationsOf(member.user.id, cardId)).toEqual([]);
  });

  it('completed: cancelled; moved out of COMPLETED again: scheduled again', async () => {
    const due = inHours(30);
    const cardId = await newCard(due);
    const jobs = await pending(cardId);
    expect(jobs).toHaveLength(2);
    // A move between lists that are not COMPLETED keeps them.
    await move(cardId, 'NOT STARTED', 'IN PROGRESS');
    expect(await pending(cardId)).toHaveLength(2);
    await move(cardId, 'IN PROGRESS', 'COMPLETED');
    expect(await pending(cardId)).toEqual([]);
    expect(await runCardReminder(t.knex, jobs[1]!.data)).toBe(false);
    await move(cardId, 'COMPLETED', 'IN PROGRESS');
    expect((await pending(cardId)).map((j) => j.data.kind)).toEqual(['card_due_soon', 'card_overdue']);
    expect(await notificationsOf(member.user.id, cardId)).toEqual([]);
  });

  it('archived: cancelled; restored: scheduled again; deleted: cancelled', async () => {
    const cardId = await newCard(inHours(50));
    expect(await pending(cardId)).toHaveLength(2);
    const archived = await member.agent.post(`${MTN}/card/archive`).send({ id: cardId });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(await pending(cardId)).toEqual([]);
    const restored = await member.agent.post(`${MTN}/card/restore`).send({ id: cardId });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(await pending(cardId)).toHaveLength(2);
    const deleted = await admin.agent.delete(`${MTN}/card/${cardId}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await pending(cardId)).toEqual([]);
  });
});

describe('exactly once across instances', () => {
  it('the same job run at the same moment by two processes notifies once', async () => {
    const cardId = await newCard(inHours(40));
    const [job] = await pending(cardId);
    // On PostgreSQL a second pool: two processes' statements really interleave.
    const other: Knex = server
      ? knexFactory({ client: 'pg', connection: withDatabase(server, t.db.name), pool: { min: 0, max: 2 } })
      : t.knex;
    try {
      const runs = await Promise.all([
        runCardReminder(t.knex, job!.data),
        runCardReminder(other, job!.data),
        runCardReminder(t.knex, job!.data),
      ]);
      expect(runs.filter(Boolean)).toHaveLength(1);
    } finally {
      if (other !== t.knex) await other.destroy();
    }
    expect(await notificationsOf(member.user.id, cardId)).toHaveLength(1);
  });

  it('a batch: the jobs of one fetch in one transaction, each notified once; a card a board write holds waits for it; a completed card is skipped', async () => {
    const ids = [
      await newCard(inHours(30), 'NOT STARTED', 'Batch one'),
      await newCard(inHours(30), 'NOT STARTED', 'Batch two'),
      await newCard(inHours(30), 'NOT STARTED', 'Batch held'),
      await newCard(inHours(30), 'NOT STARTED', 'Batch done'),
    ];
    const jobs = await Promise.all(ids.map(async (id) => (await pending(id))[0]!.data));
    expect(jobs.map((j) => j.kind)).toEqual(['card_due_soon', 'card_due_soon', 'card_due_soon', 'card_due_soon']);
    await move(ids[3]!, 'NOT STARTED', 'COMPLETED');

    // Another process holds the third card (a board write in flight) while the batch runs.
    const other: Knex = server
      ? knexFactory({ client: 'pg', connection: withDatabase(server, t.db.name), pool: { min: 0, max: 2 } })
      : t.knex;
    try {
      if (server) {
        const trx = await other.transaction();
        await trx.raw('select id from mtn_cards where id = ? for update', [ids[2]!]);
        const batch = runCardReminders(t.knex, jobs);
        // The batch commits the cards it could lock, then waits for the held one alone.
        await expect.poll(async () => (await notificationsOf(member.user.id, ids[1]!)).length).toBe(1);
        expect(await notificationsOf(member.user.id, ids[2]!)).toHaveLength(0);
        await trx.commit();
        expect(await batch).toBe(3);
      } else {
        expect(await runCardReminders(t.knex, jobs)).toBe(3);
      }
    } finally {
      if (other !== t.knex) await other.destroy();
    }
    for (const id of ids.slice(0, 3)) {
      const sent = await notificationsOf(member.user.id, id);
      expect(sent.map((n) => n.type)).toEqual(['card_due_soon']);
    }
    expect(await notificationsOf(member.user.id, ids[3]!)).toHaveLength(0);
    // The same batch again (a retry, or a second fetch of the same jobs) notifies no one.
    expect(await runCardReminders(t.knex, jobs)).toBe(0);
    expect(await notificationsOf(member.user.id, ids[0]!)).toHaveLength(1);
  });

  it('two job runners on the queue: an overdue card is notified once', async () => {
    const log = createLogger('silent');
    const databaseUrl = server ? withDatabase(server, t.db.name) : null;
    const runs: string[] = [];
    const handler = (name: string) => async (job: { data: unknown }) => {
      runs.push(name);
      return { notified: await runCardReminder(t.knex, job.data as CardReminderJob) };
    };
    const options = { knex: t.knex, databaseUrl, log, timers: false, pollingIntervalSeconds: 0.5 };
    const a = await startJobRunner({ ...options, handlers: { 'card-reminder': handler('a') } });
    const b = await startJobRunner({ ...options, handlers: { 'card-reminder': handler('b') } });
    try {
      const cardId = await newCard(inHours(-1), 'IN PROGRESS', 'Two runners');
      await Promise.all([a.settled(), b.settled()]);
      expect(await notificationsOf(member.user.id, cardId)).toHaveLength(1);
      // pg-boss hands the one job to one worker.
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(1000), b.stop(1000)]);
    }
  });
});
