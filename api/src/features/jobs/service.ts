import type { Knex } from 'knex';
import { FAILED_JOBS_PER_PAGE, type FailedJobsQuery, type JobActionInput } from '@shared/schemas/jobs';
import { JOB_QUEUES, type FailedJobsResponse, type JobQueueSummary } from '@shared/types/jobs';
import { audit } from '../../core/audit';
import { connectionExecutor, nudgeAfterCommit, queueClient, QUEUE_SCHEMA } from '../../core/queue';
import {
  describeJob,
  presentFailedJob,
  presentQueueSummary,
  type FailedJobRow,
  type QueueCountsRow,
} from './presenter';

/**
 * The Jobs API's reads and writes on pg-boss's tables (docs/areas/jobs.md, "Jobs API"): counts
 * and failed jobs are SQL on `pgboss.job` (pg-boss has no paged read); retry and discard go
 * through pg-boss's own calls, in the request's transaction, with the audit row.
 */

/** Per queue: queued (new or waiting for a retry), running, failed for good, completed in the last 24 hours. */
export async function jobSummary(db: Knex): Promise<JobQueueSummary[]> {
  const { rows } = await db.raw<{ rows: QueueCountsRow[] }>(
    `select q.name,
            count(j.id) filter (where j.state in ('created', 'retry'))::int as queued,
            count(j.id) filter (where j.state = 'active')::int as active,
            count(j.id) filter (where j.state = 'failed')::int as failed,
            count(j.id) filter (where j.state = 'completed' and j.completed_on > now() - interval '24 hours')::int as completed
       from unnest(?::text[]) as q(name)
       left join ${QUEUE_SCHEMA}.job j on j.name = q.name
      group by q.name`,
    [[...JOB_QUEUES]],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  // Completed jobs stay in the job table for a day (core/queue/runner.ts, RETENTION), so the last
  // 24 hours are all there.
  return JOB_QUEUES.map((name) =>
    presentQueueSummary(byName.get(name) ?? { name, queued: 0, active: 0, failed: 0, completed: 0 }),
  );
}

/** The failed jobs (out of attempts), newest failure first, of one queue or all. */
export async function failedJobs(db: Knex, query: FailedJobsQuery): Promise<FailedJobsResponse> {
  const names = query.queue ? [query.queue] : [...JOB_QUEUES];
  const base = () => db.withSchema(QUEUE_SCHEMA).from('job').where('state', 'failed').whereIn('name', names);
  const [{ total }] = (await base().count<Array<{ total: number }>>('* as total')) as [{ total: number }];
  const rows = await base()
    .select<FailedJobRow[]>('id', 'name', 'data', 'output', 'retry_count', 'created_on', 'completed_on')
    .orderBy([
      { column: 'completed_on', order: 'desc', nulls: 'last' },
      { column: 'id', order: 'asc' },
    ])
    .limit(FAILED_JOBS_PER_PAGE)
    .offset((query.page - 1) * FAILED_JOBS_PER_PAGE);
  return { jobs: rows.map(presentFailedJob), total: Number(total), page: query.page, perPage: FAILED_JOBS_PER_PAGE };
}

/** The failed job `input`, locked for this transaction; null when there is none (retried, discarded, never failed). */
async function lockFailed(trx: Knex.Transaction, input: JobActionInput): Promise<{ id: string; data: unknown } | null> {
  const row = await trx
    .withSchema(QUEUE_SCHEMA)
    .from('job')
    .where({ name: input.queue, id: input.id, state: 'failed' })
    .forUpdate()
    .first<{ id: string; data: unknown } | undefined>('id', 'data');
  return row ?? null;
}

interface Actor {
  actorId: number;
  ip: string;
}

/**
 * Retry: the failed job gets one more attempt (pg-boss `retry`), run as soon as a worker is free;
 * audited. Returns false when there is no such failed job.
 */
export async function retryJob(trx: Knex.Transaction, input: JobActionInput, by: Actor): Promise<boolean> {
  const job = await lockFailed(trx, input);
  if (!job) return false;
  await queueClient().retry(input.queue, input.id, { db: connectionExecutor(trx) });
  await audit(trx, {
    actorId: by.actorId,
    action: 'job.retry',
    details: { queue: input.queue, jobId: input.id, job: describeJob(input.queue, job.data) },
    ip: by.ip,
  });
  nudgeAfterCommit(trx, input.queue);
  return true;
}

/** Discard: the failed job is deleted (pg-boss `deleteJob`); audited. Returns false when there is no such failed job. */
export async function discardJob(trx: Knex.Transaction, input: JobActionInput, by: Actor): Promise<boolean> {
  const job = await lockFailed(trx, input);
  if (!job) return false;
  await queueClient().deleteJob(input.queue, input.id, { db: connectionExecutor(trx) });
  await audit(trx, {
    actorId: by.actorId,
    action: 'job.discard',
    details: { queue: input.queue, jobId: input.id, job: describeJob(input.queue, job.data) },
    ip: by.ip,
  });
  return true;
}
