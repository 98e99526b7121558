import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { MEMBERS, scopeFixture, type ScopeFixture, type Who } from './users-scope-fixtures';

/**
 * Per role (docs/areas/users.md#who-may-do-what), on every read-many filter (role, stripeStatus, cityOrState, search, scope=community):
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
const idsOf = (body: { users: Array<{ id: number }> }) => body.users.map((u) => u.id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

describe('GET /api/user/read-many: every filter, per role', () => {
  it('anonymous: 401 for every filter', async () => {
    for (const q of ['', 'role=premium', 'stripeStatus=unpaid', 'cityOrState=x', `search=${M}`, 'scope=community']) {
      expect((await agentOf('anonymous').get(`/api/user/read-many?${q}`)).status, q).toBe(401);
    }
  });

  it('admin: everyone, with billing fields, and every filter', async () => {
    const get = async (q: string) =>
      (await agentOf('admin').get(`/api/user/read-many?search=${M}&usersPerPage=25&${q}`)).body;
    const all = await get('');
    expect(all.totalCount).toBe(12); // 7 fixtures and 5 signed-in actors
    expect(all.users.find((u: { id: number }) => u.id === f.premium.id)).toMatchObject({
      stripeStatus: 'active',
      stripeCustomerId: 'cus_secret_billing',
    });
    expect(idsOf(await get('role=basic'))).toEqual(sorted(f.basic.id, selfOf('basic').id));
    expect(idsOf(await get('role=admin'))).toEqual(sorted(f.otherAdmin.id, selfOf('admin').id));
    expect(idsOf(await get('stripeStatus=unpaid'))).toEqual([f.premium2.id]);
    expect(idsOf(await get('cityOrState=springf'))).toEqual(sorted(f.premium.id, f.basic.id));
    expect((await get('scope=community')).users.every((u: object) => !('email' in u))).toBe(true);
  });

  it('coach: premium members only, without billing fields; counts over premium members only', async () => {
    const res = await agentOf('coach').get(`/api/user/read-many?search=${M}&usersPerPage=25`);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(sorted(f.premium.id, f.premium2.id, selfOf('premium').id));
    expect(res.body).toMatchObject({ totalCount: 3, premiumCount: 3, basicCount: 0 });
    for (const u of res.body.users) {
      expect(u).not.toHaveProperty('stripeStatus');
      expect(u).not.toHaveProperty('stripeCustomerId');
      expect(u).toMatchObject({ role: 'premium', isAdmin: false });
    }
    expect(JSON.stringify(res.body)).not.toContain('cus_secret_billing');
    const priya = res.body.users.find((u: { id: number }) => u.id === f.premium.id);
    expect(priya).toMatchObject({ email: f.premium.email, Tags: [{ id: f.tag }] });

    // Without a search: the newest premium members of the whole database, counted the same way.
    const everyone = await agentOf('coach').get('/api/user/read-many?usersPerPage=25');
    const premiumMembers = await t
      .knex('users')
      .where({ role: 'premium', is_admin: false })
      .count<Array<{ n: number }>>('* as n');
    expect(everyone.body).toMatchObject({ totalCount: Number(premiumMembers[0]!.n), basicCount: 0 });
    expect(everyone.body.premiumCount).toBe(everyone.body.totalCount);
    expect(
      everyone.body.users.every((u: { role: string; isAdmin: boolean }) => u.role === 'premium' && !u.isAdmin),
    ).toBe(true);
  });

  it('coach: role premium, search (name or email) and city or state work within premium members', async () => {
    const get = async (q: string) => {
      const res = await agentOf('coach').get(`/api/user/read-many?${q}`);
      expect(res.status, q).toBe(200);
      return res.body;
    };
    expect(idsOf(await get(`search=${M}&role=premium&usersPerPage=25`))).toHaveLength(3);
    expect(idsOf(await get(`search=${M}-priya@`))).toEqual([f.premium.id]);
    expect(await get(`search=${M}-ben@`)).toMatchObject({ users: [], totalCount: 0, premiumCount: 0, basicCount: 0 });
    expect(idsOf(await get(`search=${M}&cityOrState=springfield`))).toEqual([f.premium.id]);
    expect((await get(`search=${encodeURIComponent(`${M} Sam`)}`)).totalCount).toBe(0); // switched admin
  });

  it('coach: any other role or a subscription status filter is a 403', async () => {
    for (const q of [
      'role=basic',
      'role=admin',
      'role=coach',
      'role=course%20only',
      'stripeStatus=unpaid',
      'stripeStatus=active&role=premium',
    ]) {
      const res = await agentOf('coach').get(`/api/user/read-many?search=${M}&${q}`);
      expect(res.status, q).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it('coach: scope=community is the members’ public directory (basic and premium, public fields only)', async () => {
    const res = await agentOf('coach').get(`/api/user/read-many?scope=community&search=${M}`);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { role: string }) => u.role).sort()).toEqual([
      'basic',
      'basic',
      'premium',
      'premium',
      'premium',
      'premium',
    ]);
    for (const u of res.body.users)
      expect(Object.keys(u).sort()).toEqual(['city', 'country', 'fullName', 'id', 'photoUrl', 'role', 'state']);
  });

  it.each(MEMBERS)('%s: the community search for every filter; never emails, billing or staff', async (who) => {
    for (const q of ['', 'role=premium', 'stripeStatus=unpaid', 'cityOrState=springfield', 'scope=community']) {
      const res = await agentOf(who).get(`/api/user/read-many?search=${M}&${q}`);
      expect(res.status, q).toBe(200);
      for (const u of res.body.users) {
        expect(['basic', 'premium']).toContain(u.role);
        expect(u).not.toHaveProperty('email');
        expect(u).not.toHaveProperty('stripeStatus');
      }
    }
    // The status filter is ignored for members: it cannot tell them who is unpaid.
    const unpaid = await agentOf(who).get(`/api/user/read-many?search=${M}&stripeStatus=unpaid`);
    const plain = await agentOf(who).get(`/api/user/read-many?search=${M}`);
    expect(unpaid.body.totalCount).toBe(plain.body.totalCount);
    expect((await agentOf(who).get(`/api/user/read-many?role=admin`)).status).toBe(400);
  });
});
