/**
 * `npm run soak:cluster` (docs/deploy.md, "What the soak measured"): the portal as a cluster with real parts, under load, through
 * a rolling restart. On loopback ports it starts a PostgreSQL database of its own (dropped at the
 * end), Debian's PgBouncer in transaction mode (ops/pgbouncer/pgbouncer.ini.template) in front of
 * it, N API instances (`node --import tsx api/src/start.ts`, like `npm start`; roles from
 * SOAK_ROLES, default `all,all,all`, passed on as PORTAL_ROLE), Debian's nginx balancing them
 * (ops/nginx/portal.conf.template) and an SMTP listener. For SOAK_SECONDS (default 60) simulated
 * members and coaches work through nginx: sign-in, board reads, new cards, moves, comments, lesson
 * completions, live streams on the boards being changed; visitors reset their password by mail.
 * Midway each instance in turn gets SIGTERM, is waited for, started again and waited for.
 *
 * Then it checks, in the database: every acknowledged write is there; every live event of a board
 * reached every stream watching that board since before it was committed (by id, across the
 * reconnects with Last-Event-ID); every reset mail arrived exactly once. The last line is
 *   cluster soak: R requests, F failed, E events, L lost, M mails, p95 X ms
 * (F: 5xx answers and connection errors seen by the clients, live streams cut included; E: event
 * deliveries checked; L: events, writes or mails missing, and mails sent twice). Exit status 1 when
 * F > 0 or L > 0 or an instance did not stop cleanly, 2 when nginx or PgBouncer is missing.
 *
 * Environment: SOAK_SECONDS, SOAK_ROLES, SOAK_DATABASE_URL (the PostgreSQL server; default
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), SOAK_KEEP=1 (keep the
 * temporary directory with every log; kept anyway when the soak fails), SOAK_NGINX and SOAK_PGBOUNCER
 * (the binaries; default Debian's /usr/sbin/nginx and /usr/sbin/pgbouncer).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { verify as argon2Verify } from '@node-rs/argon2';
import { openDatabase, type Database } from '../../api/src/db/knex';
import { migrateLatest } from '../../api/src/db/migrate';
import { seedDemo } from '../../api/src/db/seed';
import { createUser, type CreatedUser } from '../helpers/factories';
import { freePort, ROOT } from '../helpers/server-process';
import { extractLink, startSmtp, subjectOf, type SmtpCapture } from '../helpers/fake-smtp';
import { Session, Stats } from './client';
import { runToEnd, startProcess, startWatchdog, stopAll, stopProcess, waitForPort, type Proc } from './processes';
import { Watcher } from './watcher';

const NGINX = process.env.SOAK_NGINX || '/usr/sbin/nginx';
const PGBOUNCER = process.env.SOAK_PGBOUNCER || '/usr/sbin/pgbouncer';
const SOAK_SECONDS = Math.max(5, Number(process.env.SOAK_SECONDS) || 60);
const ROLES = (process.env.SOAK_ROLES || 'all,all,all').split(',').map((r) => r.trim());
const SERVER_URL =
  process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MEMBERS = 6;
const COACHES = 2;
const RESETTERS = 3;
const RESET_USERS = 150;
/** Forgot-password requests per reset account: under the API's 5 reset mails per email an hour. */
const RESETS_PER_ACCOUNT = 3;
const CARDS_PER_ACTOR_AND_BOARD = 5;
const MAIL_WAIT_MS = 20_000;
const INSTANCE_READY_MS = 120_000;
const INSTANCE_STOP_MS = 40_000;
const RESET_SUBJECT = 'Reset your password';

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const think = () => sleep(40 + Math.random() * 80);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Replaces every @@NAME@@ outside comment lines; refuses a template with one left. */
export function render(template: string, values: Record<string, string>): string {
  return template
    .split('\n')
    .map((line) => {
      if (/^\s*[#;]/.test(line)) return line;
      const out = line.replace(/@@([A-Z0-9_]+)@@/g, (whole, name: string) => {
        if (!(name in values)) throw new Error(`no value for ${whole}`);
        return values[name]!;
      });
      return out;
    })
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// What the clients were told was done, checked against the database at the end.

interface TrackedCard {
  id: number;
  title: string;
  boardOwnerId: number;
  /** Who made it (and alone moves it). */
  ownerActor: number;
  listId: number;
  ackedMoves: number;
  /** The last move answered 200 and nothing unanswered came after it: the card is in listId. */
  placeKnown: boolean;
  busy: boolean;
}

const acked = {
  cards: [] as TrackedCard[],
  comments: [] as Array<{ id: number; comment: string }>,
  completions: [] as Array<{ userId: number; lessonId: number }>,
  /** Reset accounts and the password of their last acknowledged reset. */
  passwords: new Map<number, { email: string; password: string }>(),
  /** Acknowledged forgot-password requests per email. */
  forgot: new Map<string, number>(),
  signIns: 0,
};

// ---------------------------------------------------------------------------------------------

interface Instance {
  index: number;
  role: string;
  port: number;
  web: boolean;
  proc: Proc | null;
  env: NodeJS.ProcessEnv;
  logFile: string;
}

interface Cluster {
  tmp: string;
  dbName: string;
  directUrl: string;
  nginxBase: URL;
  instances: Instance[];
  nginx: Proc;
  smtp: SmtpCapture;
  db: Database;
}

let stopRequested = false;
let keepLogs = false;
let cleanupDone: Promise<void> | null = null;
const toClose: Array<() => Promise<void> | void> = [];

async function cleanup(): Promise<void> {
  cleanupDone ??= (async () => {
    stopRequested = true;
    await stopAll(INSTANCE_STOP_MS);
    for (const step of toClose.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error(`cleanup: ${String(err)}`);
      }
    }
  })();
  return cleanupDone;
}

// Ctrl+C reaches this process twice (from the terminal and relayed by tsx): every signal after the
// first is ignored while the cleanup (bounded) runs.
let signalled = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (signalled) return;
    signalled = true;
    keepLogs = true;
    console.error(`\n${sig}: stopping every process the soak started...`);
    void cleanup().finally(() => process.exit(sig === 'SIGINT' ? 130 : 143));
  });
}

function missingTools(): string[] {
  return [NGINX, PGBOUNCER].filter((bin) => {
    try {
      fs.accessSync(bin, fs.constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
}

async function health(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

function startInstance(inst: Instance): Proc {
  return startProcess(`instance ${inst.index + 1}`, process.execPath, ['--import', 'tsx', 'api/src/start.ts'], {
    cwd: ROOT,
    env: inst.env,
    logFile: inst.logFile,
  });
}

/** Ready: a web instance answers its health check; a worker has printed that it runs. */
async function waitReady(inst: Instance): Promise<void> {
  const until = Date.now() + INSTANCE_READY_MS;
  const proc = inst.proc!;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited during start:\n${proc.tail()}`);
    if (inst.web) {
      if ((await health(inst.port)) === 200) return;
    } else if (/Portal (running|worker)/i.test(proc.tail(50))) return;
    await sleep(150);
  }
  throw new Error(`${proc.name} not ready after ${INSTANCE_READY_MS} ms:\n${proc.tail()}`);
}

async function startCluster(): Promise<Cluster> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-'));
  fs.chmodSync(tmp, 0o755); // nginx's workers and PgBouncer may run as nobody
  toClose.push(() => {
    if (process.env.SOAK_KEEP !== '1' && !keepLogs) fs.rmSync(tmp, { recursive: true, force: true });
    else log(`logs kept in ${tmp}`);
  });
  const server = new URL(SERVER_URL);
  const dbName = `portal_soak_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin: Knex = knexFactory({
    client: 'pg',
    connection: withDatabase(SERVER_URL, 'postgres'),
    pool: { min: 0, max: 1 },
  });
  await admin.raw(`CREATE DATABASE "${dbName}"`);
  toClose.push(async () => {
    await admin.raw(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.destroy();
  });
  const directUrl = withDatabase(SERVER_URL, dbName);

  // Migrate once and seed (demo content: the Master Template, courses), then the soak's accounts.
  const db = await openDatabase({ databaseUrl: directUrl, dataDir: 'memory', poolMax: 4 });
  toClose.push(() => db.close());
  await migrateLatest(db.knex);
  await seedDemo(db.knex);

  const [pgbPort, nginxPort, ...apiPorts] = await Promise.all([0, 1, ...ROLES.map(() => 0)].map(() => freePort()));
  const smtp = await startSmtp();
  toClose.push(() => smtp.close());

  // PgBouncer.
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password || '');
  const authFile = path.join(tmp, 'userlist.txt');
  fs.writeFileSync(authFile, `"${user}" "${password}"\n`, { mode: 0o644 });
  const pgbIni = path.join(tmp, 'pgbouncer.ini');
  fs.writeFileSync(
    pgbIni,
    render(fs.readFileSync(path.join(ROOT, 'ops/pgbouncer/pgbouncer.ini.template'), 'utf8'), {
      DB_NAME: dbName,
      PG_HOST: server.hostname,
      PG_PORT: server.port || '5432',
      LISTEN_ADDR: '127.0.0.1',
      LISTEN_PORT: String(pgbPort),
      AUTH_TYPE: 'trust',
      AUTH_FILE: authFile,
      POOL_SIZE: '12',
      LOGFILE: '',
      PIDFILE: '',
      UNIX_SOCKET_DIR: '',
    }),
    { mode: 0o644 },
  );
  const pgbouncer = startProcess('pgbouncer', PGBOUNCER, [pgbIni], {
    logFile: path.join(tmp, 'pgbouncer.log'),
    dropRoot: true,
    tier: 2,
  });
  await waitForPort(pgbPort!, 10_000, pgbouncer);
  const credentials = `${server.username ? `${server.username}${server.password ? `:${server.password}` : ''}@` : ''}`;
  const pooledUrl = `postgres://${credentials}127.0.0.1:${pgbPort}/${dbName}`;
  const nginxBase = new URL(`http://127.0.0.1:${nginxPort}`);

  // The API instances.
  const webDir = path.join(tmp, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const sessionSecret = crypto.randomBytes(36).toString('base64');
  const instances: Instance[] = ROLES.map((role, index) => {
    const port = apiPorts[index]!;
    const dataDir = path.join(tmp, `data-${index + 1}`);
    fs.mkdirSync(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORTAL_ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: nginxBase.origin,
      TRUST_PROXY: '1',
      DATABASE_URL: pooledUrl,
      DATABASE_LISTEN_URL: directUrl,
      DATABASE_PREPARED_STATEMENTS: 'false',
      SESSION_SECRET: sessionSecret,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      SEED_DEMO: 'false',
    };
    for (const k of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'TEST_DATABASE_URL', 'QUIET'] as const) delete env[k];
    return {
      index,
      role,
      port,
      web: role !== 'worker',
      proc: null,
      env,
      logFile: path.join(tmp, `instance-${index + 1}.log`),
    };
  });
  if (!instances.some((i) => i.web)) throw new Error('SOAK_ROLES has no instance of role web or all');
  // The first one alone (it would migrate; here it finds nothing to do), then the others together.
  instances[0]!.proc = startInstance(instances[0]!);
  await waitReady(instances[0]!);
  for (const inst of instances.slice(1)) inst.proc = startInstance(inst);
  await Promise.all(instances.slice(1).map(waitReady));

  // nginx.
  const uploadMax = Number(process.env.UPLOAD_MAX_BYTES) || 5 * 1024 * 1024;
  const heartbeatMs = Number(process.env.LIVE_HEARTBEAT_MS) || 20_000;
  const site = render(fs.readFileSync(path.join(ROOT, 'ops/nginx/portal.conf.template'), 'utf8'), {
    LISTEN: `127.0.0.1:${nginxPort}`,
    API_SERVERS: instances
      .filter((i) => i.web)
      .map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=${NGINX_FAIL_TIMEOUT_S}s;`)
      .join('\n'),
    CLIENT_MAX_BODY_SIZE: `${Math.ceil((uploadMax + 64 * 1024) / 1024)}k`,
    SSE_READ_TIMEOUT: `${Math.max(60, Math.ceil((heartbeatMs * 3) / 1000))}s`,
  });
  fs.writeFileSync(path.join(tmp, 'portal.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(tmp, 'nginx', name)};`;
  fs.mkdirSync(path.join(tmp, 'nginx'));
  fs.writeFileSync(
    path.join(tmp, 'nginx.conf'),
    [
      "# The soak's top-level file around ops/nginx/portal.conf.template (Debian has its own /etc/nginx/nginx.conf).",
      'worker_processes 1;',
      `pid ${path.join(tmp, 'nginx.pid')};`,
      `error_log ${path.join(tmp, 'nginx-error.log')} warn;`,
      'events { worker_connections 2048; }',
      'http {',
      "  log_format soak '$msec $request_method $uri $status up=$upstream_addr ups=$upstream_status rt=$request_time';",
      `  access_log ${path.join(tmp, 'nginx-access.log')} soak;`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      `  include ${path.join(tmp, 'portal.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const nginxArgs = ['-e', path.join(tmp, 'nginx-error.log'), '-p', tmp, '-c', path.join(tmp, 'nginx.conf')];
  const checked = runToEnd(NGINX, [...nginxArgs, '-t']);
  if (checked.status !== 0) throw new Error(`nginx -t refused the configuration:\n${checked.output}`);
  const nginx = startProcess('nginx', NGINX, [...nginxArgs, '-g', 'daemon off;'], {
    logFile: path.join(tmp, 'nginx.log'),
    group: true,
    tier: 1,
  });
  await waitForPort(nginxPort!, 10_000, nginx);
  startWatchdog([nginx.child.pid!, pgbouncer.child.pid!], path.join(tmp, 'watchdog.log'));

  log(
    `cluster: nginx 127.0.0.1:${nginxPort} -> ${instances.map((i) => `${i.role}@${i.port}`).join(', ')}; ` +
      `PgBouncer 127.0.0.1:${pgbPort} (transaction) -> ${server.host}/${dbName}; SMTP ${smtp.url}`,
  );
  return { tmp, dbName, directUrl, nginxBase, instances, nginx, smtp, db };
}

// ---------------------------------------------------------------------------------------------
// The simulated people.

interface BoardList {
  id: number;
  name: string;
  Cards: Array<{ id: number }>;
}

let addressCounter = 0;
/** A loopback address of its own for each simulated person: 127.0.<n/250 + 10>.<n%250 + 2>. */
function nextAddress(): string {
  const n = addressCounter++;
  return `127.0.${10 + Math.floor(n / 250)}.${(n % 250) + 2}`;
}

async function signIn(session: Session, email: string, password: string): Promise<boolean> {
  const res = await session.request('POST /api/auth/signin', 'POST', '/api/auth/signin', { email, password });
  if (res?.status === 200) acked.signIns += 1;
  return res?.status === 200;
}

async function readBoard(session: Session, ownerId: number | null): Promise<BoardList[] | null> {
  const query = ownerId === null ? '' : `?userId=${ownerId}`;
  const res = await session.request<{ lists: BoardList[] }>(
    'GET /list/read-many',
    'GET',
    `/api/move-the-needle/list/read-many${query}`,
  );
  return res?.status === 200 ? res.body.lists : null;
}

/**
 * One person working on boards: own cards only are moved (so where each is stays known), any card
 * of the board may get a comment. `boards` are the owners whose boards this person works on.
 */
async function worker(
  session: Session,
  person: CreatedUser,
  boards: number[],
  lessons: number[],
  ownBoard: boolean,
): Promise<void> {
  const lists = new Map<number, BoardList[]>();
  const mine = (owner: number) => acked.cards.filter((c) => c.boardOwnerId === owner && c.ownerActor === person.id);
  const refresh = async (owner: number) => {
    const read = await readBoard(session, ownBoard && owner === person.id ? null : owner);
    if (read) lists.set(owner, read);
    return read;
  };
  for (const owner of boards) await refresh(owner);
  while (!stopRequested) {
    await act(pick(boards));
    await think();
  }

  async function act(owner: number): Promise<void> {
    const boardLists = lists.get(owner) ?? (await refresh(owner));
    if (!boardLists || boardLists.length < 2) return;
    const cards = mine(owner);
    const r = Math.random();
    if (r < 0.2) {
      await refresh(owner);
    } else if (r < 0.32 && cards.length < CARDS_PER_ACTOR_AND_BOARD) {
      const list = pick(boardLists);
      const title = `soak ${person.id}-${crypto.randomBytes(4).toString('hex')}`;
      const res = await session.request<{ card: { id: number } }>(
        'POST /card/upsert',
        'POST',
        '/api/move-the-needle/card/upsert',
        { title, ListId: list.id },
      );
      if (res?.status === 200) {
        acked.cards.push({
          id: res.body.card.id,
          title,
          boardOwnerId: owner,
          ownerActor: person.id,
          listId: list.id,
          ackedMoves: 0,
          placeKnown: true,
          busy: false,
        });
      }
    } else if (r < 0.62 && cards.length > 0) {
      const card = pick(cards);
      if (card.busy) return;
      if (!card.placeKnown) {
        // An unanswered move may or may not have happened: read where the card is.
        const read = await refresh(owner);
        const holder = read?.find((l) => l.Cards.some((c) => c.id === card.id));
        if (!holder) return;
        card.listId = holder.id;
        card.placeKnown = true;
      }
      const dest = pick(boardLists.filter((l) => l.id !== card.listId));
      card.busy = true;
      const res = await session.request('POST /card/move', 'POST', '/api/move-the-needle/card/move', {
        cardId: card.id,
        sourceListId: card.listId,
        destListId: dest.id,
        positionOnDestList: 0,
      });
      card.busy = false;
      if (res?.status === 200) {
        card.listId = dest.id;
        card.ackedMoves += 1;
      } else if (!res || res.status >= 500) card.placeKnown = false;
    } else if (r < 0.82) {
      const all = boardLists.flatMap((l) => l.Cards.map((c) => c.id));
      const ids = [...all, ...cards.map((c) => c.id)];
      if (ids.length === 0) return;
      const comment = `soak comment ${crypto.randomBytes(6).toString('hex')}`;
      const res = await session.request<{ activity: { id: number } }>(
        'POST /activity/upsert',
        'POST',
        '/api/move-the-needle/activity/upsert',
        { comment, CardId: pick(ids), mentionedUsers: [] },
      );
      if (res?.status === 200) acked.comments.push({ id: res.body.activity.id, comment });
    } else if (r < 0.97 && lessons.length > 0) {
      const lessonId = pick(lessons);
      const res = await session.request('PUT /lesson/mark-as-completed', 'PUT', '/api/lesson/mark-as-completed', {
        lessonId,
      });
      if (res?.status === 200) acked.completions.push({ userId: person.id, lessonId });
    } else {
      // Signing in again from another device (a sign-in on this session would end the session its
      // open stream reconnects with, as it does in a browser).
      const other = new Session(session.base, nextAddress(), session.stats);
      if (await signIn(other, person.email, person.password)) await readBoard(other, ownBoard ? null : owner);
      other.close();
    }
  }
}

/** Visitors who forgot their password: request, wait for the mail, set a new one, sign in with it. */
async function resetter(accounts: CreatedUser[], smtp: SmtpCapture, base: URL, stats: Stats): Promise<void> {
  while (!stopRequested) {
    const account = accounts.shift();
    if (!account) return;
    const session = new Session(base, nextAddress(), stats);
    try {
      for (let i = 0; i < RESETS_PER_ACCOUNT && !stopRequested; i++) {
        const before = resetMails(smtp, account.email).length;
        const res = await session.request('POST /auth/forgot-password', 'POST', '/api/auth/forgot-password', {
          email: account.email,
        });
        if (res?.status !== 200) {
          await think();
          continue;
        }
        acked.forgot.set(account.email, (acked.forgot.get(account.email) ?? 0) + 1);
        const until = Date.now() + MAIL_WAIT_MS;
        while (resetMails(smtp, account.email).length <= before && Date.now() < until) await sleep(100);
        const mail = resetMails(smtp, account.email)[before];
        if (!mail) continue; // counted as missing at the end
        const link = extractLink(mail.raw, '/reset-password/');
        const token = link?.split('/reset-password/')[1];
        if (!token) continue;
        const password = `soak-${crypto.randomBytes(6).toString('hex')}`;
        const reset = await session.request('POST /auth/reset-password', 'POST', `/api/auth/reset-password/${token}`, {
          password,
        });
        if (reset?.status === 200) {
          acked.passwords.set(account.id, { email: account.email, password });
          await signIn(session, account.email, password);
        }
        await think();
      }
    } finally {
      session.close();
    }
  }
}

function resetMails(smtp: SmtpCapture, email: string) {
  return smtp.messages.filter((m) => m.to.includes(email.toLowerCase()) && subjectOf(m.raw) === RESET_SUBJECT);
}

// ---------------------------------------------------------------------------------------------

interface RestartReport {
  name: string;
  code: number | null;
  signal: string | null;
  killed: boolean;
  stopMs: number;
  readyMs: number;
}

/**
 * nginx's fail_timeout per server: an instance that refused a connection (while it restarted) gets
 * no request for this long. A rolling restart waits it out before stopping the next instance, or
 * nginx may hold every instance out at once and answer 502 "no live upstreams" (docs/deploy.md).
 */
const NGINX_FAIL_TIMEOUT_S = 5;

async function rollingRestart(cluster: Cluster): Promise<RestartReport[]> {
  const reports: RestartReport[] = [];
  for (const [n, inst] of cluster.instances.entries()) {
    // The one wait of the soak that is not for an event: nginx's quarantine of the instance restarted before.
    if (n > 0) await new Promise((resolve) => setTimeout(resolve, NGINX_FAIL_TIMEOUT_S * 1000));
    const proc = inst.proc!;
    const t0 = Date.now();
    const ended = await stopProcess(proc, 'SIGTERM', INSTANCE_STOP_MS);
    const t1 = Date.now();
    inst.proc = startInstance(inst);
    await waitReady(inst);
    const report = {
      name: proc.name,
      code: ended.code,
      signal: ended.signal,
      killed: ended.killed,
      stopMs: t1 - t0,
      readyMs: Date.now() - t1,
    };
    reports.push(report);
    log(
      `rolling restart: ${report.name} (${inst.role}) SIGTERM -> exit ${report.code ?? report.signal}${report.killed ? ' (killed)' : ''} ` +
        `in ${(report.stopMs / 1000).toFixed(1)} s, ready again in ${(report.readyMs / 1000).toFixed(1)} s`,
    );
  }
  return reports;
}

// ---------------------------------------------------------------------------------------------
// The checks.

interface NewEvent {
  id: number;
  key: number;
  version: number | null;
  created_at: Date;
}

/** The board events each watcher must have: committed after it started watching (version or time). */
function expectedFor(w: Watcher, rows: NewEvent[]): number[] {
  if (!w.firstReady) return [];
  const { version, at } = w.firstReady;
  return rows
    .filter(
      (r) =>
        r.key === w.boardOwnerId &&
        ((version !== null && r.version !== null && r.version > version) || r.created_at.getTime() > at),
    )
    .map((r) => r.id);
}

async function boardEvents(knex: Knex, owners: number[]): Promise<NewEvent[]> {
  const rows = await knex('live_events')
    .where('topic', 'board')
    .whereIn('key', owners)
    .orderBy('id')
    .select<Array<{ id: number; key: number; version: string | null; created_at: Date }>>(
      'id',
      'key',
      knex.raw("payload->>'version' as version"),
      'created_at',
    );
  return rows.map((r) => ({ ...r, version: r.version === null ? null : Number(r.version) }));
}

async function main(): Promise<number> {
  const wrongRole = ROLES.find((r) => !['web', 'worker', 'all'].includes(r));
  if (wrongRole !== undefined) {
    console.error(`SOAK_ROLES is a comma-separated list of web, worker or all, not "${wrongRole}"`);
    return 2;
  }
  const missing = missingTools();
  if (missing.length) {
    console.error(`The cluster soak needs nginx and PgBouncer (missing: ${missing.join(', ')}). On Debian/Ubuntu:`);
    console.error('  apt-get install -y nginx pgbouncer');
    return 2;
  }
  const cluster = await startCluster();
  const { knex } = cluster.db;

  // The people: members (premium, before the Move the Needle cutoff), coaches, reset visitors.
  const members: CreatedUser[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    members.push(
      await createUser(knex, { role: 'premium', fullName: `Soak Member ${i + 1}`, createdAt: '2025-01-01T00:00:00Z' }),
    );
  }
  const coaches: CreatedUser[] = [];
  for (let i = 0; i < COACHES; i++)
    coaches.push(await createUser(knex, { role: 'coach', fullName: `Soak Coach ${i + 1}` }));
  const resetAccounts: CreatedUser[] = [];
  for (let i = 0; i < RESET_USERS; i++) {
    resetAccounts.push(await createUser(knex, { role: 'basic', email: `soak-reset-${i + 1}@example.test` }));
  }

  const stats = new Stats();
  const sessions: Session[] = [];
  const watchers: Watcher[] = [];
  const newSession = () => {
    const s = new Session(cluster.nginxBase, nextAddress(), stats);
    sessions.push(s);
    return s;
  };

  // Sign everyone in, read their boards (a member's board is made at its first read), open streams.
  const memberSessions = await Promise.all(
    members.map(async (m) => {
      const s = newSession();
      if (!(await signIn(s, m.email, m.password))) throw new Error(`sign-in of ${m.email} failed`);
      await readBoard(s, null);
      return s;
    }),
  );
  const lessonsRes = await memberSessions[0]!.request<{ lessons: Array<{ id: number }> }>(
    'GET /lesson/read-options',
    'GET',
    '/api/lesson/read-options',
  );
  const lessons = lessonsRes?.status === 200 ? lessonsRes.body.lessons.map((l) => l.id) : [];
  if (lessons.length === 0) throw new Error('the seeded courses show the members no lesson');
  const coachSessions = await Promise.all(
    coaches.map(async (c) => {
      const s = newSession();
      if (!(await signIn(s, c.email, c.password))) throw new Error(`sign-in of ${c.email} failed`);
      return s;
    }),
  );
  const coachBoards = coaches.map((_, ci) => members.filter((_m, mi) => mi % COACHES === ci).map((m) => m.id));
  for (const [i, m] of members.entries()) watchers.push(new Watcher(memberSessions[i]!, m.id, `member ${i + 1}`));
  for (const [ci, boards] of coachBoards.entries()) {
    for (const owner of boards) watchers.push(new Watcher(coachSessions[ci]!, owner, `coach ${ci + 1}`));
  }
  for (const w of watchers) w.start();
  for (const w of watchers) if (!(await w.ready(15_000))) throw new Error(`the live stream of ${w.label} did not open`);
  log(
    `load: ${MEMBERS} members, ${COACHES} coaches, ${RESETTERS} password resetters, ${watchers.length} live streams; ` +
      `${SOAK_SECONDS} s, rolling restart at ${Math.round(SOAK_SECONDS / 2)} s`,
  );

  // The load, and the rolling restart midway.
  const startedAt = Date.now();
  const loadAtStart = os.loadavg()[0]!;
  const actors: Array<Promise<void>> = [
    ...members.map((m, i) => worker(memberSessions[i]!, m, [m.id], lessons, true)),
    ...coaches.map((c, i) => worker(coachSessions[i]!, c, coachBoards[i]!, [], false)),
    ...Array.from({ length: RESETTERS }, () => resetter(resetAccounts, cluster.smtp, cluster.nginxBase, stats)),
  ];
  const actorsDone = Promise.all(actors.map((a) => a.catch((err: unknown) => console.error(`actor: ${String(err)}`))));
  await sleep((SOAK_SECONDS * 1000) / 2);
  const restarts = await rollingRestart(cluster);
  const restartEnded = Date.now();
  await sleep(Math.max(startedAt + SOAK_SECONDS * 1000 - Date.now(), 3_000));
  stopRequested = true;
  await actorsDone;
  const loadSeconds = (Date.now() - startedAt) / 1000;
  log(
    `load ran ${loadSeconds.toFixed(0)} s (restart ended at ${((restartEnded - startedAt) / 1000).toFixed(0)} s): ` +
      `${stats.requests} requests; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ` +
      `${os.loadavg()[0]!.toFixed(1)} at the end (${os.cpus().length} cores)`,
  );

  // Streams: wait (bounded) until each has every event it must have, then close them.
  const owners = members.map((m) => m.id);
  let rows: NewEvent[] = [];
  const waitUntil = Date.now() + 15_000;
  for (;;) {
    rows = await boardEvents(knex, owners);
    const behind = watchers.filter((w) => expectedFor(w, rows).some((id) => !w.received.has(id)));
    if (behind.length === 0 || Date.now() > waitUntil) break;
    await sleep(250);
  }
  for (const w of watchers) await w.stop();

  // Mails still on their way (bounded).
  const mailUntil = Date.now() + 10_000;
  const mailShort = () => [...acked.forgot].some(([email, n]) => resetMails(cluster.smtp, email).length < n);
  while (mailShort() && Date.now() < mailUntil) await sleep(200);

  // --- Verify.
  let lost = 0;
  const problems: string[] = [];
  // Events.
  let deliveries = 0;
  let lostEvents = 0;
  for (const w of watchers) {
    const expected = expectedFor(w, rows);
    const gone = expected.filter((id) => !w.received.has(id));
    deliveries += expected.length;
    lostEvents += gone.length;
    if (gone.length)
      problems.push(`${w.label}'s stream of board ${w.boardOwnerId} missed events ${gone.slice(0, 10).join(', ')}`);
  }
  lost += lostEvents;
  const reconnects = watchers.reduce((n, w) => n + w.connects - 1, 0);
  const duplicates = watchers.reduce((n, w) => n + w.duplicates, 0);
  const resyncs = watchers.reduce((n, w) => n + w.resyncs, 0);
  log(
    `events: ${rows.length} board events in the database, ${deliveries} deliveries expected by ${watchers.length} streams, ` +
      `${lostEvents} missing; ${reconnects} reconnects with Last-Event-ID, ${duplicates} duplicates, ${resyncs} resyncs`,
  );

  // Writes.
  const cardIds = acked.cards.map((c) => c.id);
  const cardRows = new Map(
    (
      await knex('mtn_cards')
        .whereIn('id', cardIds)
        .select<Array<{ id: number; title: string; list_id: number }>>('id', 'title', 'list_id')
    ).map((r) => [r.id, r]),
  );
  const moveCounts = new Map(
    (
      await knex('mtn_card_events')
        .whereIn('card_id', cardIds)
        .where('kind', 'moved')
        .groupBy('card_id')
        .select<Array<{ card_id: number; n: number }>>('card_id', knex.raw('count(*)::int as n'))
    ).map((r) => [r.card_id, r.n]),
  );
  let lostCards = 0;
  let lostMoves = 0;
  for (const card of acked.cards) {
    const row = cardRows.get(card.id);
    if (!row || row.title !== card.title) {
      lostCards += 1;
      problems.push(`card ${card.id} (${card.title}) is not in the database`);
      continue;
    }
    const moves = moveCounts.get(card.id) ?? 0;
    if (moves < card.ackedMoves) {
      lostMoves += card.ackedMoves - moves;
      problems.push(`card ${card.id}: ${card.ackedMoves} moves answered 200, ${moves} in its history`);
    } else if (card.placeKnown && row.list_id !== card.listId) {
      lostMoves += 1;
      problems.push(`card ${card.id} is in list ${row.list_id}, its last answered move put it in ${card.listId}`);
    }
  }
  const commentRows = new Map(
    (
      await knex('mtn_activities')
        .whereIn(
          'id',
          acked.comments.map((c) => c.id),
        )
        .select<Array<{ id: number; comment: string }>>('id', 'comment')
    ).map((r) => [r.id, r.comment]),
  );
  const lostComments = acked.comments.filter((c) => commentRows.get(c.id) !== c.comment).length;
  if (lostComments) problems.push(`${lostComments} answered comments are not in the database`);
  const completionRows = new Set(
    (
      await knex('lesson_completions')
        .whereIn(
          'user_id',
          members.map((m) => m.id),
        )
        .select<Array<{ user_id: number; lesson_id: number }>>('user_id', 'lesson_id')
    ).map((r) => `${r.user_id}:${r.lesson_id}`),
  );
  const lostCompletions = acked.completions.filter((c) => !completionRows.has(`${c.userId}:${c.lessonId}`)).length;
  if (lostCompletions) problems.push(`${lostCompletions} answered lesson completions are not in the database`);
  let lostPasswords = 0;
  const hashes = new Map(
    (
      await knex('users')
        .whereIn('id', [...acked.passwords.keys()])
        .select<Array<{ id: number; password_hash: string }>>('id', 'password_hash')
    ).map((r) => [r.id, r.password_hash]),
  );
  for (const [id, { email, password }] of acked.passwords) {
    if (!(await argon2Verify(hashes.get(id) ?? '', password).catch(() => false))) {
      lostPasswords += 1;
      problems.push(`${email}: the password of its last answered reset does not sign in`);
    }
  }
  const moveTotal = acked.cards.reduce((n, c) => n + c.ackedMoves, 0);
  const lostWrites = lostCards + lostMoves + lostComments + lostCompletions + lostPasswords;
  lost += lostWrites;
  log(
    `writes answered 200: ${acked.cards.length} cards, ${moveTotal} moves, ${acked.comments.length} comments, ` +
      `${acked.completions.length} lesson completions, ${acked.passwords.size} password resets, ${acked.signIns} sign-ins; ` +
      `${lostWrites} missing`,
  );

  // Mails.
  let mailsMissing = 0;
  let mailsTwice = 0;
  let mailsRequested = 0;
  for (const [email, n] of acked.forgot) {
    mailsRequested += n;
    const got = resetMails(cluster.smtp, email).length;
    if (got < n) {
      mailsMissing += n - got;
      problems.push(`${email}: ${n} resets requested, ${got} mails`);
    } else if (got > n) {
      mailsTwice += got - n;
      problems.push(`${email}: ${n} resets requested, ${got} mails (sent twice)`);
    }
  }
  const mails = [...acked.forgot.keys()].reduce((n, email) => n + resetMails(cluster.smtp, email).length, 0);
  lost += mailsMissing + mailsTwice;
  log(
    `mails: ${mailsRequested} reset requests answered, ${mails} reset mails received, ${mailsMissing} missing, ${mailsTwice} twice`,
  );

  // Requests.
  const outcomes = [...stats.outcomes].sort((a, b) => a[0].localeCompare(b[0]));
  log(`requests: ${outcomes.map(([k, n]) => `${k} x${n}`).join('; ')}`);
  const access = nginxAccessSummary(path.join(cluster.tmp, 'nginx-access.log'));
  if (access) log(access);
  for (const f of stats.failures.slice(0, 20)) {
    log(`failed at ${(f.at / 1000).toFixed(1)} s: ${f.what}: ${f.detail}`);
  }
  for (const p of problems.slice(0, 30)) log(`lost: ${p}`);
  const badStops = restarts.filter((r) => r.code !== 0 || r.killed);
  for (const r of badStops)
    log(`${r.name} did not stop cleanly on SIGTERM: exit ${r.code ?? r.signal}${r.killed ? ', killed' : ''}`);

  const failed = stats.failed;
  const ok = failed === 0 && lost === 0 && badStops.length === 0;
  keepLogs = !ok;
  for (const s of sessions) s.close();
  await cleanup();
  console.log(
    `cluster soak: ${stats.requests} requests, ${failed} failed, ${deliveries} events, ${lost} lost, ${mails} mails, p95 ${Math.round(stats.p95())} ms`,
  );
  return ok ? 0 : 1;
}

/** From nginx's access log: requests per instance, and how many went to a second instance. */
function nginxAccessSummary(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const perUpstream = new Map<string, number>();
  let retried = 0;
  const statuses = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = line.match(/ (\d{3}) up=(.+) ups=(.+) rt=/);
    if (!m) continue;
    statuses.set(m[1]!, (statuses.get(m[1]!) ?? 0) + 1);
    const tried = m[2]!.split(', ');
    if (tried.length > 1) retried += 1;
    const last = tried[tried.length - 1]!;
    perUpstream.set(last, (perUpstream.get(last) ?? 0) + 1);
  }
  const per = [...perUpstream].map(([u, n]) => `${u} ${n}`).join(', ');
  const st = [...statuses]
    .sort()
    .map(([s, n]) => `${s} x${n}`)
    .join(', ');
  return `nginx: answered by ${per}; ${retried} retried on another instance; statuses ${st}`;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err: unknown) => {
    console.error(`cluster soak: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    keepLogs = true;
    await cleanup();
    process.exit(1);
  });
