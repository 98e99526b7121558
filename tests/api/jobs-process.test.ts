/**
 * The roles of a process (PORTAL_ROLE) with the real server, on both databases: a web-only process
 * answers and enqueues but sends nothing; the reset mail it enqueued survives a kill -9 right after
 * the answer (the job was committed before it), and a worker-only process (no HTTP) started
 * afterwards sends it, once. The mail server is slow then: a SIGTERM while the mail is being sent
 * waits for it (graceful shutdown waits for running jobs) and the worker exits 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, extractLink, type SmtpCapture } from '../helpers/fake-smtp';
import { ADMIN, freePort, portOpen, run, serverEnvironment, type RunningProcess } from '../helpers/server-process';

let smtp: SmtpCapture;
let port: number;
let env: NodeJS.ProcessEnv;
let environment: Awaited<ReturnType<typeof serverEnvironment>>;
const started: RunningProcess[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  port = await freePort();
  environment = await serverEnvironment(port);
  env = { ...environment.env, SMTP_URL: smtp.url };
});
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await Promise.all(started.map((p) => p.exited));
  await environment.cleanup();
  await smtp.close();
});

const start = (role: string) => {
  const p = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { ...env, PORTAL_ROLE: role });
  started.push(p);
  return p;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PORTAL_ROLE=web and PORTAL_ROLE=worker', () => {
  it('a reset mail enqueued by a web process killed right after answering is sent once by a worker started later; SIGTERM waits for it', async () => {
    const web = start('web');
    await web.waitFor(/Portal running on .*web only/);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ email: ADMIN.email }),
    });
    expect(res.status).toBe(200);
    web.child.kill('SIGKILL');
    expect((await web.exited).signal).toBe('SIGKILL');
    // A web process runs no job: nothing was sent.
    expect(smtp.messages).toHaveLength(0);

    // The mail server takes 3 s to accept a message.
    smtp.delayMs = 3000;
    const worker = start('worker');
    await worker.waitFor(/Portal worker running/);
    expect(await portOpen(port)).toBe(false);
    // The job is running (the server is receiving its mail): stop the worker now.
    for (let waited = 0; smtp.receiving() === 0; waited += 50) {
      if (waited > 30_000) throw new Error(`no mail started within 30 s:\n${worker.output()}`);
      await sleep(50);
    }
    const stopping = Date.now();
    worker.child.kill('SIGTERM');
    const exited = await worker.exited;
    expect(Date.now() - stopping).toBeGreaterThan(2000);
    expect(exited.code, worker.output()).toBe(0);
    expect(worker.output()).toMatch(/Portal stopped\./);
    const mails = smtp.messages.filter((m) => m.to.includes(ADMIN.email));
    expect(mails).toHaveLength(1);
    expect(extractLink(mails[0]!.raw, '/reset-password/')).toMatch(
      new RegExp(`^http://127.0.0.1:${port}/reset-password/`),
    );
    // Completed before the exit: on PostgreSQL the test reads it (the embedded database is the process's own).
    if (environment.knex) {
      expect(await environment.knex('pgboss.job').where({ name: 'mail' }).select('state')).toEqual([
        { state: 'completed' },
      ]);
    }
  }, 180_000);
});
