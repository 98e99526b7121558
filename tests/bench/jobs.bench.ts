/**
 * Job queue benchmark on PostgreSQL (docs/areas/jobs.md): jobs per second through the queue, a
 * no-op handler, on a fresh migrated database.
 * - enqueue: one job alone (its statement and commit, p50/p95), then N jobs from 8 concurrent callers;
 * - drain: N queued jobs run by 1, 2 and 4 workers (each a runner with its own pool, as worker
 *   processes would be);
 * - wake-up: jobs enqueued one at a time in a transaction, the time from its commit to its handler
 *   (the local worker is woken on commit; p50/p95);
 * - through: N jobs enqueued in transactions by 8 callers while 4 workers run them: jobs per second
 *   from the first enqueue to the last run.
 * On a loaded or slow disk every commit waits for its WAL flush: a job costs three (insert, start,
 * complete), which bounds the figures.
 * Prints figures; asserts nothing. Run: npm run bench -- jobs
 */
import { createLogger } from '../../api/src/core/logger';
import { enqueue, startJobRunner, type JobHandler, type JobRunner } from '../../api/src/core/queue';
import { BENCH_SERVER_URL, percentile, startBenchApp } from './lib';

const N = Number(process.env.BENCH_JOBS ?? 2000);
const CALLERS = 8;
const log = createLogger('silent');

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function inParallel(count: number, callers: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);

async function main(): Promise<void> {
  const app = await startBenchApp();
  const name = (await app.knex.raw<{ rows: Array<{ db: string }> }>('select current_database() as db')).rows[0]!.db;
  const url = withDatabase(BENCH_SERVER_URL, name);
  // The benchmark's no-op jobs go to a queue with the standard policy and no timer.
  const queue = 'stripe-sync' as const;
  const startRunners = (count: number, handler: JobHandler): Promise<JobRunner[]> =>
    Promise.all(
      Array.from({ length: count }, () =>
        startJobRunner({ knex: app.knex, databaseUrl: url, handlers: { [queue]: handler }, log, timers: false }),
      ),
    );
  try {
    // Enqueue only: one alone, then many.
    const alone: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const t = performance.now();
      await enqueue(app.knex, queue, { i });
      alone.push(performance.now() - t);
    }
    alone.sort((a, b) => a - b);
    console.log(
      `enqueue   one alone: p50 ${percentile(alone, 50).toFixed(1)} ms, p95 ${percentile(alone, 95).toFixed(1)} ms`,
    );
    await app.knex('pgboss.job').where({ name: queue }).delete();
    let t0 = performance.now();
    await inParallel(N, CALLERS, (i) => enqueue(app.knex, queue, { i }));
    const enqueueMs = performance.now() - t0;
    console.log(
      `enqueue   ${N} jobs, ${CALLERS} callers: ${perSecond(N, enqueueMs)} jobs/s (${Math.round(enqueueMs)} ms)`,
    );

    // Drain a backlog with 1, 2, 4 workers.
    for (const workers of [1, 2, 4]) {
      if (workers > 1) await inParallel(N, CALLERS, (i) => enqueue(app.knex, queue, { i }));
      let done = 0;
      let finished: () => void = () => undefined;
      const all = new Promise<void>((resolve) => (finished = resolve));
      const handler: JobHandler = () => {
        done += 1;
        if (done === N) finished();
        return Promise.resolve();
      };
      t0 = performance.now();
      const runners = await startRunners(workers, handler);
      await all;
      const drainMs = performance.now() - t0;
      await Promise.all(runners.map((r) => r.stop(5000)));
      console.log(
        `drain     ${N} jobs, ${workers} worker(s): ${perSecond(N, drainMs)} jobs/s (${Math.round(drainMs)} ms)`,
      );
    }

    // Wake-up: one job at a time, from its commit to its handler.
    {
      const waits: number[] = [];
      let ran: (at: number) => void = () => undefined;
      const runners = await startRunners(1, () => {
        ran(performance.now());
        return Promise.resolve();
      });
      for (let i = 0; i < 200; i += 1) {
        const run = new Promise<number>((resolve) => (ran = resolve));
        await app.knex.transaction(async (trx) => {
          await enqueue(trx, queue, { i });
        });
        const committed = performance.now();
        waits.push((await run) - committed);
      }
      await Promise.all(runners.map((r) => r.stop(5000)));
      waits.sort((a, b) => a - b);
      console.log(
        `wake-up   commit to handler, one job at a time: p50 ${percentile(waits, 50).toFixed(1)} ms, p95 ${percentile(waits, 95).toFixed(1)} ms`,
      );
    }

    // Enqueue and run at once.
    {
      let done = 0;
      let finished: () => void = () => undefined;
      const all = new Promise<void>((resolve) => (finished = resolve));
      const runners = await startRunners(4, () => {
        done += 1;
        if (done === N) finished();
        return Promise.resolve();
      });
      t0 = performance.now();
      await inParallel(N, CALLERS, (i) => app.knex.transaction((trx) => enqueue(trx, queue, { i })));
      await all;
      const throughMs = performance.now() - t0;
      await Promise.all(runners.map((r) => r.stop(5000)));
      console.log(
        `through   ${N} jobs enqueued in transactions by ${CALLERS} callers, run by 4 workers: ${perSecond(N, throughMs)} jobs/s (${Math.round(throughMs)} ms)`,
      );
    }
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
