import crypto from 'node:crypto';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn, type UserFactoryInput } from '../helpers/factories';
import { injectFault, usersTableHash } from '../helpers/users-admin';
import { USER_ADMIN_RATE_LIMITS } from '../../api/src/features/users/guards';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const uniqueEmail = (prefix = 'u') => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
async function as(role: Role, extra: UserFactoryInput = {}) {
  const user = await createUser(t.knex, { role, ...extra });
  return { user, agent: await signIn(t.agent(), user) };
}
const roleOf = async (id: number) => ((await t.knex('users').where({ id }).first()) as { role: string }).role;

type Principal = 'anonymous' | 'basic' | 'course only' | 'premium' | 'coach' | 'admin' | 'admin switched to basic';
const PRINCIPALS: Principal[] = [
  'anonymous',
  'basic',
  'course only',
  'premium',
  'coach',
  'admin',
  'admin switched to basic',
];

/** Every user-administration call, with a request an admin may make. */
const OPERATIONS: Record<string, (agent: supertest.Agent) => supertest.Test> = {
  'POST /api/user/upgrade-role': (a) =>
    a.post('/api/user/upgrade-role').send({ users: [fixture.memberId], newRole: 'premium' }),
  'GET /api/user/export': (a) => a.get('/api/user/export'),
  'PUT /api/user/validate-users-csv': (a) =>
    a.put('/api/user/validate-users-csv').send({ userEmails: [fixture.memberEmail] }),
  'PUT /api/user/bulk-update': (a) =>
    a
      .put('/api/user/bulk-update')
      .send({ userEmails: [fixture.memberEmail], tags: [fixture.tagId], availableAction: 'add' }),
  'POST /api/user/import': (a) =>
    a
      .post('/api/user/import')
      .attach('file', Buffer.from(`email,fullName\n${uniqueEmail('imp')},Imported Person\n`), 'users.csv'),
  'GET /api/user/generate-test-user-csv': (a) => a.get('/api/user/generate-test-user-csv'),
  'GET /api/user/generate-test-user-import-csv': (a) => a.get('/api/user/generate-test-user-import-csv'),
  'GET /api/v2/user/test-tools': (a) => a.get('/api/v2/user/test-tools'),
  'POST /api/v2/user/add-tags': (a) =>
    a.post('/api/v2/user/add-tags').send({ email: fixture.memberEmail, tags: [fixture.tagId] }),
};

const fixture = { memberId: 0, memberEmail: '', tagId: 0 };
const agents = new Map<Principal, supertest.Agent>();

describe('user administration: who may call what (docs/security.md matrix)', () => {
  beforeAll(async () => {
    const member = await createUser(t.knex, { role: 'basic' });
    fixture.memberId = member.id;
    fixture.memberEmail = member.email;
    fixture.tagId = (await createTag(t.knex)).id;
    agents.set('anonymous', t.request());
    for (const p of PRINCIPALS.filter((x) => x !== 'anonymous')) {
      const role: Role = p === 'admin switched to basic' ? 'basic' : p;
      agents.set(p, (await as(role, { isAdmin: p.startsWith('admin') })).agent);
    }
  });

  const cells = Object.keys(OPERATIONS).flatMap((op) => PRINCIPALS.map((p) => [op, p] as const));
  it.each(cells)('%s as %s', async (op, principal) => {
    const res = await OPERATIONS[op]!(agents.get(principal)!);
    const expected = principal === 'anonymous' ? 401 : principal === 'admin' ? 200 : 403;
    expect(res.status, JSON.stringify(res.body)).toBe(expected);
    if (expected !== 200) expect(res.body.error.code).toBe(expected === 401 ? 'unauthenticated' : 'forbidden');
  });
});

describe('POST /api/user/upgrade-role', () => {
  it('gives every selected user the new role and answers Updated N user(s) roles, audited per user', async () => {
    const { user: admin, agent } = await as('admin');
    const a = await createUser(t.knex, { role: 'basic' });
    const b = await createUser(t.knex, { role: 'course only' });
    const c = await createUser(t.knex, { role: 'premium' });
    const res = await agent.post('/api/user/upgrade-role').send({ users: [a.id, b.id, c.id], newRole: 'premium' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Updated 3 user(s) roles', updated: 3 });
    expect([await roleOf(a.id), await roleOf(b.id), await roleOf(c.id)]).toEqual(['premium', 'premium', 'premium']);
    const audits = await t.knex('audit_log').where({ actor_id: admin.id, action: 'user.upgrade-role' });
    expect(audits.map((r: { target_user_id: number }) => r.target_user_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('downgrades to basic and upgrades to coach, accepting {id} objects too', async () => {
    const { agent } = await as('admin');
    const a = await createUser(t.knex, { role: 'premium' });
    let res = await agent.post('/api/user/upgrade-role').send({ users: [{ id: a.id }], newRole: 'basic' });
    expect(res.body.message).toBe('Updated 1 user(s) roles');
    expect(await roleOf(a.id)).toBe('basic');
    res = await agent.post('/api/user/upgrade-role').send({ users: [a.id], newRole: 'coach' });
    expect(res.status).toBe(200);
    expect(await roleOf(a.id)).toBe('coach');
  });

  it('refuses the whole call when an admin account is selected, changing nobody', async () => {
    const { agent } = await as('admin');
    const member = await createUser(t.knex, { role: 'basic' });
    const otherAdmin = await createUser(t.knex, { role: 'admin' });
    const switched = await createUser(t.knex, { role: 'premium', isAdmin: true });
    for (const target of [otherAdmin, switched]) {
      const res = await agent.post('/api/user/upgrade-role').send({ users: [member.id, target.id], newRole: 'basic' });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.users).toMatch(/admin accounts/i);
    }
    expect(await roleOf(member.id)).toBe('basic');
    expect(await roleOf(otherAdmin.id)).toBe('admin');
    expect(await roleOf(switched.id)).toBe('premium');
  });

  it('answers 404 for an unknown id and changes nobody', async () => {
    const { agent } = await as('admin');
    const member = await createUser(t.knex, { role: 'basic' });
    const res = await agent
      .post('/api/user/upgrade-role')
      .send({ users: [member.id, 2_000_000_000], newRole: 'premium' });
    expect(res.status).toBe(404);
    expect(await roleOf(member.id)).toBe('basic');
  });

  it('answers 400 with field messages for bad input, never 500', async () => {
    const { agent } = await as('admin');
    const member = await createUser(t.knex);
    const bodies: unknown[] = [
      {},
      { users: [], newRole: 'premium' },
      { users: [member.id], newRole: 'admin' },
      { users: [member.id], newRole: 'emperor' },
      { users: 'all', newRole: 'premium' },
      { users: [-1], newRole: 'premium' },
      { users: ['x'], newRole: 'premium' },
      { users: [{}], newRole: 'premium' },
      { users: Array.from({ length: 1001 }, (_, i) => i + 1), newRole: 'premium' },
      [1, 2],
    ];
    for (const body of bodies) {
      const res = await agent.post('/api/user/upgrade-role').send(body as object);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await roleOf(member.id)).toBe('basic');
  });

  it('changes no row when the database fails at the k-th user (one transaction)', async () => {
    const { agent } = await as('admin');
    const users = [];
    for (let i = 0; i < 5; i += 1) users.push(await createUser(t.knex, { role: 'basic' }));
    const before = await usersTableHash(t.knex);
    const remove = await injectFault(t.knex, 'users', 'id', users[3]!.id);
    try {
      const res = await agent
        .post('/api/user/upgrade-role')
        .send({ users: users.map((u) => u.id), newRole: 'premium' });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toMatch(/injected|trigger|update "users"/i);
    } finally {
      await remove();
    }
    expect(await usersTableHash(t.knex)).toBe(before);
  });
});

describe('test-only endpoints', () => {
  it('answer 404 in production, for admins and anonymous alike', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40) });
    try {
      const admin = await createUser(prod.knex, { role: 'admin' });
      const agent = await signIn(prod.agent(), admin);
      for (const client of [agent, prod.request()]) {
        expect((await client.get('/api/user/generate-test-user-csv')).status).toBe(404);
        expect((await client.get('/api/user/generate-test-user-import-csv')).status).toBe(404);
        expect((await client.post('/api/v2/user/add-tags').send({ email: admin.email, tags: [1] })).status).toBe(404);
        expect((await client.get('/api/v2/user/test-tools')).status).toBe(404);
      }
      // The real calls are there in production.
      expect((await agent.get('/api/user/export')).status).toBe(200);
    } finally {
      await prod.close();
    }
  }, 120_000); // a second API and database: slow on a busy machine

  it('tells an admin outside production that the add-tags test button may be shown', async () => {
    const { agent } = await as('admin');
    const res = await agent.get('/api/v2/user/test-tools');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ addTags: true });
  });

  it('serves a bulk update sample with found, duplicate and unknown emails', async () => {
    const { agent } = await as('admin');
    const member = await createUser(t.knex, { role: 'premium', createdAt: new Date(Date.now() + 60_000) });
    const res = await agent.get('/api/user/generate-test-user-csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="test-users.csv"');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('email');
    expect(lines[1]).toBe(member.email);
    expect(lines).toContain(member.email.toUpperCase());
    expect(lines.at(-1)).toBe('no.such.member@example.invalid');
  });

  it('serves the import sample, which imports as it is', async () => {
    const { agent } = await as('admin');
    await createTag(t.knex, 'Mastermind').catch(() => undefined);
    await createTag(t.knex, 'Free Trial').catch(() => undefined);
    const sample = await agent.get('/api/user/generate-test-user-import-csv');
    expect(sample.status).toBe(200);
    expect(sample.text.split('\r\n')[0]).toBe('email,fullName,role,city,state,country,phoneNumber,Tags,coach');
    const res = await agent.post('/api/user/import').attach('file', Buffer.from(sample.text), 'sample.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.created + res.body.updated + res.body.unchanged).toBe(3);
  });

  it('v2 add-tags adds tags to a user by email, case-insensitively, and audits it', async () => {
    const { user: admin, agent } = await as('admin');
    const member = await createUser(t.knex, { email: uniqueEmail('Mixed') });
    const [x, y] = [await createTag(t.knex), await createTag(t.knex)];
    const res = await agent
      .post('/api/v2/user/add-tags')
      .send({ email: member.email.toUpperCase(), tags: [x.id, y.id, x.id] });
    expect(res.status).toBe(200);
    expect(res.body.user.Tags.map((tag: { id: number }) => tag.id).sort()).toEqual([x.id, y.id].sort());
    expect(
      await t.knex('audit_log').where({ actor_id: admin.id, action: 'user.add-tags', target_user_id: member.id }),
    ).toHaveLength(1);
    expect((await agent.post('/api/v2/user/add-tags').send({ email: uniqueEmail(), tags: [x.id] })).status).toBe(404);
    expect((await agent.post('/api/v2/user/add-tags').send({ email: member.email, tags: [99999] })).status).toBe(400);
    expect((await agent.post('/api/v2/user/add-tags').send({ email: 'nope', tags: [x.id] })).status).toBe(400);
  });
});

describe('rate limits on the costly calls (per admin)', () => {
  it.each([
    ['export', (a: supertest.Agent) => a.get('/api/user/export')],
    [
      'validate',
      (a: supertest.Agent) => a.put('/api/user/validate-users-csv').send({ userEmails: ['a@example.test'] }),
    ],
    [
      'bulk',
      (a: supertest.Agent) => a.put('/api/user/bulk-update').send({ userEmails: ['a@example.test'], role: 'basic' }),
    ],
    ['import', (a: supertest.Agent) => a.post('/api/user/import').attach('file', Buffer.from('email\n'), 'x.csv')],
  ] as const)('limits %s with a 429 and Retry-After, while another admin still gets in', async (bucket, call) => {
    const { agent } = await as('admin');
    const { max } = USER_ADMIN_RATE_LIMITS[bucket];
    for (let i = 0; i < max; i += 1) expect((await call(agent)).status).not.toBe(429);
    const limited = await call(agent);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error.message).toBe('Too many requests. Please wait a few minutes and try again.');
    const other = (await as('admin')).agent;
    expect((await call(other)).status).not.toBe(429);
  });
});
