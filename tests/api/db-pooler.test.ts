/**
 * Running behind PgBouncer in transaction mode (docs/deploy.md, ops/): the live bus LISTENs on
 * DATABASE_LISTEN_URL (a direct connection; the pooler would drop the LISTEN), and
 * DATABASE_PREPARED_STATEMENTS=false sends the statements the code names (the card move) unnamed,
 * since PgBouncer before 1.21 cannot keep a named statement across transactions. `npm run
 * soak:cluster` runs the real thing (nginx, PgBouncer, three instances); these are the switches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { openDatabase, type Database } from '../../api/src/db/knex';
import { liveBus } from '../../api/src/features/live';
import { createTestDatabase, testServerUrl, withDatabase, type TestDatabase } from '../helpers/db';

describe('configuration', () => {
  it('DATABASE_LISTEN_URL defaults to DATABASE_URL, and is null on the embedded database', () => {
    const url = 'postgres://portal@127.0.0.1:6432/portal';
    expect(loadConfig({ DATABASE_URL: url }).databaseListenUrl).toBe(url);
    const direct = 'postgres://portal@127.0.0.1:5432/portal';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_LISTEN_URL: direct }).databaseListenUrl).toBe(direct);
    expect(loadConfig({}).databaseListenUrl).toBeNull();
  });

  it('DATABASE_PREPARED_STATEMENTS is on unless set to false', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'true' }).databasePreparedStatements).toBe(true);
  });
});

const server = testServerUrl();

// These switches exist for PostgreSQL only: on the embedded database (CI's second run) there is no
// pooler and no second connection, so the block is not defined there (the PostgreSQL run runs it).
if (server)
  describe('on PostgreSQL', () => {
    let fresh: TestDatabase;
    const opened: Database[] = [];
    const open = async (opts: { listenUrl?: string; preparedStatements?: boolean }) => {
      const db = await openDatabase({
        databaseUrl: withDatabase(server, fresh.name),
        dataDir: 'memory',
        poolMax: 1,
        ...opts,
      });
      opened.push(db);
      return db;
    };
    beforeAll(async () => {
      fresh = await createTestDatabase();
    }, 60_000);
    afterAll(async () => {
      for (const db of opened) await db.close();
      await fresh.close();
    });

    const preparedNames = async (db: Database) => {
      // One pooled connection: the named statement and this read run on the same session.
      await db.knex.raw('select ?::int as n', [1]).options({ name: 'pooler_probe' });
      const rows = await db.knex('pg_prepared_statements').select('name');
      return rows.map((r: { name: string }) => r.name);
    };

    it('a named statement is prepared on the connection by default', async () => {
      expect(await preparedNames(await open({}))).toContain('pooler_probe');
    });

    it('with preparedStatements false it is sent unnamed and nothing is prepared', async () => {
      const db = await open({ preparedStatements: false });
      expect(await preparedNames(db)).not.toContain('pooler_probe');
      // Twice, as a pooler would need it: no "already exists" / "does not exist".
      const again = await db.knex.raw('select ?::int as n', [2]).options({ name: 'pooler_probe' });
      expect(again.rows).toEqual([{ n: 2 }]);
    });

    it('the live bus LISTENs on the listen URL, not on the pooled one', async () => {
      // A listen URL nobody answers on: the stream cannot subscribe, though queries work.
      const refused = await open({ listenUrl: 'postgres://postgres@127.0.0.1:1/nowhere' });
      expect((await refused.knex.raw('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await expect(liveBus(refused.knex).subscribe(() => undefined)).rejects.toThrow(/ECONNREFUSED|connect/);

      // The direct URL: the bus's own client (application_name portal-api-live) holds the LISTEN.
      const direct = await open({ listenUrl: withDatabase(server, fresh.name) });
      const unsubscribe = await liveBus(direct.knex).subscribe(() => undefined);
      try {
        const listeners = await fresh.knex.raw<{ rows: Array<{ n: number }> }>(
          "select count(*)::int as n from pg_stat_activity where datname = ? and application_name = 'portal-api-live'",
          [fresh.name],
        );
        expect(listeners.rows[0]!.n).toBe(1);
      } finally {
        unsubscribe();
        await liveBus(direct.knex).stop();
      }
    });
  });
