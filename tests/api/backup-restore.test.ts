/**
 * `npm run backup:check` end to end: a database with the demo content is dumped with pg_dump,
 * restored into a fresh database, the portal starts on the copy and the demo admin signs in. It
 * needs a local PostgreSQL and pg_dump/pg_restore, so it uses 127.0.0.1:5432 in the PGlite run too.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from '../../api/src/db/migrate';
import { seedDemo } from '../../api/src/db/seed';

const SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const name = `portal_backup_src_${crypto.randomBytes(4).toString('hex')}`;
const sourceUrl = SERVER.replace(/\/postgres$/, `/${name}`);
const admin = knexFactory({ client: 'pg', connection: SERVER, pool: { min: 0, max: 1 } });

function runCheck(env: NodeJS.ProcessEnv, args: string[] = []): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/tools/backup-restore-check.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  await admin.raw('CREATE DATABASE ??', [name]);
  const source = knexFactory({ client: 'pg', connection: sourceUrl, pool: { min: 0, max: 2 } });
  try {
    await migrateLatest(source);
    await seedDemo(source);
  } finally {
    await source.destroy();
  }
}, 120_000);

afterAll(async () => {
  await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
  const left = await admin('pg_database').where('datname', 'like', 'portal_restore_check_%').pluck<string[]>('datname');
  await admin.destroy();
  // The check drops its copy: none may be left behind.
  expect(left).toEqual([]);
});

describe('npm run backup:check', () => {
  it('dumps, restores into a fresh database, compares every table, starts the portal on it and signs in', async () => {
    const { code, output } = await runCheck({
      BACKUP_CHECK_SOURCE_URL: sourceUrl,
      BACKUP_CHECK_EMAIL: 'admin@demo.portal',
      BACKUP_CHECK_PASSWORD: 'admin-demo-2026',
    });
    expect(output).toMatch(/dumped the source database/);
    expect(output).toMatch(/restored it into the fresh database portal_restore_check_/);
    expect(output).toMatch(/every table has the source's row count \(\d+ tables, \d+ rows\)/);
    expect(output).toMatch(/started the portal on it/);
    expect(output).toMatch(/signed in as admin@demo.portal and read the dashboard/);
    expect(output).toMatch(/backup check passed/);
    expect(code).toBe(0);
  }, 240_000);

  it('fails (exit 1) when the restored portal does not let the account in', async () => {
    const { code, output } = await runCheck({
      BACKUP_CHECK_SOURCE_URL: sourceUrl,
      BACKUP_CHECK_EMAIL: 'admin@demo.portal',
      BACKUP_CHECK_PASSWORD: 'not-the-password',
    });
    expect(output).toMatch(/FAILED: sign-in as admin@demo.portal answered 401/);
    expect(code).toBe(1);
  }, 240_000);
});
