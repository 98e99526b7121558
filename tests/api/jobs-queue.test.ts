import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createLogger } from '../../api/src/core/logger';
import { enqueue, enqueueSql, startJobRunner, type JobRunner, type JobRunnerOptions } from '../../api/src/core/queue';
import { createTestDatabase, testServerUrl, withDatabase, type TestDatabase } from '../helpers/db';

/**
 * The job queue itself, on both databases, with runners of its own (no app): timers run once per
 * tick however many workers run them, graceful shutdown, and the SQL form of an enqueue. On
 * PostgreSQL each runner has its own pool, as the server's; on PGlite two runners are two
 * pg-boss instances over the one connection in this process.
 */
let db: TestDatabase;
const log = createLogger('silent');

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const server = testServerUrl();
const runner = (options: Omit<JobRunnerOptions, 'knex' | 'databaseUrl' | 'log'>) =>
  startJobRunner({ knex: db.knex, databaseUrl: server ? withDatabase(server, db.name) : null, log, ...options });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const jobRow = (knex: Knex, id: string) =>
  knex('pgboss.job').where({ id }).first<{ state: string; retry_count: number; output: unknown }>();

describe('timers', () => {
  it('run once per tick with two workers on the same database', async () => {
    // A tick is a minute (pg-boss sends a timer's job at most once per minute slot): start well inside one.
    const second = new Date().getSeconds();
    if (second >= 48 || second < 1) await sleep(((61 - second) % 60) * 1000);
    const runs: Array<{ worker: string; minute: string }> = [];
    const sweep = (worker: string) => async () => {
      const { rows } = await db.knex.raw<{ rows: Array<{ minute: string }> }>(
        "select to_char(date_trunc('minute', now()), 'HH24:MI') as minute",
      );
      runs.push({ worker, minute: rows[0]!.minute });
      return {};
    };
    // Each worker checks the schedules every second and looks for jobs every half second.
    const tuning = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
    const options = { timers: true, pollingIntervalSeconds: 0.5, tuning };
    const a = await runner({ ...options, handlers: { 'live-sweep': sweep('a') } });
    const b = await runner({ ...options, handlers: { 'live-sweep': sweep('b') } });
    try {
      await sleep(6000);
    } finally {
      await Promise.all([a.stop(1000), b.stop(1000)]);
    }
    expect(runs).toHaveLength(1);
    const jobs = await db.knex('pgboss.job').where({ name: 'live-sweep' }).select('state');
    expect(jobs).toEqual([{ state: 'completed' }]);
    // Both workers scheduled the timer, once.
    expect(await db.knex('pgboss.schedule').where({ name: 'live-sweep' }).select('cron')).toEqual([
      { cron: '* * * * *' },
    ]);
  }, 30_000);
});

describe('graceful stop', () => {
  /** A handler that runs until released; `started` resolves when a job is in it. */
  function slowHandler() {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const state = {
      started: new Promise<void>((resolve) => (started = resolve)),
      release: () => release(),
      handler: async () => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        return { done: true };
      },
    };
    return state;
  }

  it('waits for the running job, then stops; the jobs not yet taken stay queued', async () => {
    const slow = slowHandler();
    const r: JobRunner = await runner({ timers: false, handlers: { 'stripe-sync': slow.handler } });
    const running = await enqueue(db.knex, 'stripe-sync', { n: 1 });
    await slow.started;
    const waiting = await enqueue(db.knex, 'stripe-sync', { n: 2 });
    const stopping = r.stop(10_000);
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await sleep(1500);
    expect(stopped).toBe(false);
    expect((await jobRow(db.knex, running!)).state).toBe('active');
    slow.release();
    expect(await stopping).toBe(true);
    expect((await jobRow(db.knex, running!)).state).toBe('completed');
    expect((await jobRow(db.knex, waiting!)).state).toBe('created');
    await db.knex('pgboss.job').where({ id: waiting }).delete();
  }, 30_000);

  it('gives up after the grace period: the job still running is failed and retried later', async () => {
    const slow = slowHandler();
    const r = await runner({ timers: false, handlers: { 'stripe-sync': slow.handler } });
    const id = await enqueue(db.knex, 'stripe-sync', { n: 3 });
    await slow.started;
    const began = Date.now();
    expect(await r.stop(1000)).toBe(false);
    expect(Date.now() - began).toBeGreaterThanOrEqual(1000);
    // The handler ends after the pool has closed: pg-boss's completion (which it does not await) is
    // dropped instead of rejecting where nobody listens, which used to end a stopping server.
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      slow.release();
      await sleep(300);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections).toEqual([]);
    const row = await jobRow(db.knex, id!);
    expect(row.state).toBe('retry');
    expect(row.output).toMatchObject({ value: 'pg-boss shut down while active' });
  }, 30_000);
});

describe('enqueueSql', () => {
  const columns = [
    'name',
    'state',
    'priority',
    'retry_limit',
    'retry_delay',
    'retry_backoff',
    'expire_in',
    'dead_letter',
    'policy',
    'singleton_key',
  ];

  it('writes the same job as enqueue, with the queue’s rules, in the caller’s statement', async () => {
    const read = (id: string | null | undefined) =>
      db
        .knex('pgboss.job')
        .where({ id })
        .first([...columns, 'data', db.knex.raw('keep_until - created_on as keep')]);
    const pick = (row: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c, String(row[c])]));
    for (const queue of ['mail', 'prune'] as const) {
      const viaSend = await enqueue(db.knex, queue, { via: 'send' });
      const a = (await read(viaSend)) as Record<string, unknown>;
      await db.knex('pgboss.job').where({ id: viaSend }).delete();
      const sql = enqueueSql(queue, `select jsonb_build_object('via', 'sql') as data`);
      const { rows } = await db.knex.raw<{ rows: Array<{ id: string }> }>(sql);
      const b = (await read(rows[0]?.id)) as Record<string, unknown>;
      expect(pick(b)).toEqual(pick(a));
      expect(String(b.keep)).toEqual(String(a.keep));
      expect([a.data, b.data]).toEqual([{ via: 'send' }, { via: 'sql' }]);
      if (queue === 'prune') {
        // A stately queue holds one queued job: a second is left out, as enqueue leaves it out.
        expect((await db.knex.raw<{ rows: unknown[] }>(sql)).rows).toEqual([]);
        expect(await enqueue(db.knex, queue, { via: 'send' })).toBeNull();
      }
      await db.knex('pgboss.job').where({ name: queue }).delete();
    }
  });
});
