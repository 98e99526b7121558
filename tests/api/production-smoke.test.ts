/**
 * Production-mode smoke test: the real server (node --import tsx api/src/server.ts) with
 * NODE_ENV=production and a real SESSION_SECRET on a fresh PostgreSQL database (127.0.0.1:5432,
 * in the PGlite run too): it migrates, creates the ADMIN_EMAIL account, and an admin signs in and
 * reads what the dashboard reads. Test-only endpoints are gone.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, run, type RunningProcess } from '../helpers/server-process';

const SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `portal_prod_smoke_${crypto.randomBytes(4).toString('hex')}`;
const admin = knexFactory({ client: 'pg', connection: SERVER, pool: { min: 0, max: 1 } });
const ACCOUNT = { email: 'owner@smoke.test', password: `smoke-${crypto.randomBytes(8).toString('hex')}` };
let proc: RunningProcess;
let base = '';
let dataDir = '';

beforeAll(async () => {
  await admin.raw('CREATE DATABASE ??', [name]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prod-smoke-'));
  const webDir = path.join(dataDir, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: crypto.randomBytes(32).toString('base64'),
    DATABASE_URL: SERVER.replace(/\/postgres$/, `/${name}`),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    ADMIN_EMAIL: ACCOUNT.email,
    ADMIN_PASSWORD: ACCOUNT.password,
    QUIET: 'true',
  };
  for (const k of ['TEST_DATABASE_URL', 'SEED_DEMO', 'TLS_CERT', 'TLS_KEY', 'TRUST_PROXY', 'SMTP_URL']) delete env[k];
  proc = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], env);
  const start = Date.now();
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`the server exited:\n${proc.output()}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - start > 90_000) throw new Error(`no answer within 90 s:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(async () => {
  if (proc && proc.child.exitCode === null) {
    proc.child.kill('SIGTERM');
    await proc.exited;
  }
  await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
  await admin.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('production mode on PostgreSQL', () => {
  it('an admin signs in and reads the dashboard', async () => {
    const signin = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(ACCOUNT),
    });
    expect(signin.status).toBe(200);
    const setCookies = signin.headers.getSetCookie();
    expect(setCookies.some((c) => /^portal\.sid=/.test(c) && /httponly/i.test(c))).toBe(true);
    expect(setCookies.some((c) => /^portal\.sid\.sig=/.test(c))).toBe(true);
    const cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
    const get = (p: string) => fetch(`${base}${p}`, { headers: { cookie } });

    const me = await get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { currentUser: { email: string; role: string } }).currentUser).toMatchObject({
      email: ACCOUNT.email,
      role: 'admin',
    });
    for (const p of [
      '/api/dashboard-banner/read-many',
      '/api/settings',
      '/api/course/read-many',
      '/api/resource/read-many',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
    }
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('without a session the API says 401, and the test-only endpoints do not exist', async () => {
    expect((await fetch(`${base}/api/auth/me`)).status).toBe(401);
    expect((await fetch(`${base}/api/v2/user/add-tags`, { method: 'POST', headers: { origin: base } })).status).toBe(
      404,
    );
  });

  it('a cookie signed with another secret is no session', async () => {
    const res = await fetch(`${base}/api/auth/me`, {
      headers: { cookie: 'portal.sid=forged; portal.sid.sig=forged' },
    });
    expect(res.status).toBe(401);
  });
});
