import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function as(role: Role) {
  const user = await createUser(t.knex, { role });
  return { user, agent: await signIn(t.agent(), user) };
}

/** A name fragment no other test uses, so each test searches only its own users. */
const marker = () => `cm${crypto.randomBytes(5).toString('hex')}`;

const PUBLIC_KEYS = ['city', 'country', 'fullName', 'id', 'photoUrl', 'role', 'state'];
const PRIVATE_KEYS = [
  'email',
  'phoneNumber',
  'stripeStatus',
  'stripeCustomerId',
  'Tags',
  'Resources',
  'alwaysGrantAccess',
  'isAdmin',
  'createdAt',
  'position',
];

/** One user of every role, all named with `m`. */
async function everyRole(m: string) {
  const tag = await createTag(t.knex);
  for (const role of ['basic', 'premium', 'course only', 'coach', 'admin'] as const) {
    await createUser(t.knex, {
      role,
      fullName: `${m} ${role}`,
      phoneNumber: '+1 555 0100',
      stripeStatus: 'active',
      stripeCustomerId: 'cus_secret',
      city: 'Austin',
      state: 'TX',
      tags: [tag.id],
    });
  }
}

describe('GET /api/user/read-many as the community search', () => {
  it.each(['basic', 'premium', 'course only'] as const)(
    'gives a %s member only basic and premium users, with public fields only',
    async (role) => {
      const m = marker();
      await everyRole(m);
      const { agent } = await as(role);
      const res = await agent.get(`/api/user/read-many?search=${m}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ totalCount: 2, premiumCount: 1, basicCount: 1 });
      expect(res.body.users.map((u: { role: string }) => u.role).sort()).toEqual(['basic', 'premium']);
      for (const u of res.body.users) {
        expect(Object.keys(u).sort()).toEqual(PUBLIC_KEYS);
        for (const key of PRIVATE_KEYS) expect(u).not.toHaveProperty(key);
      }
      expect(JSON.stringify(res.body)).not.toContain('cus_secret');
      expect(JSON.stringify(res.body)).not.toContain('555 0100');
    },
  );

  it('does not match email addresses in a member search', async () => {
    const m = marker();
    await createUser(t.knex, { role: 'basic', email: `${m}@hidden.test`, fullName: 'Quiet Person' });
    const { agent } = await as('premium');
    expect((await agent.get(`/api/user/read-many?search=${m}`)).body.totalCount).toBe(0);
    expect(
      (await agent.get(`/api/user/read-many?search=${encodeURIComponent(`${m}@hidden.test`)}`)).body.totalCount,
    ).toBe(0);
  });

  it('filters members by role basic or premium and by city or state', async () => {
    const m = marker();
    await createUser(t.knex, { role: 'basic', fullName: `${m} one`, city: 'Springfield', state: 'IL' });
    await createUser(t.knex, { role: 'premium', fullName: `${m} two`, city: 'Portland', state: 'OR' });
    await createUser(t.knex, { role: 'premium', fullName: `${m} three`, city: null, state: 'Illinois' });
    const { agent } = await as('basic');
    const premium = await agent.get(`/api/user/read-many?search=${m}&role=premium`);
    expect(premium.body).toMatchObject({ totalCount: 2, premiumCount: 2, basicCount: 0 });
    const il = await agent.get(`/api/user/read-many?search=${m}&cityOrState=il`);
    expect(il.body.users.map((u: { fullName: string }) => u.fullName).sort()).toEqual([`${m} one`, `${m} three`]);
    const city = await agent.get(`/api/user/read-many?search=${m}&cityOrState=PORTL`);
    expect(city.body.users.map((u: { fullName: string }) => u.fullName)).toEqual([`${m} two`]);
  });

  it.each(['coach', 'admin', 'course only'])('answers 400 when a member filters by role %s', async (role) => {
    const { agent } = await as('premium');
    expect((await agent.get(`/api/user/read-many?role=${encodeURIComponent(role)}`)).status).toBe(400);
  });

  it('ignores a member stripeStatus filter, so nobody can find out who is unpaid', async () => {
    const m = marker();
    await createUser(t.knex, { role: 'basic', fullName: `${m} paid`, stripeStatus: 'active' });
    await createUser(t.knex, {
      role: 'basic',
      fullName: `${m} late`,
      stripeStatus: 'past_due',
      alwaysGrantAccess: true,
    });
    const { agent } = await as('basic');
    const res = await agent.get(`/api/user/read-many?search=${m}&stripeStatus=past_due`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
  });

  it('pages the community by 15 by default', async () => {
    const m = marker();
    for (let i = 0; i < 16; i += 1)
      await createUser(t.knex, { role: i % 2 ? 'basic' : 'premium', fullName: `${m} ${i}` });
    const { agent } = await as('course only');
    const first = await agent.get(`/api/user/read-many?search=${m}`);
    expect(first.body.users).toHaveLength(15);
    expect(first.body.totalCount).toBe(16);
    const second = await agent.get(`/api/user/read-many?search=${m}&page=2`);
    expect(second.body.users).toHaveLength(1);
  });

  it.each(['admin', 'coach'] as const)('gives a %s the same community view with scope=community', async (role) => {
    const m = marker();
    await everyRole(m);
    const { agent } = await as(role);
    const res = await agent.get(`/api/user/read-many?scope=community&search=${m}`);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    for (const u of res.body.users) expect(Object.keys(u).sort()).toEqual(PUBLIC_KEYS);
    expect((await agent.get('/api/user/read-many?scope=everything')).status).toBe(400);
  });

  it('requires a session', async () => {
    expect((await t.request().get('/api/user/read-many?scope=community')).status).toBe(401);
  });

  it('refuses a member whose subscription is blocked', async () => {
    const user = await createUser(t.knex, { role: 'premium', stripeStatus: 'unpaid' });
    const agent = t.agent();
    await agent.post('/api/auth/signin').send({ email: user.email, password: user.password });
    const res = await agent.get('/api/user/read-many');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('subscription_blocked');
  });
});
