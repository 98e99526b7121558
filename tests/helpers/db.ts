import crypto from 'node:crypto';
import fs from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { openDatabase, type Database } from '../../api/src/db/knex';
import { migrateLatest } from '../../api/src/db/migrate';

/**
 * The PostgreSQL server tests use when TEST_DATABASE_URL (or DATABASE_URL) is set; each test file
 * then gets its own fresh database on it. Without it, each test file gets a fresh embedded PGlite.
 */
export function testServerUrl(): string | null {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
}

export interface TestDatabase extends Database {
  name: string;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The migrated template that vitest's global setup made (tests/helpers/global-setup.ts), or null
 * outside vitest (Playwright's global setup, scripts), where each database is migrated itself.
 */
async function template(): Promise<string | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  return inject('testDatabaseTemplate') ?? null;
}

/** A fresh, migrated database owned by one test file; `close()` drops it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = testServerUrl();
  const from = await template();
  if (!server) {
    if (from) {
      const dump = new Blob([fs.readFileSync(from)]);
      const db = await openDatabase({ databaseUrl: null, dataDir: 'memory', loadDataDir: dump });
      return { ...db, name: 'pglite-memory' };
    }
    const db = await openDatabase({ databaseUrl: null, dataDir: 'memory' });
    await migrateLatest(db.knex);
    return { ...db, name: 'pglite-memory' };
  }
  const name = `portal_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin: Knex = knexFactory({
    client: 'pg',
    connection: withDatabase(server, 'postgres'),
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw(from ? `CREATE DATABASE "${name}" TEMPLATE "${from}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.destroy();
  }
  const db = await openDatabase({ databaseUrl: withDatabase(server, name), dataDir: 'memory', poolMax: 10 });
  if (!from) await migrateLatest(db.knex);
  return {
    ...db,
    name,
    close: async () => {
      await db.close();
      const dropper: Knex = knexFactory({
        client: 'pg',
        connection: withDatabase(server, 'postgres'),
        pool: { min: 0, max: 1 },
      });
      try {
        await dropper.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.destroy();
      }
    },
  };
}
