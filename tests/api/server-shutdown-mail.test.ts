/**
 * SIGTERM right after a forgot-password answer (docs/deploy.md; found by the cluster soak's rolling
 * restart): the reset mail, a job on the queue, still goes out before the process exits when its
 * send is under way. The SMTP listener holds each MAIL FROM for a while and SIGTERM arrives in
 * that time; shutdown used to close the database and exit without waiting for it, and the mail
 * was gone.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, freePort, run, serverEnvironment, type RunningProcess } from '../helpers/server-process';

const SMTP_DELAY_MS = 1_500;

let smtp: SMTPServer;
const mails: Array<{ to: string[]; raw: string }> = [];
/** Resolves when a send has reached the SMTP listener (its MAIL FROM is being held). */
let sendingStarted: () => void = () => undefined;
const sending = new Promise<void>((resolve) => (sendingStarted = resolve));
let server: RunningProcess;
let port: number;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      sendingStarted();
      setTimeout(() => callback(), SMTP_DELAY_MS);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  port = await freePort();
  const environment = await serverEnvironment(port);
  cleanup = environment.cleanup;
  server = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    ...environment.env,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
  await server.waitFor(/Portal running on/);
}, 180_000);

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await cleanup();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function forgotPassword(email: string): Promise<number> {
  const body = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/forgot-password',
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Origin: `http://127.0.0.1:${port}`,
          Connection: 'close',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

it('a reset mail whose sending is under way when SIGTERM arrives is still sent, then the server exits 0', async () => {
  expect(await forgotPassword(ADMIN.email)).toBe(200);
  // The mail is a job: SIGTERM once its send is under way (a job not yet taken would stay queued
  // for the next start instead, which the job-queue tests cover).
  await sending;
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  expect(exit).toEqual({ code: 0, signal: null });
  const sent = mails.filter((m) => m.to.includes(ADMIN.email));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.raw).toContain('/reset-password/');
}, 60_000);
