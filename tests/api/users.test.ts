import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn, type UserFactoryInput } from '../helpers/factories';
import { verifyPassword } from '../../api/src/core/password';
import { userListQueries } from '../../api/src/features/users/service';
import { userListQuerySchema } from '../../shared/src/schemas';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function as(role: Role, extra: UserFactoryInput = {}) {
  const user = await createUser(t.knex, { role, ...extra });
  return { user, agent: await signIn(t.agent(), user) };
}
const userRow = (id: number) => t.knex('users').where({ id }).first();
const tagIdsOf = async (id: number) =>
  ((await t.knex('user_tags').where({ user_id: id }).orderBy('tag_id')) as Array<{ tag_id: number }>).map(
    (r) => r.tag_id,
  );
/** A name fragment no other test uses, so each test searches only its own users. */
const marker = () => `zq${crypto.randomBytes(5).toString('hex')}`;
const uniqueEmail = (prefix = 'u') => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
const MEMBER_ROLES = ['premium', 'course only', 'basic'] as const;
const NON_ADMIN_ROLES = ['coach', ...MEMBER_ROLES] as const;

describe('GET /api/user/read-many (User Dashboard)', () => {
  it('returns 401 without a session', async () => {
    expect((await t.request().get('/api/user/read-many')).status).toBe(401);
  });

  // A coach's list (premium members only, no billing fields) is in users-coach-scope.test.ts.
  it.each(['admin'] as const)('gives an %s full users with tags and counts over the whole match', async (role) => {
    const m = marker();
    const tag = await createTag(t.knex);
    for (let i = 0; i < 7; i += 1) {
      await createUser(t.knex, {
        role: i < 3 ? 'premium' : 'basic',
        fullName: `${m} ${i}`,
        tags: [tag.id],
        phoneNumber: '555',
      });
    }
    await createUser(t.knex, { role: 'coach', fullName: `${m} coach` });
    const { agent } = await as(role);
    const res = await agent.get(`/api/user/read-many?search=${m}&usersPerPage=5&page=1`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 8, premiumCount: 3, basicCount: 4 });
    expect(res.body.users).toHaveLength(5);
    const member = res.body.users.find((u: { role: string }) => u.role !== 'coach');
    expect(member).toMatchObject({ phoneNumber: '555', Tags: [{ id: tag.id, name: tag.name }], Resources: [] });
    expect(member.email).toMatch(/@example\.test$/);
    for (const u of res.body.users) {
      expect(u).not.toHaveProperty('password_hash');
      expect(u).not.toHaveProperty('passwordHash');
    }
  });

  it('pages with page and usersPerPage, newest first then by id, and defaults to 10', async () => {
    const m = marker();
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // Two users share each creation time, so the id breaks the tie.
      const createdAt = new Date(Date.UTC(2024, 0, 1 + Math.floor(i / 2)));
      ids.push((await createUser(t.knex, { fullName: `${m} ${i}`, createdAt })).id);
    }
    const expected = [...ids].reverse();
    const { agent } = await as('admin');
    const byFive = async (page: number) =>
      (await agent.get(`/api/user/read-many?search=${m}&usersPerPage=5&page=${page}`)).body.users.map(
        (u: { id: number }) => u.id,
      );
    expect([...(await byFive(1)), ...(await byFive(2)), ...(await byFive(3))]).toEqual(expected);
    expect(await byFive(4)).toEqual([]);
    const byDefault = await agent.get(`/api/user/read-many?search=${m}`);
    expect(byDefault.body.users).toHaveLength(10);
    expect(byDefault.body.totalCount).toBe(12);
    const byTwentyFive = await agent.get(`/api/user/read-many?search=${m}&usersPerPage=25`);
    expect(byTwentyFive.body.users).toHaveLength(12);
  });

  it('filters by role, stripeStatus and city or state', async () => {
    const m = marker();
    await createUser(t.knex, {
      role: 'premium',
      fullName: `${m} a`,
      city: 'Springfield',
      stripeStatus: 'unpaid',
      alwaysGrantAccess: true,
    });
    await createUser(t.knex, {
      role: 'premium',
      fullName: `${m} b`,
      city: 'Shelbyville',
      state: 'KY',
      stripeStatus: 'active',
    });
    await createUser(t.knex, {
      role: 'basic',
      fullName: `${m} c`,
      state: 'Springfield County',
      stripeStatus: 'active',
    });
    await createUser(t.knex, { role: 'coach', fullName: `${m} d` });
    const { agent } = await as('admin');
    const get = async (q: string) => (await agent.get(`/api/user/read-many?search=${m}&${q}`)).body;
    expect(await get('role=premium')).toMatchObject({ totalCount: 2, premiumCount: 2, basicCount: 0 });
    expect(await get('role=coach')).toMatchObject({ totalCount: 1, premiumCount: 0, basicCount: 0 });
    expect(await get('stripeStatus=unpaid')).toMatchObject({ totalCount: 1 });
    expect(await get('cityOrState=SPRINGF')).toMatchObject({ totalCount: 2, premiumCount: 1, basicCount: 1 });
    expect(await get('cityOrState=ky')).toMatchObject({ totalCount: 1 });
    expect(await get('role=premium&cityOrState=springfield')).toMatchObject({ totalCount: 1 });
  });

  it('searches name and email case-insensitively and treats % and _ literally', async () => {
    const m = marker();
    const byEmail = await createUser(t.knex, {
      role: 'premium',
      email: `${m}_box@haystack.test`,
      fullName: 'Someone Else',
    });
    const byName = await createUser(t.knex, { role: 'premium', fullName: `Ada ${m.toUpperCase()} Lovelace` });
    const { agent } = await as('coach');
    const ids = async (search: string) =>
      (await agent.get(`/api/user/read-many?search=${encodeURIComponent(search)}`)).body.users.map(
        (u: { id: number }) => u.id,
      );
    expect((await ids(m)).sort()).toEqual([byEmail.id, byName.id].sort());
    expect(await ids(`${m}_box`)).toEqual([byEmail.id]);
    expect(await ids(`${m}xbox`)).toEqual([]); // _ is not a wildcard
    const pct = await agent.get('/api/user/read-many?search=%25%25%25');
    expect(pct.status).toBe(200);
    expect(pct.body.totalCount).toBe(0);
    expect((await agent.get(`/api/user/read-many?search=${encodeURIComponent('\\')}`)).status).toBe(200);
  });

  it('answers 400 for a page size outside the options, a bad page, a repeated parameter or an unknown role', async () => {
    const { agent } = await as('admin');
    for (const q of [
      'usersPerPage=100000',
      'usersPerPage=0',
      'usersPerPage=7',
      'page=0',
      'page=-1',
      'page=abc',
      'page=1e9',
      'page=1&page=2',
      'search=a&search=b',
      'role=superuser',
      `search=${'x'.repeat(201)}`,
    ]) {
      const res = await agent.get(`/api/user/read-many?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe('validation_failed');
    }
    expect((await agent.get('/api/user/read-many?page=&usersPerPage=&role=')).status).toBe(200);
  });

  it('runs the same small number of SQL queries for 5 and for 25 users per page', async () => {
    const { agent } = await as('admin');
    for (let i = 0; i < 25; i += 1) {
      const tags = [(await createTag(t.knex)).id, (await createTag(t.knex)).id];
      await createUser(t.knex, { tags });
    }
    const count = async (size: number) => {
      await agent.get('/api/auth/me'); // session touch happens here, not in the measured request
      let n = 0;
      const listener = () => (n += 1);
      t.knex.on('query', listener);
      const res = await agent.get(`/api/user/read-many?usersPerPage=${size}`);
      t.knex.off('query', listener);
      expect(res.body.users).toHaveLength(size);
      expect(res.body.users.every((u: { Tags: unknown[] }) => Array.isArray(u.Tags))).toBe(true);
      return n;
    };
    const five = await count(5);
    const twentyFive = await count(25);
    expect(twentyFive).toBe(five);
    expect(five).toBeLessThanOrEqual(4); // session, session user, counts, page
  });

  it('lets the trigram indexes serve name, email and city/state search', async () => {
    const plan = async (query: Record<string, string>, community = false) =>
      t.knex.transaction(async (trx) => {
        await trx.raw('set local enable_seqscan = off');
        await trx.raw('set local enable_indexscan = off');
        const { counts } = userListQueries(trx, userListQuerySchema.cast(query), { community });
        const { sql, bindings } = counts.toSQL();
        const result = await trx.raw<{ rows: Array<Record<string, string>> }>(`explain ${sql}`, bindings);
        return result.rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const search = await plan({ search: 'lovelace' });
    expect(search).toContain('users_full_name_trgm');
    expect(search).toContain('users_email_trgm');
    expect(await plan({ cityOrState: 'springfield' })).toContain('users_city_state_trgm');
  });
});

describe('GET /api/user/:id', () => {
  it('returns 401 without a session', async () => {
    expect((await t.request().get('/api/user/1')).status).toBe(401);
  });

  it.each(['admin', 'coach'] as const)('lets a %s read a premium member, with tags', async (role) => {
    const tag = await createTag(t.knex);
    const other = await createUser(t.knex, { role: 'premium', tags: [tag.id] });
    const res = await (await as(role)).agent.get(`/api/user/${other.id}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: other.id, email: other.email, Tags: [{ id: tag.id }], Resources: [] });
  });

  it.each(MEMBER_ROLES)('lets a %s member read only themselves', async (role) => {
    const { user, agent } = await as(role);
    const other = await createUser(t.knex);
    const self = await agent.get(`/api/user/${user.id}`);
    expect(self.status).toBe(200);
    expect(self.body.user).toMatchObject({ id: user.id, email: user.email });
    expect((await agent.get(`/api/user/${other.id}`)).status).toBe(403);
    expect((await agent.get('/api/user/2147483000')).status).toBe(403); // missing: no enumeration
  });

  it('answers 404 for a missing user and 400 for a non-numeric id', async () => {
    const { agent } = await as('admin');
    expect((await agent.get('/api/user/2147483000')).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '1e3']) {
      expect((await agent.get(`/api/user/${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('DELETE /api/user/:id', () => {
  it('returns 401 without a session', async () => {
    const victim = await createUser(t.knex);
    expect((await t.request().delete(`/api/user/${victim.id}`)).status).toBe(401);
  });

  it.each(NON_ADMIN_ROLES)('answers 403 when a %s deletes a user', async (role) => {
    const victim = await createUser(t.knex);
    expect((await (await as(role)).agent.delete(`/api/user/${victim.id}`)).status).toBe(403);
    expect(await userRow(victim.id)).toBeTruthy();
  });

  it('answers 403 when an admin deletes themselves', async () => {
    const { user, agent } = await as('admin');
    expect((await agent.delete(`/api/user/${user.id}`)).status).toBe(403);
    expect((await agent.get('/api/auth/me')).status).toBe(200);
  });

  it('lets an admin delete a user, which ends their sessions and is audited', async () => {
    const tag = await createTag(t.knex);
    const victim = await createUser(t.knex, { tags: [tag.id] });
    const victimAgent = await signIn(t.agent(), victim);
    const { user: admin, agent } = await as('admin');
    const res = await agent.delete(`/api/user/${victim.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect((await victimAgent.get('/api/auth/me')).status).toBe(401);
    expect(await userRow(victim.id)).toBeUndefined();
    expect(await t.knex('sessions').where({ user_id: victim.id })).toHaveLength(0);
    expect(await t.knex('user_tags').where({ user_id: victim.id })).toHaveLength(0);
    const audit = await t.knex('audit_log').where({ action: 'user.delete', actor_id: admin.id });
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toMatchObject({ userId: victim.id });
  });

  it('answers 404 for a missing user and 400 for a bad id', async () => {
    const { agent } = await as('admin');
    expect((await agent.delete('/api/user/2147483000')).status).toBe(404);
    expect((await agent.delete('/api/user/abc')).status).toBe(400);
  });
});

describe('POST /api/user/upsert: creating', () => {
  it('returns 401 without a session', async () => {
    expect((await t.request().post('/api/user/upsert').send({ fullName: 'X', email: uniqueEmail() })).status).toBe(401);
  });

  it('lets an admin create a user with tags, role basic by default, and audits it', async () => {
    const { user: admin, agent } = await as('admin');
    const tag = await createTag(t.knex);
    const email = uniqueEmail('created');
    const res = await agent.post('/api/user/upsert').send({
      fullName: '  Made By Admin ',
      email,
      password: 'a-long-password',
      Tags: [{ id: tag.id, name: tag.name }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isNew: true,
      user: { fullName: 'Made By Admin', email, role: 'basic', isAdmin: false, Tags: [{ id: tag.id, name: tag.name }] },
    });
    const row = await userRow(res.body.user.id);
    expect(await verifyPassword(row.password_hash, 'a-long-password')).toBe(true);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const audit = await t
      .knex('audit_log')
      .where({ action: 'user.create', actor_id: admin.id, target_user_id: row.id });
    expect(audit).toHaveLength(1);
    expect(audit[0].details.fields).toEqual(expect.arrayContaining(['fullName', 'email', 'Tags', 'password']));
    expect(JSON.stringify(audit[0].details)).not.toContain('a-long-password');
  });

  it('lets an admin create an account without a password, which has no usable password until reset', async () => {
    const { agent } = await as('admin');
    const res = await agent
      .post('/api/user/upsert')
      .send({ fullName: 'No Password', email: uniqueEmail(), role: 'premium', password: '' });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('premium');
    expect((await userRow(res.body.user.id)).password_hash).toBeNull();
  });

  it('reports a duplicate email under users_email, whatever its case', async () => {
    const { agent } = await as('admin');
    const existing = await createUser(t.knex);
    const dup = await agent.post('/api/user/upsert').send({ fullName: 'Again', email: existing.email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields).toEqual({ users_email: 'This email address is already in use' });
    const other = await createUser(t.knex);
    const onUpdate = await agent
      .post('/api/user/upsert')
      .send({ id: other.id, fullName: 'Other', email: ` ${existing.email} ` });
    expect(onUpdate.status).toBe(409);
    expect(onUpdate.body.error.fields).toEqual({ users_email: 'This email address is already in use' });
  });

  it('words field errors as the spec does', async () => {
    const { agent } = await as('admin');
    const empty = await agent.post('/api/user/upsert').send({ fullName: '   ', email: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({
      fullName: 'This field cannot be empty',
      users_email: 'This field cannot be empty',
    });
    const missing = await agent.post('/api/user/upsert').send({});
    expect(missing.body.error.fields).toEqual({
      fullName: 'This field cannot be empty',
      users_email: 'This field cannot be empty',
    });
    const short = await agent.post('/api/user/upsert').send({ fullName: 'X', email: uniqueEmail(), password: 'short' });
    expect(short.body.error.fields).toEqual({ password: 'Password must be at least 8 characters' });
    const badEmail = await agent.post('/api/user/upsert').send({ fullName: 'X', email: 'not-an-email' });
    expect(badEmail.body.error.fields).toEqual({ users_email: 'Please enter a valid email address' });
  });

  it.each(NON_ADMIN_ROLES)('answers 403 when a %s creates a user', async (role) => {
    const { agent } = await as(role);
    const email = uniqueEmail();
    const res = await agent.post('/api/user/upsert').send({ fullName: 'New', email, password: 'a-long-password' });
    expect(res.status).toBe(403);
    expect(await t.knex('users').whereRaw('lower(email) = ?', [email])).toHaveLength(0);
  });
});

describe('POST /api/user/upsert: updating', () => {
  it('lets an admin change every admin field, ending all of the user sessions', async () => {
    const { user: admin, agent } = await as('admin');
    const [keep, add] = [await createTag(t.knex), await createTag(t.knex)];
    const target = await createUser(t.knex, { role: 'basic', tags: [keep.id] });
    const targetAgent = await signIn(t.agent(), target);
    const email = uniqueEmail('renamed');
    const photoUrl = '/uploads/0b7e2d9c-3f4a-4b1e-9a53-1c2d3e4f5a6b.png';
    const res = await agent.post('/api/user/upsert').send({
      id: target.id,
      fullName: 'Renamed',
      email,
      password: 'admin-set-password',
      role: 'premium',
      alwaysGrantAccess: true,
      city: 'Reno',
      state: 'NV',
      country: 'USA',
      phoneNumber: '+1 775 0100',
      photoUrl,
      position: 3,
      Tags: [{ id: keep.id }, { id: add.id }],
      Resources: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.isNew).toBe(false);
    expect(res.body.user).toMatchObject({
      id: target.id,
      fullName: 'Renamed',
      email,
      role: 'premium',
      alwaysGrantAccess: true,
      city: 'Reno',
      state: 'NV',
      country: 'USA',
      phoneNumber: '+1 775 0100',
      photoUrl,
      position: 3,
      isAdmin: false,
    });
    expect(await tagIdsOf(target.id)).toEqual([keep.id, add.id].sort((a, b) => a - b));
    expect(await verifyPassword((await userRow(target.id)).password_hash, 'admin-set-password')).toBe(true);
    expect((await targetAgent.get('/api/auth/me')).status).toBe(401);
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    const audit = await t
      .knex('audit_log')
      .where({ action: 'user.update', actor_id: admin.id, target_user_id: target.id });
    expect(audit).toHaveLength(1);
    expect([...audit[0].details.fields].sort()).toEqual(
      [
        'Tags',
        'alwaysGrantAccess',
        'city',
        'country',
        'email',
        'fullName',
        'password',
        'phoneNumber',
        'photoUrl',
        'position',
        'role',
        'state',
      ].sort(),
    );
    expect(JSON.stringify(audit[0].details)).not.toContain('admin-set-password');
  });

  it('never lets anyone, not even an admin, write isAdmin, stripeStatus, stripeCustomerId or createdAt', async () => {
    const { agent } = await as('admin');
    const target = await createUser(t.knex, { role: 'basic', stripeStatus: 'canceled', stripeCustomerId: 'cus_real' });
    const before = await userRow(target.id);
    const res = await agent.post('/api/user/upsert').send({
      id: target.id,
      fullName: 'Still Basic',
      isAdmin: true,
      stripeStatus: 'active',
      stripeCustomerId: 'cus_evil',
      createdAt: '2001-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(200);
    const after = await userRow(target.id);
    expect(after).toMatchObject({
      full_name: 'Still Basic',
      is_admin: false,
      stripe_status: 'canceled',
      stripe_customer_id: 'cus_real',
    });
    expect(new Date(after.created_at).toISOString()).toBe(new Date(before.created_at).toISOString());
  });

  it('makes isAdmin follow a role change: demoting an admin ends their admin rights', async () => {
    const { agent } = await as('admin');
    const other = await createUser(t.knex, { role: 'admin' });
    const otherAgent = await signIn(t.agent(), other);
    const demoted = await agent
      .post('/api/user/upsert')
      .send({ id: other.id, fullName: 'Former Admin', role: 'basic' });
    expect(demoted.body.user).toMatchObject({ role: 'basic', isAdmin: false });
    const again = await signIn(t.agent(), other);
    expect((await again.post('/api/auth/switch-role').send({ role: 'admin' })).status).toBe(403);
    expect((await otherAgent.get('/api/auth/me')).status).toBe(401);
    const promoted = await agent
      .post('/api/user/upsert')
      .send({ id: other.id, fullName: 'Admin Again', role: 'admin' });
    expect(promoted.body.user).toMatchObject({ role: 'admin', isAdmin: true });
  });

  it('lets a coach change only the Tags of another user, and audits it', async () => {
    const { user: coach, agent } = await as('coach');
    const old = await createTag(t.knex);
    const fresh = await createTag(t.knex);
    const target = await createUser(t.knex, {
      role: 'premium',
      fullName: 'Keep Me',
      city: 'Old City',
      tags: [old.id],
      stripeCustomerId: 'cus_keep',
    });
    const before = await userRow(target.id);
    const res = await agent.post('/api/user/upsert').send({
      id: target.id,
      fullName: 'Changed',
      email: uniqueEmail(),
      password: 'coach-set-password',
      role: 'admin',
      isAdmin: true,
      alwaysGrantAccess: true,
      city: 'New City',
      state: 'X',
      country: 'Y',
      phoneNumber: '1',
      photoUrl: '',
      position: 9,
      stripeStatus: 'active',
      stripeCustomerId: 'cus_evil',
      Tags: [{ id: fresh.id }],
    });
    expect(res.status).toBe(200);
    expect(res.body.user.Tags).toEqual([{ id: fresh.id, name: fresh.name }]);
    expect(await userRow(target.id)).toEqual(before);
    expect(await tagIdsOf(target.id)).toEqual([fresh.id]);
    const audit = await t
      .knex('audit_log')
      .where({ action: 'user.update', actor_id: coach.id, target_user_id: target.id });
    expect(audit.map((a) => a.details.fields)).toEqual([['Tags']]);
  });

  it.each(MEMBER_ROLES)('lets a %s member update their own profile fields, without an audit row', async (role) => {
    const { user, agent } = await as(role, { city: 'Before' });
    const photoUrl = '/uploads/1b7e2d9c-3f4a-4b1e-9a53-1c2d3e4f5a6b.webp';
    const res = await agent.post('/api/user/upsert').send({
      id: user.id,
      fullName: 'Me Myself',
      city: 'Oslo',
      state: '',
      country: 'Norway',
      phoneNumber: '+47 1234',
      photoUrl,
      email: user.email,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isNew: false,
      user: {
        id: user.id,
        fullName: 'Me Myself',
        city: 'Oslo',
        state: null,
        country: 'Norway',
        phoneNumber: '+47 1234',
        photoUrl,
        role,
      },
    });
    expect(await t.knex('audit_log').where({ target_user_id: user.id })).toHaveLength(0);
  });

  it('lets a member send only the fields they change (a partial update)', async () => {
    const { user, agent } = await as('basic', { fullName: 'Partial Person', city: 'Lima' });
    const res = await agent.post('/api/user/upsert').send({ id: user.id, country: 'Peru' });
    expect(res.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ full_name: 'Partial Person', city: 'Lima', country: 'Peru' });
    const emptied = await agent.post('/api/user/upsert').send({ id: user.id, fullName: '' });
    expect(emptied.status).toBe(400);
    expect(emptied.body.error.fields).toEqual({ fullName: 'This field cannot be empty' });
  });

  /** docs/security.md: 8 privileged fields x 4 non-admin roles, 0 persisted. */
  const PRIVILEGED: Array<[string, (tagId: number) => unknown]> = [
    ['role', () => 'admin'],
    ['isAdmin', () => true],
    ['alwaysGrantAccess', () => true],
    ['stripeStatus', () => 'active'],
    ['stripeCustomerId', () => 'cus_evil'],
    ['email', () => uniqueEmail('hijack')],
    ['Tags', (tagId) => [{ id: tagId }]],
    ['createdAt', () => '2001-01-01T00:00:00.000Z'],
  ];
  const CELLS = NON_ADMIN_ROLES.flatMap((role) => PRIVILEGED.map(([field, value]) => [field, role, value] as const));

  it.each(CELLS)('ignores %s sent by a %s about themselves', async (field, role, value) => {
    const { user, agent } = await as(role, { stripeStatus: 'canceled', stripeCustomerId: 'cus_real' });
    const tag = await createTag(t.knex);
    const before = await userRow(user.id);
    const res = await agent
      .post('/api/user/upsert')
      .send({ id: user.id, city: 'Allowed City', [field]: value(tag.id) });
    expect(res.status).toBe(200);
    expect(await userRow(user.id)).toEqual({ ...before, city: 'Allowed City', updated_at: expect.anything() });
    expect(await tagIdsOf(user.id)).toEqual([]);
  });

  // The JSON body parser refuses a body with a __proto__ key outright (400); constructor.prototype
  // gets through to the handler. Either way nothing privileged may change and no prototype is polluted.
  it.each(NON_ADMIN_ROLES)('gives __proto__ and constructor.prototype keys sent by a %s no effect', async (role) => {
    const { user, agent } = await as(role);
    const before = await userRow(user.id);
    const send = (raw: string) => agent.post('/api/user/upsert').set('Content-Type', 'application/json').send(raw);
    const proto = await send(
      `{"id":${user.id},"city":"Proto City","__proto__":{"role":"admin","isAdmin":true,"alwaysGrantAccess":true}}`,
    );
    expect([200, 400]).toContain(proto.status);
    const ctor = await send(
      `{"id":${user.id},"city":"Ctor City","constructor":{"prototype":{"role":"admin","isAdmin":true}}}`,
    );
    expect(ctor.status).toBe(200);
    expect(await userRow(user.id)).toEqual({ ...before, city: 'Ctor City', updated_at: expect.anything() });
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('gives __proto__ keys sent by an admin no effect either', async () => {
    const { agent } = await as('admin');
    const target = await createUser(t.knex, { role: 'basic' });
    const body = `{"id":${target.id},"fullName":"Proto","__proto__":{"role":"admin","isAdmin":true}}`;
    const res = await agent.post('/api/user/upsert').set('Content-Type', 'application/json').send(body);
    expect([200, 400]).toContain(res.status);
    expect(await userRow(target.id)).toMatchObject({ role: 'basic', is_admin: false });
  });

  it.each(MEMBER_ROLES)('answers 403 when a %s member edits another user, and changes nothing', async (role) => {
    const { agent } = await as(role);
    const other = await createUser(t.knex, { role: 'basic', fullName: 'Not Yours' });
    const before = await userRow(other.id);
    for (const body of [
      { id: other.id, fullName: 'Hacked' },
      { id: String(other.id), city: 'Hacked' },
      { id: other.id, Tags: [] },
    ]) {
      expect((await agent.post('/api/user/upsert').send(body)).status).toBe(403);
    }
    expect((await agent.post('/api/user/upsert').send({ id: 2147483000, fullName: 'Ghost' })).status).toBe(403);
    expect(await userRow(other.id)).toEqual(before);
  });

  it('answers 404 to an admin for a missing user', async () => {
    const { agent } = await as('admin');
    expect((await agent.post('/api/user/upsert').send({ id: 2147483000, fullName: 'Ghost' })).status).toBe(404);
  });

  it('replaces the tag set, ignoring duplicate and unknown tag ids', async () => {
    const { agent } = await as('admin');
    const [a, b, c] = [await createTag(t.knex), await createTag(t.knex), await createTag(t.knex)];
    const target = await createUser(t.knex, { tags: [a.id, b.id] });
    const res = await agent
      .post('/api/user/upsert')
      .send({ id: target.id, Tags: [{ id: c.id }, { id: c.id }, { id: 2147483000 }] });
    expect(res.status).toBe(200);
    expect(res.body.user.Tags).toEqual([{ id: c.id, name: c.name }]);
    expect(await tagIdsOf(target.id)).toEqual([c.id]);
    await agent.post('/api/user/upsert').send({ id: target.id, Tags: [] });
    expect(await tagIdsOf(target.id)).toEqual([]);
    await agent.post('/api/user/upsert').send({ id: target.id, city: 'No Tags Sent' });
    expect(await tagIdsOf(target.id)).toEqual([]);
  });

  it('changes nothing at all when part of the update fails (one transaction)', async () => {
    const { agent } = await as('admin');
    const tag = await createTag(t.knex);
    const taken = await createUser(t.knex);
    const target = await createUser(t.knex, { fullName: 'Untouched' });
    const res = await agent
      .post('/api/user/upsert')
      .send({ id: target.id, fullName: 'Touched', email: taken.email, Tags: [{ id: tag.id }] });
    expect(res.status).toBe(409);
    expect((await userRow(target.id)).full_name).toBe('Untouched');
    expect(await tagIdsOf(target.id)).toEqual([]);
    expect(await t.knex('audit_log').where({ target_user_id: target.id })).toHaveLength(0);
  });

  it('revokes the other sessions when members change their password, keeping the current one', async () => {
    const user = await createUser(t.knex);
    const first = await signIn(t.agent(), user);
    const second = await signIn(t.agent(), user);
    const res = await first.post('/api/user/upsert').send({ id: user.id, password: 'a-new-password-1' });
    expect(res.status).toBe(200);
    expect((await first.get('/api/auth/me')).status).toBe(200);
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect(await verifyPassword((await userRow(user.id)).password_hash, 'a-new-password-1')).toBe(true);
  });

  it('leaves sessions and password alone when a member saves without a password', async () => {
    const user = await createUser(t.knex);
    const first = await signIn(t.agent(), user);
    const second = await signIn(t.agent(), user);
    const hash = (await userRow(user.id)).password_hash;
    expect((await first.post('/api/user/upsert').send({ id: user.id, fullName: 'Same', password: '' })).status).toBe(
      200,
    );
    expect((await second.get('/api/auth/me')).status).toBe(200);
    expect((await userRow(user.id)).password_hash).toBe(hash);
  });

  it('accepts only photos stored by the portal', async () => {
    const { user, agent } = await as('basic');
    for (const photoUrl of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      '/uploads/../secret.png',
      '/uploads/x.svg',
    ]) {
      const bad = await agent.post('/api/user/upsert').send({ id: user.id, photoUrl });
      expect(bad.status, photoUrl).toBe(400);
      expect(bad.body.error.fields.photoUrl, photoUrl).toBeTruthy();
    }
    const own = `${t.config.publicUrl}/uploads/2b7e2d9c-3f4a-4b1e-9a53-1c2d3e4f5a6b.jpg`;
    expect((await agent.post('/api/user/upsert').send({ id: user.id, photoUrl: own })).status).toBe(200);
    const cleared = await agent.post('/api/user/upsert').send({ id: user.id, photoUrl: null });
    expect(cleared.body.user.photoUrl).toBeNull();
  });

  it('keeps an unchanged older photo that the profile form sends back', async () => {
    const { user, agent } = await as('premium');
    await t.knex('users').where({ id: user.id }).update({ photo_url: 'https://cdn.example/legacy.png' });
    const res = await agent
      .post('/api/user/upsert')
      .send({ id: user.id, city: 'Kept', photoUrl: 'https://cdn.example/legacy.png' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ city: 'Kept', photoUrl: 'https://cdn.example/legacy.png' });
  });

  it('answers wrong types, huge strings and odd bodies with 400, never 500', async () => {
    const { user, agent } = await as('admin');
    for (const body of [
      { id: 'abc', fullName: 'x', email: 'a@b.cd' },
      { id: {}, fullName: 'x' },
      { id: true, fullName: 'x' },
      { id: 1e20, fullName: 'ok' },
      { id: -3, fullName: 'ok' },
      { id: user.id, fullName: ['array'] },
      { id: user.id, fullName: { nested: 1 } },
      { id: user.id, fullName: 'x'.repeat(10_000) },
      { id: user.id, city: 'x'.repeat(201) },
      { id: user.id, phoneNumber: '1'.repeat(51) },
      { id: user.id, email: `${'a'.repeat(300)}@example.test` },
      { id: user.id, password: 'p'.repeat(129) },
      { id: user.id, role: 'superuser' },
      { id: user.id, alwaysGrantAccess: 'maybe' },
      { id: user.id, position: -1 },
      { id: user.id, Tags: 'nope' },
      { id: user.id, Tags: [{ id: -1 }] },
      { id: user.id, Tags: [{ id: 'x' }] },
      { id: user.id, Tags: [5] },
    ]) {
      const res = await agent.post('/api/user/upsert').send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    for (const raw of ['[]', '"text"', '123', 'null']) {
      const res = await agent.post('/api/user/upsert').set('Content-Type', 'application/json').send(raw);
      expect([400, 403], raw).toContain(res.status);
    }
    const nul = await agent.post('/api/user/upsert').send({ id: user.id, fullName: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.error.fields).toEqual({ fullName: 'Invalid character' });
    expect((await agent.get('/api/user/read-many?search=%00')).status).toBe(400);
    const member = await as('basic');
    const huge = await member.agent
      .post('/api/user/upsert')
      .send({ id: member.user.id, fullName: 'x'.repeat(100_000) });
    expect(huge.status).toBe(400);
  });
});
