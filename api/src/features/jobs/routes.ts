import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { failedJobsQuerySchema, jobActionSchema } from '@shared/schemas/jobs';
import type { JobActionResponse, JobSummaryResponse } from '@shared/types/jobs';
import { endpoint } from '../../core/endpoint';
import { notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { discardJob, failedJobs, jobSummary, retryJob } from './service';

/**
 * The job queue for admins (prefix /api/jobs, `jobs:manage`; docs/areas/jobs.md):
 * - GET /summary : counts per queue (queued, running, failed, completed in the last 24 hours).
 * - GET /failed?queue=&page= : the failed jobs, newest failure first, with their last error and attempts.
 * - POST /retry {queue, id} : one more attempt for a failed job; audited.
 * - POST /discard {queue, id} : deletes a failed job; audited.
 */
export function jobRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/jobs' });

  /** Counts per queue: queued, running, failed, completed in the last 24 hours; the timers' schedules. */
  router.get(
    '/summary',
    ...endpoint({ authorize: 'jobs:manage' }, async (ctx) => {
      const body: JobSummaryResponse = { queues: await jobSummary(ctx.deps.knex) };
      ctx.body = body;
    }),
  );

  /** The failed jobs (out of attempts), newest failure first, 25 a page: last error and attempts. */
  router.get(
    '/failed',
    ...endpoint({ input: failedJobsQuerySchema, from: 'query', authorize: 'jobs:manage' }, async (ctx) => {
      ctx.body = await failedJobs(ctx.deps.knex, ctx.input);
    }),
  );

  /** One more attempt for a failed job, run at once; audited (404 when it is not a failed job). */
  router.post(
    '/retry',
    ...endpoint({ input: jobActionSchema, authorize: 'jobs:manage', transaction: true }, async (ctx) => {
      if (!(await retryJob(ctx.trx, ctx.input, { actorId: ctx.user.id, ip: ctx.ip })))
        throw notFound(MESSAGES.jobNotFailed);
      const body: JobActionResponse = { success: true, message: MESSAGES.jobRetried };
      ctx.body = body;
    }),
  );

  /** Deletes a failed job; audited (404 when it is not a failed job). */
  router.post(
    '/discard',
    ...endpoint({ input: jobActionSchema, authorize: 'jobs:manage', transaction: true }, async (ctx) => {
      if (!(await discardJob(ctx.trx, ctx.input, { actorId: ctx.user.id, ip: ctx.ip })))
        throw notFound(MESSAGES.jobNotFailed);
      const body: JobActionResponse = { success: true, message: MESSAGES.jobDiscarded };
      ctx.body = body;
    }),
  );

  return router;
}
