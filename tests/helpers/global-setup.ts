/**
 * vitest global setup: migrates ONE template database before any test file runs, so each file
 * copies it instead of running every migration again (tests/helpers/db.ts).
 * - PostgreSQL (TEST_DATABASE_URL/DATABASE_URL): a template database, copied with
 *   `CREATE DATABASE ... TEMPLATE`, dropped at the end.
 * - Embedded PGlite: a migrated in-memory database dumped to a file, loaded by each file.
 * Only the projects that open a database get one, and they share it (vitest calls this once per project).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../api/src/db/knex';
import { migrateLatest } from '../../api/src/db/migrate';
import { testServerUrl, withDatabase } from './db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database's name; PGlite: the path of the migrated dump. */
    testDatabaseTemplate: string;
  }
}

/** The projects whose tests open a database (vitest.config.ts); the others need no template. */
const DATABASE_PROJECTS = new Set(['server', 'isolated']);

interface Template {
  name: string;
  drop: () => Promise<void>;
}

/**
 * One template per run, however many projects ask for it; dropped when the last one is done.
 * vitest loads this module once per project, so the shared state lives on the main process's global.
 */
const shared = ((
  globalThis as { __portalTestTemplate?: { template: Promise<Template> | null; users: number } }
).__portalTestTemplate ??= { template: null, users: 0 });

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!DATABASE_PROJECTS.has(project.name)) return () => Promise.resolve();
  shared.template ??= createTemplate();
  shared.users += 1;
  project.provide('testDatabaseTemplate', (await shared.template).name);
  return async () => {
    shared.users -= 1;
    if (shared.users === 0 && shared.template) {
      const done = shared.template;
      shared.template = null;
      await (await done).drop();
    }
  };
}

async function createTemplate(): Promise<Template> {
  const server = testServerUrl();
  if (!server) {
    const db = await openDatabase({ databaseUrl: null, dataDir: 'memory' });
    await migrateLatest(db.knex);
    const pglite = (db.knex.client as { config: { connection: { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } } } })
      .config.connection.pglite;
    const dump = await pglite.dumpDataDir('none');
    await db.close();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-template-')), 'pgdata.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return {
      name: file,
      drop: () => {
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const name = `portal_template_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: withDatabase(server, 'postgres'), pool: { min: 0, max: 1 } });
  await admin.raw(`CREATE DATABASE "${name}"`);
  const db = await openDatabase({ databaseUrl: withDatabase(server, name), dataDir: 'memory', poolMax: 1 });
  try {
    await migrateLatest(db.knex);
  } finally {
    await db.close();
  }
  return {
    name,
    drop: async () => {
      try {
        await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.destroy();
      }
    },
  };
}
