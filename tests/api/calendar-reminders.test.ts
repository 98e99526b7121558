import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { createLogger } from '../../api/src/core/logger';
import { startJobRunner } from '../../api/src/core/queue';
import { sendCallReminders } from '../../api/src/features/calendar';
import { createTestDatabase, testServerUrl, withDatabase, type TestDatabase } from '../helpers/db';
import { createTag, createUser } from '../helpers/factories';

/**
 * The call reminders (docs/areas/calendar.md, "Reminders"): one mail per member who said they go,
 * an hour before each occurrence, exactly once, however many workers run the timer. The clock is
 * passed in (`now`), so nothing sleeps until a call.
 */
let db: TestDatabase;
const log = createLogger('silent');
const URL_ = 'http://portal.test';
const server = testServerUrl();

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.knex('calendar_calls').delete();
  await db.knex('pgboss.job').where({ name: 'mail' }).delete();
});

const T0 = Date.parse('2026-12-07T15:00:00Z');
const at = (ms: number) => new Date(ms);
const MIN = 60_000;

async function mails(): Promise<Array<{ to: string; subject: string; text: string }>> {
  const rows = await db
    .knex('pgboss.job')
    .where({ name: 'mail' })
    .orderBy('created_on')
    .select<Array<{ data: { message: { to: string; subject: string; text: string } } }>>('data');
  return rows.map((r) => r.data.message);
}

async function scheduleCall(over: Record<string, unknown> = {}): Promise<number> {
  const [row] = await db
    .knex('calendar_calls')
    .insert({
      title: 'Weekly coaching',
      starts_at: at(T0),
      duration_minutes: 60,
      join_url: 'https://meet.example.com/weekly',
      repeat: 'weekly',
      ...over,
    })
    .returning<Array<{ id: number }>>('id');
  return row!.id;
}

const rsvp = (callId: number, userId: number, going: boolean) =>
  db.knex('calendar_rsvps').insert({ call_id: callId, user_id: userId, going });

describe('call reminders', () => {
  it('mail each member who goes once, an hour before each occurrence', async () => {
    const id = await scheduleCall();
    const going = await createUser(db.knex, { role: 'premium', email: 'going@example.test' });
    const notGoing = await createUser(db.knex, { role: 'premium' });
    const silent = await createUser(db.knex, { role: 'premium' });
    const blocked = await createUser(db.knex, { role: 'premium', stripeStatus: 'unpaid' });
    void silent;
    await rsvp(id, going.id, true);
    await rsvp(id, notGoing.id, false);
    await rsvp(id, blocked.id, true);

    expect(await sendCallReminders(db.knex, URL_, at(T0 - 2 * 60 * MIN))).toBe(0);
    expect(await sendCallReminders(db.knex, URL_, at(T0 - 61 * MIN))).toBe(0);
    expect(await sendCallReminders(db.knex, URL_, at(T0 - 60 * MIN))).toBe(1);
    expect(await sendCallReminders(db.knex, URL_, at(T0 - 59 * MIN))).toBe(0);
    expect(await sendCallReminders(db.knex, URL_, at(T0 - 1 * MIN))).toBe(0);
    // Once the call has started, nothing more for it.
    expect(await sendCallReminders(db.knex, URL_, at(T0 + 1 * MIN))).toBe(0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'going@example.test', subject: 'Starting in an hour: Weekly coaching' });
    expect(sent[0]!.text).toContain('https://meet.example.com/weekly');
    expect(sent[0]!.text).toContain('15:00 UTC on 2026-12-07');

    // Next week's occurrence has its own reminder (a worker that was down catches up within the hour).
    expect(await sendCallReminders(db.knex, URL_, at(T0 + 7 * 24 * 60 * MIN - 30 * MIN))).toBe(1);
    expect(await mails()).toHaveLength(2);
    expect(await db.knex('calendar_call_reminders').where({ call_id: id }).pluck('user_id')).toEqual([
      going.id,
      going.id,
    ]);
  });

  it('follows the call’s audience, the RSVP and the call’s changes', async () => {
    const vip = await createTag(db.knex);
    const id = await scheduleCall({ repeat: 'none' });
    const member = await createUser(db.knex, { role: 'basic' });
    await rsvp(id, member.id, true);
    // The call now asks for a tag the member lacks: no reminder.
    await db.knex('calendar_call_tags').insert({ call_id: id, tag_id: vip.id });
    expect(await sendCallReminders(db.knex, URL_, at(T0 - 30 * MIN))).toBe(0);
    await db.knex('user_tags').insert({ user_id: member.id, tag_id: vip.id });
    // Moved an hour later: the reminder follows the new time.
    await db
      .knex('calendar_calls')
      .where({ id })
      .update({ starts_at: at(T0 + 60 * MIN) });
    expect(await sendCallReminders(db.knex, URL_, at(T0 - 30 * MIN))).toBe(0);
    expect(await sendCallReminders(db.knex, URL_, at(T0 + 10 * MIN))).toBe(1);
    // Deleted: its rows go with it, nothing is sent.
    await db.knex('calendar_calls').where({ id }).delete();
    expect(await sendCallReminders(db.knex, URL_, at(T0 + 20 * MIN))).toBe(0);
  });

  it('exactly once when two workers run it at the same moment', async () => {
    const id = await scheduleCall();
    const members = await Promise.all(Array.from({ length: 5 }, () => createUser(db.knex, { role: 'premium' })));
    for (const m of members) await rsvp(id, m.id, true);
    // On PostgreSQL a second pool: two processes' statements really interleave.
    const other: Knex = server
      ? knexFactory({ client: 'pg', connection: withDatabase(server, db.name), pool: { min: 0, max: 2 } })
      : db.knex;
    try {
      const now = at(T0 - 45 * MIN);
      const counts = await Promise.all([
        sendCallReminders(db.knex, URL_, now),
        sendCallReminders(other, URL_, now),
        sendCallReminders(db.knex, URL_, now),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(5);
    } finally {
      if (other !== db.knex) await other.destroy();
    }
    const sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual(members.map((m) => m.email).sort());
  });

  it('two job runners with the timer on: the reminders go out once', async () => {
    const id = await scheduleCall();
    const member = await createUser(db.knex, { role: 'premium' });
    await rsvp(id, member.id, true);
    const now = at(T0 - 30 * MIN);
    const runs: string[] = [];
    const handler = (name: string) => async () => {
      runs.push(name);
      return { queued: await sendCallReminders(db.knex, URL_, now) };
    };
    const tuning = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
    const options = { timers: true, pollingIntervalSeconds: 0.5, tuning, log, knex: db.knex };
    const databaseUrl = server ? withDatabase(server, db.name) : null;
    // Start well inside a minute: the timer sends one job per minute slot.
    const second = new Date().getSeconds();
    if (second >= 48 || second < 1) await new Promise((r) => setTimeout(r, ((61 - second) % 60) * 1000));
    const a = await startJobRunner({ ...options, databaseUrl, handlers: { 'call-reminders': handler('a') } });
    const b = await startJobRunner({ ...options, databaseUrl, handlers: { 'call-reminders': handler('b') } });
    try {
      await new Promise((r) => setTimeout(r, 6000));
    } finally {
      await Promise.all([a.stop(1000), b.stop(1000)]);
    }
    expect(runs).toHaveLength(1);
    expect((await mails()).map((m) => m.to)).toEqual([member.email]);
    // A later tick (or a rerun of the job) finds the reminder sent.
    expect(await sendCallReminders(db.knex, URL_, now)).toBe(0);
    expect(await mails()).toHaveLength(1);
  }, 40_000);
});
