import knexFactory, { type Knex } from 'knex';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { testServerUrl } from '../helpers/db';
import { createTag, createUser, signIn, type CreatedUser } from '../helpers/factories';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../api/src/core/db-unavailable';

let t: TestApp;
let admin: supertest.Agent;
let adminUser: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createUser(t.knex, { role: 'admin' });
  admin = await signIn(t.agent(), adminUser);
});
afterAll(async () => {
  await t.close();
});

/**
 * Makes the audit row of the next admin change of a user lose the database connection: `how`
 * is either PostgreSQL ending the session (pg_terminate_backend on itself) or the error a lost
 * session reports (SQLSTATE 57P01), which PGlite can raise too. Returns a function removing it.
 */
async function loseConnectionOnAudit(how: 'terminate' | 'raise'): Promise<() => Promise<void>> {
  const body =
    how === 'terminate'
      ? 'perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(5);'
      : "raise exception 'terminating connection due to administrator command' using errcode = '57P01';";
  await t.knex.raw(`create or replace function test_lose_connection() returns trigger language plpgsql as $$
    begin if NEW.action = 'user.update' then ${body} end if; return NEW; end $$`);
  await t.knex.raw(
    'create trigger test_lose_connection before insert on audit_log for each row execute function test_lose_connection()',
  );
  return async () => {
    await t.knex.raw('drop trigger if exists test_lose_connection on audit_log');
    await t.knex.raw('drop function if exists test_lose_connection()');
  };
}

async function expectRolledBack503(how: 'terminate' | 'raise') {
  const member = await createUser(t.knex, { role: 'basic', city: 'Before' });
  const remove = await loseConnectionOnAudit(how);
  try {
    const res = await admin.post('/api/user/upsert').send({ id: member.id, city: 'After' });
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.error).toEqual({ code: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(res.headers['retry-after']).toBe('1');
  } finally {
    await remove();
  }
  expect((await t.knex('users').where({ id: member.id }).first()).city).toBe('Before');
  // The next requests find a working connection.
  const again = await admin.post('/api/user/upsert').send({ id: member.id, city: 'After' });
  expect(again.status).toBe(200);
  expect(again.body.user.city).toBe('After');
}

describe('a request whose transaction loses its database connection', () => {
  it('answers 503 with Retry-After, never 500, and writes nothing (the lost-session error)', async () => {
    await expectRolledBack503('raise');
  });
});

// PGlite runs inside this process: it has no connections that PostgreSQL could drop. These run
// whenever the tests run on a PostgreSQL server (TEST_DATABASE_URL), as CI does.
const server = testServerUrl();
if (server) {
  describe('PostgreSQL dropping the pool’s connections (pg_terminate_backend)', () => {
    let killer: Knex;
    beforeAll(() => {
      const url = new URL(server);
      url.pathname = `/${t.db.name}`;
      killer = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } });
    });
    afterAll(async () => {
      await killer.destroy();
    });

    const terminateAll = async () =>
      (
        await killer.raw<{ rows: Array<{ n: number }> }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rows[0]!.n;

    /** The pg clients idle in the app's pool (knex's tarn pool), and their sockets. */
    const idleSockets = () =>
      (
        t.knex.client as unknown as {
          pool: { free: Array<{ resource: { connection: { stream: NodeJS.ReadableStream } } }> };
        }
      ).pool.free.map((f) => f.resource.connection.stream);

    const backendsLeft = async () =>
      (
        await killer.raw<{ rows: Array<{ n: number }> }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).rows[0]!.n;

    it('answers reads 200 when the pool lends connections PostgreSQL already ended (discarded, read again once)', async () => {
      const tag = await createTag(t.knex);
      const reads = [
        '/api/user/read-many',
        '/api/tag/read-many',
        `/api/user/${adminUser.id}`,
        '/api/auth/me',
        '/api/course/read-many',
        '/api/user/read-many?search=test',
        '/api/dashboard-banner/read-many',
        '/api/product/count',
      ];
      for (let round = 0; round < 2; round += 1) {
        // Fill the pool with open connections.
        await Promise.all(reads.map((path) => admin.get(path)));
        const sockets = idleSockets();
        expect(sockets.length).toBeGreaterThan(1);
        // The race, made certain: the app does not read its sockets while PostgreSQL ends every
        // session, so the pool still takes them for alive; reading resumes once the next
        // statement has been sent on one of them, which then learns it is dead.
        for (const s of sockets) s.pause();
        expect(await terminateAll()).toBeGreaterThan(0);
        for (let i = 0; i < 500 && (await backendsLeft()) > 0; i += 1) await new Promise((r) => setTimeout(r, 20));
        expect(await backendsLeft()).toBe(0);
        const resume = () => {
          t.knex.off('query', resume);
          setImmediate(() => sockets.forEach((s) => s.resume()));
        };
        t.knex.on('query', resume);
        const results = await Promise.all(reads.map((path) => admin.get(path)));
        t.knex.off('query', resume);
        expect(
          results.map((r) => r.status),
          results.map((r) => JSON.stringify(r.body).slice(0, 200)).join('\n'),
        ).toEqual(reads.map(() => 200));
      }
      const tags = await admin.get('/api/tag/read-many');
      expect(tags.body.tags.map((x: { id: number }) => x.id)).toContain(tag.id);
    });

    it('answers 503, never 500, when PostgreSQL ends the connection inside a transaction', async () => {
      await expectRolledBack503('terminate');
    });
  });
}
