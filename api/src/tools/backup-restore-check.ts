/**
 * `npm run backup:check`: proves that a backup of the portal's database restores and runs.
 *
 *   1. pg_dump -Fc the database (BACKUP_CHECK_SOURCE_URL, else DATABASE_URL), or take an existing
 *      dump (`--dump <file>`, e.g. last night's backup);
 *   2. create a fresh database on the same server (or BACKUP_CHECK_TARGET_URL's) and pg_restore it;
 *   3. compare the row count of every table of the source with the restored copy (with --dump:
 *      skipped, the source may have moved on);
 *   4. start the portal on the copy (node --import tsx api/src/server.ts, no demo seed, no admin
 *      bootstrap, a free port), sign in as BACKUP_CHECK_EMAIL / BACKUP_CHECK_PASSWORD and read
 *      /api/auth/me and the dashboard's banners and settings;
 *   5. stop the portal and drop the copy (kept with --keep).
 *
 * Prints one line per step and exits 0 when every step passed, 1 otherwise.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';

export interface BackupCheckOptions {
  sourceUrl: string;
  /** A server URL (any database on it) where the fresh copy is created; default: the source's server. */
  targetServerUrl?: string;
  /** Restore this dump instead of dumping the source. */
  dumpFile?: string;
  email: string;
  password: string;
  keep?: boolean;
  log?: (line: string) => void;
}

export interface BackupCheckReport {
  ok: boolean;
  restoredDatabase: string;
  tables: number;
  rows: number;
  steps: string[];
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function connect(url: string): Knex {
  return knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
}

/** Row count of every table of the public schema, by name. */
async function rowCounts(url: string): Promise<Map<string, number>> {
  const knex = connect(url);
  try {
    const tables = await knex('information_schema.tables')
      .where({ table_schema: 'public', table_type: 'BASE TABLE' })
      .orderBy('table_name')
      .pluck<string[]>('table_name');
    const counts = new Map<string, number>();
    for (const t of tables) {
      const [row] = await knex(t).count<Array<{ n: string }>>('* as n');
      counts.set(t, Number(row!.n));
    }
    return counts;
  } finally {
    await knex.destroy();
  }
}

function runTool(command: string, args: string[]): void {
  const res = spawnSync(command, args, { encoding: 'utf8' });
  if (res.error) throw new Error(`${command} could not run: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`${command} failed (${res.status}): ${res.stderr.trim()}`);
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitForHealth(base: string, exited: () => boolean, output: () => string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < 90_000) {
    if (exited()) throw new Error(`the portal exited at start:\n${output()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer ${base}/api/health within 90 s:\n${output()}`);
}

export async function runBackupRestoreCheck(options: BackupCheckOptions): Promise<BackupCheckReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const steps: string[] = [];
  const step = (line: string) => {
    steps.push(line);
    log(line);
  };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-check-'));
  const restoredDatabase = `portal_restore_check_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = connect(options.targetServerUrl ?? options.sourceUrl);
  const restoredUrl = withDatabase(options.targetServerUrl ?? options.sourceUrl, restoredDatabase);
  let created = false;
  let child: ReturnType<typeof spawn> | null = null;
  let totalRows = 0;
  let tables = 0;
  try {
    let dump = options.dumpFile;
    if (!dump) {
      dump = path.join(work, 'portal.dump');
      runTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${dump}`,
        `--dbname=${options.sourceUrl}`,
      ]);
      step(`dumped the source database (${fs.statSync(dump).size} bytes)`);
    } else {
      step(`using the dump ${dump}`);
    }

    await admin.raw('CREATE DATABASE ??', [restoredDatabase]);
    created = true;
    runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);
    step(`restored it into the fresh database ${restoredDatabase}`);

    const restored = await rowCounts(restoredUrl);
    tables = restored.size;
    totalRows = [...restored.values()].reduce((a, b) => a + b, 0);
    if (!options.dumpFile) {
      const source = await rowCounts(options.sourceUrl);
      const diffs = [...new Set([...source.keys(), ...restored.keys()])].filter(
        (t) => source.get(t) !== restored.get(t),
      );
      if (diffs.length > 0) {
        throw new Error(
          `row counts differ: ${diffs.map((t) => `${t} ${source.get(t) ?? '-'} -> ${restored.get(t) ?? '-'}`).join(', ')}`,
        );
      }
      step(`every table has the source's row count (${tables} tables, ${totalRows} rows)`);
    } else {
      step(`restored ${tables} tables, ${totalRows} rows`);
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const webDir = path.join(work, 'web');
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: restoredUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(work, 'data'),
      WEB_DIR: webDir,
      SEED_DEMO: 'false',
      QUIET: 'true',
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    };
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
    delete env.TLS_CERT;
    delete env.TLS_KEY;
    delete env.TRUST_PROXY;
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    let output = '';
    const proc = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
    await waitForHealth(
      base,
      () => proc.exitCode !== null,
      () => output,
    );
    step(`started the portal on it (${base})`);

    const signin = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: options.email, password: options.password }),
    });
    if (signin.status !== 200)
      throw new Error(`sign-in as ${options.email} answered ${signin.status}: ${await signin.text()}`);
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const p of ['/api/auth/me', '/api/dashboard-banner/read-many', '/api/settings']) {
      const res = await fetch(`${base}${p}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}: ${await res.text()}`);
      if (p === '/api/auth/me') {
        const me = (await res.json()) as { currentUser?: { email?: string } };
        const email = me.currentUser?.email;
        if (email?.toLowerCase() !== options.email.toLowerCase())
          throw new Error(`/api/auth/me is ${JSON.stringify(me)}`);
      }
    }
    step(`signed in as ${options.email} and read the dashboard`);
    return { ok: true, restoredDatabase, tables, rows: totalRows, steps };
  } catch (err) {
    step(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
    return { ok: false, restoredDatabase, tables, rows: totalRows, steps };
  } finally {
    if (child && child.exitCode === null) {
      const proc = child;
      const gone = new Promise((resolve) => proc.once('exit', resolve));
      proc.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 30_000))]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
    }
    if (created && !options.keep) {
      await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [restoredDatabase]).catch(() => undefined);
    }
    await admin.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--dump');
  const sourceUrl = process.env.BACKUP_CHECK_SOURCE_URL || process.env.DATABASE_URL;
  const email = process.env.BACKUP_CHECK_EMAIL || process.env.ADMIN_EMAIL;
  const password = process.env.BACKUP_CHECK_PASSWORD || process.env.ADMIN_PASSWORD;
  if (!sourceUrl || !email || !password) {
    console.error(
      'usage: BACKUP_CHECK_SOURCE_URL=postgres://... (or DATABASE_URL) BACKUP_CHECK_EMAIL=... BACKUP_CHECK_PASSWORD=... ' +
        'npm run backup:check [-- --dump <file>] [-- --keep]',
    );
    process.exit(2);
  }
  const report = await runBackupRestoreCheck({
    sourceUrl,
    targetServerUrl: process.env.BACKUP_CHECK_TARGET_URL || undefined,
    dumpFile: at >= 0 ? args[at + 1] : undefined,
    email,
    password,
    keep: args.includes('--keep'),
  });
  console.log(report.ok ? 'backup check passed' : 'backup check FAILED');
  process.exit(report.ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) void main();
