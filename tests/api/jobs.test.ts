import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { MESSAGES } from '../../shared/src/messages';
import { JOB_QUEUES, type FailedJobsResponse, type JobSummaryResponse } from '../../shared/src/types/jobs';
import { createMailer } from '../../api/src/adapters/mail';
import { createStorage } from '../../api/src/adapters/storage';
import { createLogger } from '../../api/src/core/logger';
import { enqueue, enqueueMail, QUEUES, type JobHandler } from '../../api/src/core/queue';
import { jobHandlers } from '../../api/src/jobs';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import { mailText } from '../helpers/fake-smtp';

/**
 * The mail queue's retries and dead letters, and the Jobs API (GET /api/jobs/summary and /failed,
 * POST /api/jobs/retry and /discard; role admin only), on both databases. Retry delays are
 * minutes: the tests move a waiting job's start time to now ("drive the clock") instead of waiting.
 */
let t: TestApp;
let admin: supertest.Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  start_after: Date;
  output: { message?: string } | null;
}

const mailJobsTo = (to: string) =>
  t
    .knex('pgboss.job')
    .where({ name: 'mail' })
    .whereRaw("data->'message'->>'to' = ?", [to])
    .select<JobRow[]>('id', 'state', 'retry_count', 'start_after', 'output');

const mailsTo = (to: string) => t.smtp.messages.filter((m) => m.to.includes(to));

/** The retry a job waits for is due now; then every due job runs. */
async function retryNow(id: string): Promise<void> {
  await t
    .knex('pgboss.job')
    .where({ id, state: 'retry' })
    .update({ start_after: t.knex.raw("now() - interval '1 second'") });
  await t.jobsSettled();
}

const message = (to: string, subject = 'Queue test') => ({ to, subject, text: `Hello ${to}` });

describe('the mail queue', () => {
  it('retries a mail while the mail server refuses it, the first retry within a minute, and delivers it once when it is back', async () => {
    const to = 'later@jobs.test';
    t.smtp.refusing.add(to);
    await t.knex.transaction((trx) => enqueueMail(trx, message(to)));
    await t.jobsSettled();
    let [job] = await mailJobsTo(to);
    expect(job!.state).toBe('retry');
    expect(job!.output?.message).toMatch(/450/);
    const wait = new Date(job!.start_after).getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    await retryNow(job!.id);
    expect((await mailJobsTo(to))[0]!.state).toBe('retry');
    expect(mailsTo(to)).toHaveLength(0);

    // The server takes it again: the next retry delivers it, once.
    t.smtp.refusing.delete(to);
    await retryNow(job!.id);
    [job] = await mailJobsTo(to);
    expect(job!.state).toBe('completed');
    expect(mailsTo(to)).toHaveLength(1);
    expect(mailText(mailsTo(to)[0]!.raw)).toContain(`Hello ${to}`);
    await t.jobsSettled();
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('does not send a mail twice when its job runs again after the server accepted it (a worker died before completing it)', async () => {
    const to = 'once@jobs.test';
    // The job is written, due in an hour: no worker takes it meanwhile.
    const id = await enqueue(t.knex, 'mail', { kind: 'message', message: message(to) }, { startAfter: 3600 });
    // A first attempt reaches the mail server, and the process dies before the job is completed:
    // the job is still there to be taken again.
    const log = createLogger('silent');
    const mailer = createMailer({ smtpUrl: t.smtp.url, from: t.config.mailFrom, outboxDir: '/nonexistent', log });
    const handlers = jobHandlers({ config: t.config, knex: t.knex, mailer, storage: createStorage(t.config), log });
    const job = {
      id: id!,
      queue: 'mail' as const,
      data: { kind: 'message', message: message(to) },
      retryCount: 0,
      retryLimit: 5,
    };
    const sent = (await (handlers.mail as JobHandler)(job)) as { messageId: string };
    mailer.close();
    expect(mailsTo(to)).toHaveLength(1);
    expect(sent.messageId).toMatch(new RegExp(`^<${id}\\.[0-9a-f]{16}@portal\\.local>$`));
    expect(mailsTo(to)[0]!.raw.replace(/\r\n[ \t]+/g, ' ')).toContain(`Message-ID: ${sent.messageId}`);

    // The queue runs the job again (now due): it finds the delivery and sends nothing.
    await t
      .knex('pgboss.job')
      .where({ id })
      .update({ start_after: t.knex.raw("now() - interval '1 second'") });
    await t.jobsSettled();
    const [row] = await t
      .knex('pgboss.job')
      .where({ id })
      .select<Array<{ state: string; output: { alreadySent?: boolean } }>>('state', 'output');
    expect(row).toMatchObject({ state: 'completed', output: { alreadySent: true } });
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('writes the mail job in the transaction: a rollback leaves no job and sends nothing', async () => {
    const to = 'rolledback@jobs.test';
    await expect(
      t.knex.transaction(async (trx) => {
        await enqueueMail(trx, message(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.jobsSettled();
    expect(await mailJobsTo(to)).toHaveLength(0);
    expect(mailsTo(to)).toHaveLength(0);
  });
});

describe('the Jobs API', () => {
  it('401 without a session and 403 for every role but admin, on all four calls', async () => {
    const body = { queue: 'mail', id: '00000000-0000-4000-8000-000000000000' };
    expect((await t.request().get('/api/jobs/summary')).status).toBe(401);
    expect((await t.request().get('/api/jobs/failed')).status).toBe(401);
    expect((await t.request().post('/api/jobs/retry').send(body)).status).toBe(401);
    expect((await t.request().post('/api/jobs/discard').send(body)).status).toBe(401);
    for (const role of ALL_ROLES.filter((r) => r !== 'admin')) {
      const agent = await signIn(t.agent(), await createUser(t.knex, { role }));
      expect((await agent.get('/api/jobs/summary')).status, role).toBe(403);
      expect((await agent.get('/api/jobs/failed')).status, role).toBe(403);
      expect((await agent.post('/api/jobs/retry').send(body)).status, role).toBe(403);
      expect((await agent.post('/api/jobs/discard').send(body)).status, role).toBe(403);
    }
  });

  it('400 for an unknown queue, a bad id or page, with the field', async () => {
    const bad = await admin.post('/api/jobs/retry').send({ queue: 'nope', id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ queue: MESSAGES.jobUnknownQueue, id: MESSAGES.jobBadId });
    expect((await admin.get('/api/jobs/failed').query({ page: 0 })).status).toBe(400);
    expect((await admin.get('/api/jobs/failed').query({ queue: 'nope' })).status).toBe(400);
  });

  it('counts every queue: queued, running, failed and completed in the last 24 hours, with the timers\u2019 schedules', async () => {
    const before = ((await admin.get('/api/jobs/summary')).body as JobSummaryResponse).queues;
    expect(before.map((q) => q.queue)).toEqual([...JOB_QUEUES]);
    expect(before.find((q) => q.queue === 'notification-digest')!.cron).toBe(QUEUES['notification-digest'].cron);
    expect(before.find((q) => q.queue === 'mail')!.cron).toBeNull();
    const mailBefore = before.find((q) => q.queue === 'mail')!;

    const to = 'counted@jobs.test';
    await enqueueMail(t.knex, message(to));
    await t.jobsSettled();
    t.smtp.refusing.add('waiting@jobs.test');
    await enqueueMail(t.knex, message('waiting@jobs.test'));
    await t.jobsSettled();
    t.smtp.refusing.delete('waiting@jobs.test');
    const after = ((await admin.get('/api/jobs/summary')).body as JobSummaryResponse).queues;
    expect(after.find((q) => q.queue === 'mail')).toEqual({
      ...mailBefore,
      completedLast24h: mailBefore.completedLast24h + 1,
      queued: mailBefore.queued + 1,
    });
  });

  it('lists a mail out of attempts as failed with its last error and attempts; Retry runs it again; both audited', async () => {
    const to = 'dead@jobs.test';
    t.smtp.refusing.add(to);
    await enqueueMail(t.knex, message(to, 'Dead letter'));
    await t.jobsSettled();
    const [job] = await mailJobsTo(to);
    // Every attempt the queue allows (the first and retryLimit retries), each retry made due at once.
    for (let i = 0; i < QUEUES.mail.retryLimit; i += 1) await retryNow(job!.id);
    const [dead] = await mailJobsTo(to);
    expect(dead!.state).toBe('failed');

    const failed = (await admin.get('/api/jobs/failed').query({ queue: 'mail' })).body as FailedJobsResponse;
    const listed = failed.jobs.find((j) => j.id === job!.id);
    expect(listed).toEqual({
      id: job!.id,
      queue: 'mail',
      description: `Mail to ${to}: Dead letter`,
      lastError: expect.stringMatching(/450/),
      attempts: QUEUES.mail.retryLimit + 1,
      createdAt: expect.stringMatching(/^\d{4}-/),
      failedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(failed.perPage).toBe(25);
    expect(failed.total).toBeGreaterThanOrEqual(1);
    const summary = ((await admin.get('/api/jobs/summary')).body as JobSummaryResponse).queues;
    expect(summary.find((q) => q.queue === 'mail')!.failed).toBeGreaterThanOrEqual(1);
    // Another queue's page does not list it.
    const other = (await admin.get('/api/jobs/failed').query({ queue: 'prune' })).body as FailedJobsResponse;
    expect(other.jobs.some((j) => j.id === job!.id)).toBe(false);

    // The server takes the mail again; Retry runs the job at once (its worker is woken) and it is delivered.
    t.smtp.refusing.delete(to);
    const retried = await admin.post('/api/jobs/retry').send({ queue: 'mail', id: job!.id });
    expect([retried.status, retried.body]).toEqual([200, { success: true, message: MESSAGES.jobRetried }]);
    await t.smtp.waitFor(to);
    await t.jobsSettled();
    expect((await mailJobsTo(to))[0]!.state).toBe('completed');
    expect(mailsTo(to)).toHaveLength(1);
    const audit = await t.knex('audit_log').where({ action: 'job.retry' }).orderBy('id', 'desc').first();
    expect(audit.details).toEqual({ queue: 'mail', jobId: job!.id, job: `Mail to ${to}: Dead letter` });
    // Not failed any more: a second Retry, or a Discard, is a 404.
    expect((await admin.post('/api/jobs/retry').send({ queue: 'mail', id: job!.id })).status).toBe(404);
    expect((await admin.post('/api/jobs/discard').send({ queue: 'mail', id: job!.id })).status).toBe(404);
  });

  it('Discard deletes a failed job, audited; an unknown id or another queue is a 404 that changes nothing', async () => {
    const id = await enqueueMail(t.knex, message('discard@jobs.test'));
    await t.jobsSettled();
    // Made a dead letter by hand (its attempts are the previous test's subject).
    await t
      .knex('pgboss.job')
      .where({ id })
      .update({ state: 'failed', output: { message: 'gave up' } });
    expect((await admin.post('/api/jobs/discard').send({ queue: 'prune', id })).status).toBe(404);
    const unknown = await admin
      .post('/api/jobs/discard')
      .send({ queue: 'mail', id: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, MESSAGES.jobNotFailed]);
    const auditsBefore = await t
      .knex('audit_log')
      .where({ action: 'job.discard' })
      .count<[{ count: number }]>('* as count');

    const res = await admin.post('/api/jobs/discard').send({ queue: 'mail', id });
    expect([res.status, res.body]).toEqual([200, { success: true, message: MESSAGES.jobDiscarded }]);
    expect(await t.knex('pgboss.job').where({ id })).toHaveLength(0);
    const audits = await t.knex('audit_log').where({ action: 'job.discard' }).orderBy('id');
    expect(audits).toHaveLength(Number(auditsBefore[0]?.count) + 1);
    expect(audits.at(-1).details).toMatchObject({ queue: 'mail', jobId: id });
  });
});
