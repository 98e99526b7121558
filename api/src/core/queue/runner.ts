import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { Logger } from '../logger';
import { connectionExecutor, workerExecutor, type TrackedExecutor } from './executors';
import { enqueue, onEnqueued } from './outbox';
import { QUEUE_NAMES, QUEUE_SCHEMA, QUEUES, type QueueDefinition, type QueueName } from './queues';

/** One job as its handler sees it. */
export interface RunningJob<T = unknown> {
  id: string;
  queue: QueueName;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  /** The attempts after the first that the job may have. */
  retryLimit: number;
}

/** Runs one job; a throw fails the attempt (retried with backoff until the queue's limit). Its result is the job's output. */
export type JobHandler = (job: RunningJob) => Promise<unknown>;

/**
 * Runs the jobs a worker fetched together (a queue with `batchSize` above 1), usually in one
 * transaction: a throw fails them all (each is retried on its own schedule).
 */
export interface BatchJobHandler {
  batch: (jobs: RunningJob[]) => Promise<unknown>;
}

export type JobHandlers = Partial<Record<QueueName, JobHandler | BatchJobHandler>>;

export interface JobRunnerOptions {
  knex: Knex;
  /**
   * PostgreSQL: pg-boss gets a pool of its own on this URL. null: the embedded database, reached
   * through knex's one connection (connectionExecutor).
   */
  databaseUrl: string | null;
  handlers: JobHandlers;
  log: Logger;
  /** Schedule and send the timers' jobs (cron) and do pg-boss's maintenance. Default true. */
  timers?: boolean;
  /** How often an idle worker looks for jobs (seconds, at least 0.5; default 2). Local enqueues wake it at once. */
  pollingIntervalSeconds?: number;
  /** Wake the local workers when a job for them commits in this process (default true; tests may turn it off to run jobs only when they ask). */
  wakeOnEnqueue?: boolean;
  /** More pg-boss options (tests: faster cron and maintenance checks). */
  tuning?: Partial<PgBoss.ConstructorOptions>;
}

/** How long pg-boss keeps what is done: completed jobs a day in its job table (then a week in its archive), failed ones 14 days. */
const RETENTION: Partial<PgBoss.ConstructorOptions> = {
  archiveCompletedAfterSeconds: 24 * 60 * 60,
  archiveFailedAfterSeconds: 14 * 24 * 60 * 60,
  deleteAfterDays: 7,
};

/**
 * The workers of one process (PORTAL_ROLE worker or all): a pg-boss instance that runs the handlers
 * of its queues, schedules the timers and does pg-boss's maintenance (expiring stuck jobs,
 * archiving). Any number of processes may run one on the same database: a job runs once, a timer
 * once per tick.
 */
export class JobRunner {
  private boss: PgBoss | null = null;
  private executor: TrackedExecutor | null = null;
  private readonly workers = new Map<QueueName, string[]>();
  private unregister: (() => void) | null = null;
  /** Jobs whose handler is running in this process. */
  private running = 0;

  constructor(private readonly options: JobRunnerOptions) {}

  get handledQueues(): QueueName[] {
    return QUEUE_NAMES.filter((name) => this.options.handlers[name]);
  }

  async start(): Promise<void> {
    const { knex, databaseUrl, log } = this.options;
    const timers = this.options.timers ?? true;
    const common: PgBoss.ConstructorOptions = {
      schema: QUEUE_SCHEMA,
      supervise: timers,
      schedule: timers,
      ...RETENTION,
      ...this.options.tuning,
    };
    const onError = (err: Error) => log.error('job queue error', { error: String(err?.message ?? err) });
    this.executor = workerExecutor(knex, databaseUrl, onError);
    const boss = new PgBoss({ ...common, db: this.executor });
    boss.on('error', onError);
    await boss.start();
    this.boss = boss;

    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 2;
    for (const name of this.handledQueues) {
      const definition: QueueDefinition = QUEUES[name];
      const ids: string[] = [];
      for (let i = 0; i < (definition.concurrency ?? 1); i += 1) {
        const worker = { id: '' };
        worker.id = await boss.work<unknown>(
          name,
          { pollingIntervalSeconds, batchSize: definition.batchSize ?? 1, includeMetadata: true },
          async (jobs) => {
            try {
              return jobs.length > 0 ? await this.run(name, jobs) : undefined;
            } finally {
              // A worker that found a job looks again at once (pg-boss would wait out its polling
              // interval after every job): a backlog drains at full speed, an empty queue is polled.
              if (worker.id) boss.notifyWorker(worker.id);
            }
          },
        );
        ids.push(worker.id);
      }
      this.workers.set(name, ids);
    }
    if (this.options.wakeOnEnqueue ?? true) this.unregister = onEnqueued(knex, (queue) => this.nudge(queue));

    if (timers) {
      await this.syncSchedules(boss);
      for (const name of this.handledQueues) {
        const definition: QueueDefinition = QUEUES[name];
        if (definition.atStart) await enqueue(knex, name, {});
      }
    }
  }

  /** The timers of this code base, and no other: a timer removed from QUEUES stops being sent. */
  private async syncSchedules(boss: PgBoss): Promise<void> {
    const wanted = new Map<string, string>();
    for (const name of this.handledQueues) {
      const definition: QueueDefinition = QUEUES[name];
      if (definition.cron) wanted.set(name, definition.cron);
    }
    for (const schedule of await boss.getSchedules()) {
      if (!wanted.has(schedule.name)) await boss.unschedule(schedule.name);
    }
    for (const [name, cron] of wanted) await boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  private async run(queue: QueueName, jobs: Array<PgBoss.JobWithMetadata<unknown>>): Promise<unknown> {
    const handler = this.options.handlers[queue]!;
    const running: RunningJob[] = jobs.map((job) => ({
      id: job.id,
      queue,
      data: job.data,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
    }));
    this.running += jobs.length;
    try {
      if (typeof handler !== 'function') return await handler.batch(running);
      // A one-job handler on a batched queue (not in this code base) runs its jobs one by one.
      let out: unknown;
      for (const job of running) out = await handler(job);
      return out;
    } catch (err) {
      for (const job of jobs) {
        const last = job.retryCount >= job.retryLimit;
        const details = { queue, jobId: job.id, attempt: job.retryCount + 1, error: String(err) };
        if (last) this.options.log.error('job failed for good (listed on the Jobs page)', details);
        else this.options.log.warn('job failed, will retry', details);
      }
      throw err;
    } finally {
      this.running -= jobs.length;
    }
  }

  /** Wakes the idle workers of `queue` in this process (a job for it has just been committed). */
  nudge(queue: QueueName): void {
    const boss = this.boss;
    if (!boss) return;
    for (const id of this.workers.get(queue) ?? []) boss.notifyWorker(id);
  }

  /**
   * Resolves once no job of this runner's queues is due or running (tests; never in the server):
   * every due job has been run (or has failed and waits for its retry).
   */
  async settled(timeoutMs = 15_000): Promise<void> {
    const names = this.handledQueues;
    const executor = connectionExecutor(this.options.knex);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await executor.executeSql(
        `select name, count(*) filter (where state <> 'active')::int as due
           from ${QUEUE_SCHEMA}.job
          where name = any($1::text[])
            and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))
          group by name`,
        [names],
      );
      const busy = rows as Array<{ name: QueueName; due: number }>;
      if (busy.length === 0) return;
      // Wake only the workers that have something to take (a woken worker asks the database at once).
      for (const row of busy) if (Number(row.due) > 0) this.nudge(row.name);
      if (Date.now() > deadline) throw new Error(`jobs still due or running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * Stops taking jobs, waits up to `graceMs` for the running ones, then stops. Jobs not yet taken
   * stay queued for another worker or the next start; one still running after the grace period
   * is marked failed and retried later (its handlers are idempotent). Resolves true when no job
   * was still running at the end.
   */
  async stop(graceMs: number): Promise<boolean> {
    this.unregister?.();
    this.unregister = null;
    const boss = this.boss;
    this.boss = null;
    if (!boss) return true;
    await boss.stop({ graceful: true, timeout: graceMs, wait: true });
    const clean = this.running === 0;
    // pg-boss completes (or fails) a job without waiting for it: let those statements land.
    await this.executor?.idle(5_000);
    await this.executor?.close();
    this.executor = null;
    return clean;
  }
}

/** Starts the workers of `handlers` (PORTAL_ROLE worker or all). */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const runner = new JobRunner(options);
  await runner.start();
  return runner;
}
