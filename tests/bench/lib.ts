/**
 * The benchmark harness every area's benchmark uses: a real API on a fresh PostgreSQL database,
 * a signed-in cookie, a latency sampler (p50/p95 under N concurrent clients) and a SQL query
 * counter. Benchmarks print figures; nothing here asserts a wall-clock time.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import knexFactory, { type Knex } from 'knex';
import type Koa from 'koa';
import { loadSessionUser } from '../../api/src/core/load-session-user';
import { sha256 } from '../../api/src/core/session';
import type { SessionUser } from '../../api/src/core/session-types';
import { createApp } from '../../api/src/app';
import { loadConfig, type Config } from '../../api/src/config';
import { createLogger } from '../../api/src/core/context';
import { openDatabase, type Database } from '../../api/src/db/knex';
import { migrateLatest } from '../../api/src/db/migrate';

/** The PostgreSQL server benchmarks run on (a fresh database is created and dropped on it). */
export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface BenchApp {
  base: string;
  knex: Knex;
  db: Database;
  config: Config;
  /** Counts the SQL statements the API runs while `fn` runs (run it alone, not under load). */
  countQueries(fn: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

/** Starts the real API on a fresh, migrated PostgreSQL database. */
export async function startBenchApp(opts: { poolMax?: number } = {}): Promise<BenchApp> {
  const name = `portal_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = knexFactory({
    client: 'pg',
    connection: withDatabase(BENCH_SERVER_URL, 'postgres'),
    pool: { min: 0, max: 1 },
  });
  await admin.raw(`CREATE DATABASE "${name}"`);
  await admin.destroy();
  const db = await openDatabase({
    databaseUrl: withDatabase(BENCH_SERVER_URL, name),
    dataDir: 'memory',
    poolMax: opts.poolMax ?? 10,
  });
  await migrateLatest(db.knex);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    PUBLIC_URL: 'http://127.0.0.1:4000',
    QUIET: 'true',
  });
  const app = createApp({ config, knex: db.knex, log: createLogger('silent') });
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counting = 0;
  db.knex.on('query', () => {
    counting += 1;
  });
  return {
    base,
    knex: db.knex,
    db,
    config,
    async countQueries(fn) {
      const before = counting;
      await fn();
      return counting - before;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await db.close();
      if (process.env.BENCH_KEEP_DB === '1') {
        // For looking at plans afterwards (psql): drop it by hand when done.
        console.log(`BENCH_KEEP_DB: kept database ${name}`);
        fs.rmSync(dataDir, { recursive: true, force: true });
        return;
      }
      const dropper = knexFactory({
        client: 'pg',
        connection: withDatabase(BENCH_SERVER_URL, 'postgres'),
        pool: { min: 0, max: 1 },
      });
      await dropper.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and returns the Cookie header value to send with requests. */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return cookies.join('; ');
}

export interface LatencyStats {
  requests: number;
  concurrency: number;
  p50: number;
  p95: number;
  mean: number;
  max: number;
  /** Requests per second over the whole run. */
  throughput: number;
  errors: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export interface MeasureOptions {
  /** Total requests (after warm-up). */
  requests: number;
  concurrency: number;
  warmup?: number;
  /** Makes request number i; resolves to the HTTP status. */
  run: (i: number) => Promise<number>;
  /** Statuses that count as success (default: 2xx). */
  ok?: (status: number) => boolean;
}

/** Runs `requests` calls with `concurrency` clients in flight and reports latency in ms. */
export async function measure(opts: MeasureOptions): Promise<LatencyStats> {
  const ok = opts.ok ?? ((s: number) => s >= 200 && s < 300);
  for (let i = 0; i < (opts.warmup ?? Math.min(50, opts.requests)); i++) await opts.run(-1 - i);
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < opts.requests) {
      const i = next++;
      const t0 = performance.now();
      let status: number;
      try {
        status = await opts.run(i);
      } catch {
        status = 0;
      }
      times.push(performance.now() - t0);
      if (!ok(status)) errors += 1;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    concurrency: opts.concurrency,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
    max: times[times.length - 1] ?? 0,
    throughput: times.length / elapsed,
    errors,
  };
}

/** A GET (or other) request with a cookie; resolves to the status, body drained. */
export async function hit(url: string, cookie: string, init: RequestInit = {}): Promise<number> {
  const res = await fetch(url, { ...init, headers: { Cookie: cookie, ...(init.headers ?? {}) } });
  await res.arrayBuffer();
  return res.status;
}

export function jsonInit(method: string, body: unknown): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);

/** One line per measurement: name, p50, p95, mean, throughput, errors (and queries per request). */
export function report(name: string, s: LatencyStats, extra: Record<string, string | number> = {}): void {
  const parts = [
    `p50 ${fmt(s.p50)} ms`,
    `p95 ${fmt(s.p95)} ms`,
    `mean ${fmt(s.mean)} ms`,
    `${s.throughput.toFixed(0)} req/s`,
    `${s.requests} req x${s.concurrency}`,
    `errors ${s.errors}`,
    ...Object.entries(extra).map(([k, v]) => `${k} ${v}`),
  ];
  console.log(`${name.padEnd(44)} ${parts.join(' | ')}`);
}

/** Inserts rows in batches (one INSERT per batch) and returns the inserted ids in order. */
export async function insertBatches<T extends Record<string, unknown>>(
  knex: Knex,
  table: string,
  rows: T[],
  batchSize = 1000,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += batchSize) {
    const chunk = rows.slice(i, i + batchSize);
    const inserted = await knex(table).insert(chunk).returning<Array<{ id: number }>>('id');
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/**
 * The session read of a bare endpoint (the baselines next to the portal): the portal's session
 * row, by the cookie's key, and the user with their tags, as the portal's own auth reads them.
 */
export async function bareSessionUser(
  knex: Knex,
  cookieName: string,
  cookieHeader: string | undefined,
): Promise<SessionUser | null> {
  let key: string | null = null;
  for (const part of (cookieHeader ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === cookieName) key = v.join('=');
  }
  const row = key
    ? await knex('sessions')
        .select('data', 'expires_at')
        .where({ id: sha256(key) })
        .first<{ data: { userId?: number }; expires_at: Date } | undefined>()
    : undefined;
  return row?.data.userId ? loadSessionUser(knex, row.data.userId) : null;
}

/** Serves a bare Koa app on a free loopback port. */
export async function serveBare(app: Koa): Promise<{ base: string; close(): Promise<void> }> {
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
