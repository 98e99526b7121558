#!/usr/bin/env node
/**
 * The first start of a fresh clone, as the README tells a newcomer (CI's first check, `.ci/run`):
 * `npm start` with no web build, no `./data` and none of the server's settings in the environment
 * (PORT aside: 4000 when free, else a free port; the README documents PORT). It must build the web
 * UI, migrate and seed the embedded database in `./data`, print its ready line, let a demo account
 * of the README sign in (`/api/auth/me` then answers that user), and stop on SIGTERM with exit
 * status 0.
 *
 * Who gets the SIGTERM: npm runs the script through `sh -c`, which does not pass a signal on, and
 * npm itself, signalled, dies by the signal whatever the server does (so its status would say
 * nothing about the server). The server process (`node ... api/src/start.ts`, found below npm) is
 * signalled, as a process manager signals the server; npm then exits with the script's status,
 * which is the server's own exit code. (SIGTERM to npm itself is tests/api/npm-start.test.ts.)
 *
 * Runs on a tree that has no `./data` (it refuses one, to never touch a developer's database) and
 * removes `./data` afterwards, whatever happened. Bounded: the build and the start 240 s, each
 * request 10 s, the stop 40 s (the server's grace period is 25 s).
 *
 *   node tests/first-start.mjs    # prints `first start: ok (N s)` or `first start: FAILED: why`
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = path.join(root, 'data');
const START_TIMEOUT_MS = 240_000;
const REQUEST_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 40_000;
const began = Date.now();
const seconds = () => `${Math.round((Date.now() - began) / 1000)} s`;

/** Settings a fresh clone does not have: the check starts without any of them. */
const SERVER_SETTINGS = [
  'NODE_ENV',
  'HOST',
  'DATABASE_URL',
  'TEST_DATABASE_URL',
  'DATA_DIR',
  'WEB_DIR',
  'SEED_DEMO',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SESSION_SECRET',
  'SESSION_SECRET_PREVIOUS',
  'PUBLIC_URL',
  'ALLOWED_ORIGINS',
  'TLS_CERT',
  'TLS_KEY',
  'TRUST_PROXY',
  'QUIET',
];

class CheckFailed extends Error {}
const fail = (why) => {
  throw new CheckFailed(why);
};

/** Whether nothing listens on the port (on any interface, as the server binds 0.0.0.0). */
function portFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

async function choosePort() {
  if (await portFree(4000)) return 4000;
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The first demo account of the README's table: what a newcomer signs in with. */
function readmeDemoAccount() {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const row = readme.match(/^\|[^|\n]*\|\s*([\w.+-]+@demo\.portal)\s*\|\s*(\S+)\s*\|\s*$/m);
  if (!row) fail('README.md lists no demo account (| role | email | password |)');
  return { email: row[1], password: row[2] };
}

/** The processes below `pid`, from /proc (Linux), with their command lines. */
function descendants(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      children.set(ppid, [...(children.get(ppid) ?? []), { pid: Number(entry), argv }]);
    } catch {
      // exited meanwhile
    }
  }
  const out = [];
  const walk = (p) => {
    for (const child of children.get(p) ?? []) {
      out.push(child);
      walk(child.pid);
    }
  };
  walk(pid);
  return out;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** How long the server's own helper processes may take to end after it (see the check below). */
const LEFTOVER_GRACE_MS = 5_000;

/** Alive and not a zombie (an exited process nobody has reaped yet is gone for our purpose). */
const running = (pid) => {
  if (!alive(pid)) return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

/** A process's command line, for the failure message. */
const commandOf = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 120);
  } catch {
    return '?';
  }
};

async function request(url, options = {}) {
  try {
    return await fetch(url, { ...options, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    return fail(`${options.method ?? 'GET'} ${url}: ${err instanceof Error ? err.message : err}`);
  }
}

let npm = null;
let output = '';
/** Whether ./data was there before: then it is someone's database, neither used nor removed. */
const dataDirExisted = fs.existsSync(dataDir);

async function check() {
  if (dataDirExisted) {
    fail(`${dataDir} exists: the first start must find none (run this on a fresh clone, or move it away)`);
  }
  const built = fs.existsSync(path.join(root, 'desktop', 'dist', 'web', 'index.html'));
  console.log(built ? 'A web build exists: npm start checks it is fresh.' : 'No web build: npm start builds it.');

  const port = await choosePort();
  const env = { ...process.env, PORT: String(port) };
  for (const name of SERVER_SETTINGS) delete env[name];
  console.log(`$ PORT=${port} npm start`);
  // Its own process group, so that whatever is left can be ended together if the check fails.
  npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = new Promise((resolve) => npm.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      process.stdout.write(text.replace(/^(?=.)/gm, '  | '));
      const line = output.match(/Portal running on (https?:\/\/localhost:\d+)/);
      if (line) resolve(line[1]);
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new CheckFailed(`npm start exited (${signal ?? code}) before its ready line`)),
    );
    setTimeout(
      () => reject(new CheckFailed(`no ready line within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    ).unref();
  });
  const origin = await ready;
  if (origin !== `http://localhost:${port}`) fail(`the ready line names ${origin}, not port ${port}`);
  console.log(`ready after ${seconds()}`);

  const account = readmeDemoAccount();
  const signIn = await request(`${origin}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(account),
  });
  if (signIn.status !== 200) fail(`sign-in as ${account.email}: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter(Boolean)
    .join('; ');
  if (!cookie) fail('the sign-in set no cookie');
  const me = await request(`${origin}/api/auth/me`, { headers: { Cookie: cookie } });
  const body = await me.json().catch(() => null);
  if (me.status !== 200 || body?.currentUser?.email !== account.email) {
    fail(`/api/auth/me after signing in: ${me.status} ${JSON.stringify(body)}`);
  }
  console.log(`signed in as ${account.email} (${body.currentUser.role})`);

  const server = descendants(npm.pid).find(
    (p) => path.basename(p.argv[0] ?? '') === 'node' && p.argv.some((a) => a.endsWith('api/src/start.ts')),
  );
  if (!server) fail('no server process (node ... api/src/start.ts) below npm');
  const tree = descendants(npm.pid).map((p) => p.pid);
  console.log(`SIGTERM to the server (pid ${server.pid})`);
  process.kill(server.pid, 'SIGTERM');
  const stopped = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), STOP_TIMEOUT_MS))]);
  if (stopped === null) fail(`npm start still running ${STOP_TIMEOUT_MS / 1000} s after SIGTERM`);
  if (stopped.code !== 0) fail(`npm start exited with ${stopped.signal ?? stopped.code}, not 0`);
  if (!output.includes('Portal stopped.')) fail('exited without "Portal stopped." (no graceful shutdown)');
  // The server's helpers (tsx's esbuild service) end when they see their parent gone, a moment
  // after it: give them a few seconds, then anything still there is a leak.
  const deadline = Date.now() + LEFTOVER_GRACE_MS;
  let left = tree.filter(running);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = tree.filter(running);
  }
  if (left.length > 0) {
    const names = left.map((pid) => `${pid} (${commandOf(pid)})`);
    fail(`processes left running ${LEFTOVER_GRACE_MS / 1000} s after npm exited: ${names.join(', ')}`);
  }
}

let status = 0;
try {
  await check();
  console.log(`first start: ok (${seconds()})`);
} catch (err) {
  if (!(err instanceof CheckFailed)) throw err;
  console.log(`first start: FAILED: ${err.message} (${seconds()})`);
  status = 1;
} finally {
  if (npm && alive(-npm.pid)) {
    try {
      process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    // Wait until the group has let go of ./data.
    for (let i = 0; i < 50 && alive(-npm.pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  // Nothing after this check may see the database it made.
  if (!dataDirExisted) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
