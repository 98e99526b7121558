import type { Knex } from 'knex';
/**
 * The real server as a child process (`node --import tsx api/src/server.ts`, or `npm start`) on a
 * free port and a fresh database: a fresh PostgreSQL database when TEST_DATABASE_URL names a server,
 * else the embedded PGlite in a fresh DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, testServerUrl } from './db';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN = { email: 'admin@lifecycle.test', password: 'lifecycle-admin-password-1' };

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Environment for a server on `port` with a fresh database and data directory; `cleanup` removes them. */
export async function serverEnvironment(
  port: number,
): Promise<{ env: NodeJS.ProcessEnv; cleanup: () => Promise<void>; knex: Knex | null }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-process-'));
  const webDir = path.join(dataDir, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    SEED_DEMO: 'false',
    QUIET: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: 'lifecycle-secret-lifecycle-secret-123456',
  };
  delete env.DATABASE_URL;
  let dropDatabase = async () => {};
  let knex: Knex | null = null;
  const server = testServerUrl();
  if (server) {
    const db = await createTestDatabase();
    const url = new URL(server);
    url.pathname = `/${db.name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = () => db.close();
    knex = db.knex;
  }
  return {
    env,
    /** The process's database, for a test to seed (PostgreSQL only; null on the embedded one). */
    knex,
    cleanup: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once the output matches `pattern`. */
  waitFor(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { detached?: boolean } = {},
): RunningProcess {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached });
  let output = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of [...waiters]) {
      if (w.pattern.test(output)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => output,
    waitFor: (pattern) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(output)) return resolve();
        waiters.push({ pattern, resolve });
        void exited.then(() => {
          if (!pattern.test(output)) reject(new Error(`exited before ${pattern}:\n${output}`));
        });
      }),
    exited,
  };
}

/** Whether something accepts TCP connections on the port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Signs in as the admin the environment creates; returns the session cookie. */
export async function signInCookie(port: number): Promise<string> {
  const body = JSON.stringify(ADMIN);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth/signin',
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Origin: `http://127.0.0.1:${port}`,
        },
      },
      (res) => {
        res.resume();
        const cookies = res.headers['set-cookie'] ?? [];
        if (res.statusCode !== 200 || cookies.length === 0) reject(new Error(`sign-in answered ${res.statusCode}`));
        else resolve(cookies.map((c) => c.split(';')[0]).join('; '));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
