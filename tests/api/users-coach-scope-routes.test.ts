import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type supertest from 'supertest';
import { createTag } from '../helpers/factories';
import { usersTableHash } from '../helpers/users-admin';
import { MEMBERS, scopeFixture, WHO, type ScopeFixture, type Who } from './users-scope-fixtures';

/**
 * Per role (docs/areas/users.md#who-may-do-what), on every other route under /api/user and /api/v2/user:
 * a coach lists, reads and tags premium members only and never sees billing fields; admins
 * everything; members the community search and themselves. (The admin-only bulk and file calls
 * with an admin switched to another role are in users-admin.test.ts.)
 */
let t: TestApp;
let f: ScopeFixture;
let M: string;
beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t);
  M = f.M;
});
afterAll(async () => {
  await t.close();
});

const agentOf = (who: Who) => f.agentOf(who);
const selfOf = (who: Who) => f.selfOf(who);
const mk = (...args: Parameters<ScopeFixture['mk']>) => f.mk(...args);

describe('GET /api/user/:id per role', () => {
  const targets = () => ({
    premium: f.premium.id,
    basic: f.basic.id,
    courseOnly: f.courseOnly.id,
    otherCoach: f.otherCoach.id,
    otherAdmin: f.otherAdmin.id,
    switchedAdmin: f.switchedAdmin.id,
    missing: 2_147_483_000,
  });
  const EXPECTED: Record<Who, Record<keyof ReturnType<typeof targets>, number>> = {
    admin: {
      premium: 200,
      basic: 200,
      courseOnly: 200,
      otherCoach: 200,
      otherAdmin: 200,
      switchedAdmin: 200,
      missing: 404,
    },
    coach: {
      premium: 200,
      basic: 404,
      courseOnly: 404,
      otherCoach: 404,
      otherAdmin: 404,
      switchedAdmin: 404,
      missing: 404,
    },
    premium: {
      premium: 403,
      basic: 403,
      courseOnly: 403,
      otherCoach: 403,
      otherAdmin: 403,
      switchedAdmin: 403,
      missing: 403,
    },
    'course only': {
      premium: 403,
      basic: 403,
      courseOnly: 403,
      otherCoach: 403,
      otherAdmin: 403,
      switchedAdmin: 403,
      missing: 403,
    },
    basic: {
      premium: 403,
      basic: 403,
      courseOnly: 403,
      otherCoach: 403,
      otherAdmin: 403,
      switchedAdmin: 403,
      missing: 403,
    },
    anonymous: {
      premium: 401,
      basic: 401,
      courseOnly: 401,
      otherCoach: 401,
      otherAdmin: 401,
      switchedAdmin: 401,
      missing: 401,
    },
  };

  it.each(WHO)('%s', async (who) => {
    for (const [name, id] of Object.entries(targets())) {
      const res = await agentOf(who).get(`/api/user/${id}`);
      expect(res.status, name).toBe(EXPECTED[who][name as keyof ReturnType<typeof targets>]);
      if (res.status === 200) {
        const billing = who === 'admin';
        expect('stripeCustomerId' in res.body.user, name).toBe(billing);
        expect('stripeStatus' in res.body.user, name).toBe(billing);
      }
    }
    if (who !== 'anonymous') {
      const self = await agentOf(who).get(`/api/user/${selfOf(who).id}`);
      expect(self.status).toBe(200);
      expect(self.body.user).toMatchObject({ id: selfOf(who).id, stripeCustomerId: 'cus_secret_billing' }); // their own
    }
  });
});

describe('POST /api/user/upsert per role', () => {
  const others = () => ({
    premium: f.premium2,
    basic: f.basic,
    courseOnly: f.courseOnly,
    otherCoach: f.otherCoach,
    otherAdmin: f.otherAdmin,
    switchedAdmin: f.switchedAdmin,
  });

  it('coach: the Tags of a premium member only; anyone else is a 403 and changes nothing', async () => {
    const fresh = await createTag(t.knex);
    const ok = await agentOf('coach')
      .post('/api/user/upsert')
      .send({ id: f.premium2.id, Tags: [{ id: fresh.id }], fullName: 'Nope' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user).toMatchObject({ id: f.premium2.id, fullName: `${M} Pedro`, Tags: [{ id: fresh.id }] });
    expect(ok.body.user).not.toHaveProperty('stripeStatus');
    expect(ok.body.user).not.toHaveProperty('stripeCustomerId');
    const before = await usersTableHash(t.knex);
    for (const [name, user] of Object.entries(others()).filter(([n]) => n !== 'premium')) {
      const res = await agentOf('coach')
        .post('/api/user/upsert')
        .send({ id: user.id, Tags: [{ id: fresh.id }] });
      expect(res.status, name).toBe(403);
    }
    expect(
      (
        await agentOf('coach')
          .post('/api/user/upsert')
          .send({ fullName: 'New', email: `${M}-new@example.test` })
      ).status,
    ).toBe(403);
    expect((await agentOf('coach').post('/api/user/upsert').send({ id: 2_147_483_000, Tags: [] })).status).toBe(404);
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('admin: everyone; members: only themselves; anonymous: 401', async () => {
    for (const [name, user] of Object.entries(others())) {
      const res = await agentOf('admin').post('/api/user/upsert').send({ id: user.id, city: 'Admin City' });
      expect(res.status, name).toBe(200);
    }
    for (const who of MEMBERS) {
      const before = await usersTableHash(t.knex);
      for (const [name, user] of Object.entries(others())) {
        expect(
          (await agentOf(who).post('/api/user/upsert').send({ id: user.id, city: 'X' })).status,
          `${who} ${name}`,
        ).toBe(403);
      }
      expect(await usersTableHash(t.knex)).toBe(before);
    }
    expect((await agentOf('anonymous').post('/api/user/upsert').send({ id: f.basic.id, city: 'X' })).status).toBe(401);
  });

  it.each(WHO.filter((w) => w !== 'anonymous'))('%s: may change their own profile', async (who) => {
    const res = await agentOf(who)
      .post('/api/user/upsert')
      .send({ id: selfOf(who).id, city: `Home of ${who}` });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ city: `Home of ${who}`, stripeStatus: 'active' });
  });
});

describe('DELETE /api/user/:id and the admin calls, per role', () => {
  it.each(WHO)('%s', async (who) => {
    const victim = await mk('premium', 'victim');
    const del = await agentOf(who).delete(`/api/user/${victim.id}`);
    expect(del.status).toBe(who === 'admin' ? 200 : who === 'anonymous' ? 401 : 403);
    const calls: Array<[string, () => supertest.Test]> = [
      [
        'upgrade-role',
        () =>
          agentOf(who)
            .post('/api/user/upgrade-role')
            .send({ users: [f.basic.id], newRole: 'basic' }),
      ],
      ['export', () => agentOf(who).get('/api/user/export')],
      [
        'validate-users-csv',
        () =>
          agentOf(who)
            .put('/api/user/validate-users-csv')
            .send({ userEmails: [f.basic.email] }),
      ],
      [
        'bulk-update',
        () =>
          agentOf(who)
            .put('/api/user/bulk-update')
            .send({ userEmails: [f.basic.email], tags: [f.tag], availableAction: 'add' }),
      ],
      [
        'import',
        () =>
          agentOf(who)
            .post('/api/user/import')
            .attach('file', Buffer.from(`email,fullName\n${f.basic.email},${M} Ben\n`), 'u.csv'),
      ],
      ['generate-test-user-csv', () => agentOf(who).get('/api/user/generate-test-user-csv')],
      ['generate-test-user-import-csv', () => agentOf(who).get('/api/user/generate-test-user-import-csv')],
      [
        'v2 add-tags',
        () =>
          agentOf(who)
            .post('/api/v2/user/add-tags')
            .send({ email: f.premium.email, tags: [f.tag] }),
      ],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(
        who === 'admin' ? 200 : who === 'anonymous' ? 401 : 403,
      );
    }
  });
});
