import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';

/** The board's welcome video, once per account (docs/areas/board.md, "Welcome video"). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PUT /api/auth/me/welcome-seen', () => {
  it('records the first close for every role; later closes keep that time; /me says it', async () => {
    for (const role of ALL_ROLES) {
      const user = await createUser(t.knex, { role });
      const agent = await signIn(t.agent(), user);
      expect((await agent.get('/api/auth/me')).body.currentUser.welcomeSeenAt, role).toBeNull();
      const first = await agent.put('/api/auth/me/welcome-seen');
      expect(first.status, role).toBe(200);
      const seen = first.body.currentUser.welcomeSeenAt as string;
      expect(Number.isNaN(Date.parse(seen)), role).toBe(false);
      const again = await agent.put('/api/auth/me/welcome-seen');
      expect(again.body.currentUser.welcomeSeenAt, role).toBe(seen);
      expect((await agent.get('/api/auth/me')).body.currentUser.welcomeSeenAt, role).toBe(seen);
      // Another browser of the same account does not see it again.
      const other = await signIn(t.agent(), user);
      expect((await other.get('/api/auth/me')).body.currentUser.welcomeSeenAt, role).toBe(seen);
    }
  });

  it('is 401 without a session and touches no one', async () => {
    const seen = () => t.knex('users').whereNotNull('welcome_seen_at').orderBy('id').pluck('id');
    const before = await seen();
    const res = await t.request().put('/api/auth/me/welcome-seen');
    expect(res.status).toBe(401);
    expect(await seen()).toEqual(before);
  });

  it('an admin signed in as a member watches it without using up the member’s once', async () => {
    const admin = await createUser(t.knex, { role: 'admin' });
    const member = await createUser(t.knex, { role: 'premium' });
    const agent = await signIn(t.agent(), admin);
    expect((await agent.post('/api/auth/signinas').send({ email: member.email })).status).toBe(200);
    const res = await agent.put('/api/auth/me/welcome-seen');
    expect(res.status).toBe(200);
    expect(res.body.currentUser).toMatchObject({ id: member.id, welcomeSeenAt: null });
    const row = await t.knex('users').where({ id: member.id }).first('welcome_seen_at');
    expect(row.welcome_seen_at).toBeNull();
  });
});
