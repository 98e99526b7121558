/**
 * Graceful shutdown of the real server process under keep-alive load: after SIGTERM no connection
 * takes a new request, requests already accepted finish (with `Connection: close`), nothing is
 * reset or answered 5xx, and the process exits 0.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, run, serverEnvironment, signInCookie, type RunningProcess } from '../helpers/server-process';

const WORKERS = 24;
let sigtermSeen = false;
const SLOW_UPLOADS = 4;

let port: number;
let server: RunningProcess;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  port = await freePort();
  const environment = await serverEnvironment(port);
  cleanup = environment.cleanup;
  server = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], environment.env);
  await server.waitFor(/Portal running on/);
}, 180_000);
afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await cleanup();
});

interface WorkerReport {
  statuses: number[];
  /** Keep-alive answers received after the test saw the server log SIGTERM: at most the one in flight. */
  keepAliveAfterSigterm: number;
  /** Requests the server had accepted (it sent `100 Continue`) that then failed: must be none. */
  errors: string[];
  /** Requests the server never accepted: refused, or reset before it read them (a closing listener's backlog). */
  notAccepted: number;
}

/**
 * One keep-alive client: GET /api/auth/me (a session lookup in the database) in a loop, one
 * connection at a time, until a request is not accepted (the server has stopped listening). Each
 * request carries `Expect: 100-continue`, so the client knows whether the server accepted it.
 */
function worker(cookie: string): { done: Promise<WorkerReport>; sawOne: Promise<void> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const report: WorkerReport = { statuses: [], keepAliveAfterSigterm: 0, errors: [], notAccepted: 0 };
  let first: () => void = () => undefined;
  const sawOne = new Promise<void>((resolve) => (first = resolve));
  const done = new Promise<WorkerReport>((resolve) => {
    const next = () => {
      let accepted = false;
      const req = http.get(
        { host: '127.0.0.1', port, path: '/api/auth/me', agent, headers: { Cookie: cookie, Expect: '100-continue' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            report.statuses.push(res.statusCode ?? 0);
            if (sigtermSeen && res.headers.connection !== 'close') report.keepAliveAfterSigterm += 1;
            first();
            next();
          });
          res.on('error', (err) => report.errors.push(`response: ${err.message}`));
        },
      );
      req.on('continue', () => (accepted = true));
      req.on('error', (err: NodeJS.ErrnoException) => {
        agent.destroy();
        if (accepted) report.errors.push(`${err.code ?? err.message} after the server accepted the request`);
        else report.notAccepted += 1;
        resolve(report);
      });
    };
    next();
  });
  return { done, sawOne };
}

/**
 * A multipart upload whose headers are sent with `Expect: 100-continue`: the server's
 * `100 Continue` proves the request was accepted; the body follows when `finish()` is called.
 */
async function acceptedUpload(cookie: string): Promise<{ finish(): Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const boundary = 'lifecycle-boundary';
  const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(200, 7)]);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n`,
    ),
    gif,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const ended = new Promise<void>((resolve, reject) => {
    socket.once('end', resolve);
    socket.once('error', reject);
  });
  socket.write(
    `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\nCookie: ${cookie}\r\n` +
      `Origin: http://127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await new Promise<void>((resolve) => {
    const check = () => (received.includes('100 Continue') ? resolve() : socket.once('data', check));
    check();
  });
  return {
    finish: async () => {
      socket.write(body);
      await ended; // the server closes the connection after its answer
      return received;
    },
  };
}

/** GET /api/health on `agent`; answers the status and whether the request went on a socket used before. */
function health(agent: http.Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

describe('keep-alive', () => {
  it('an idle connection is still open after 6 s (longer than Node’s 5 s default), and is reused', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await health(agent)).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await health(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('SIGTERM under keep-alive load', () => {
  it('answers what was accepted with Connection: close, resets nothing, returns no 5xx and exits 0', async () => {
    const cookie = await signInCookie(port);
    const uploads = await Promise.all(Array.from({ length: SLOW_UPLOADS }, () => acceptedUpload(cookie)));
    const workers = Array.from({ length: WORKERS }, () => worker(cookie));
    await Promise.all(workers.map((w) => w.sawOne));

    server.child.kill('SIGTERM');
    await server.waitFor(/SIGTERM received/);
    sigtermSeen = true;
    // The uploads were accepted before the signal; their bodies arrive only now.
    const answers = await Promise.all(uploads.map((u) => u.finish()));
    const reports = await Promise.all(workers.map((w) => w.done));
    const exit = await server.exited;

    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).toContain('latestUploadedFileUrl');
    }
    console.log(
      `shutdown under load: ${reports.reduce((n, r) => n + r.statuses.length, 0)} answers, ` +
        `${reports.reduce((n, r) => n + r.notAccepted, 0)} requests not accepted (refused or never read)`,
    );
    for (const report of reports) {
      expect(report.errors).toEqual([]);
      expect(report.statuses.filter((s) => s >= 500)).toEqual([]);
      expect(report.statuses.filter((s) => s !== 200)).toEqual([]);
      // No connection takes a new request after the signal: only an answer already on its way
      // can still say keep-alive (before the fix, busy connections kept going until the deadline).
      expect(report.keepAliveAfterSigterm).toBeLessThanOrEqual(1);
    }
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('Portal stopped.');
    expect(server.output()).not.toMatch(/unhandled error|cut off/);
  }, 120_000);
});
