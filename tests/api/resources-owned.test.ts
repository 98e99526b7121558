import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { createResource } from '../helpers/resources';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const owned = async (userId: number) =>
  (await t.knex('user_resources').where({ user_id: userId }).orderBy('resource_id')) as Array<{
    resource_id: number;
    source: string;
  }>;

describe("user form 'Owned Resources' (POST /api/user/upsert Resources)", () => {
  it('lets an admin set what a member owns; kept purchases stay purchases; the member gets access', async () => {
    const admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
    const member = await createUser(t.knex, { role: 'basic' });
    const a = await createResource(t.knex, { title: 'Alpha kit', visibility: 'For Sale', priceCents: 100 });
    const b = await createResource(t.knex, { title: 'Beta kit', visibility: 'For Sale', priceCents: 100 });
    const c = await createResource(t.knex, { title: 'Gamma kit', visibility: 'For Sale', priceCents: 100 });
    await t.knex('user_resources').insert({ user_id: member.id, resource_id: c.id, source: 'purchase' });

    const res = await admin
      .post('/api/user/upsert')
      .send({ id: member.id, Resources: [{ id: b.id }, { id: a.id }, { id: c.id }, { id: 999999 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.Resources).toEqual([
      { id: a.id, title: 'Alpha kit' },
      { id: b.id, title: 'Beta kit' },
      { id: c.id, title: 'Gamma kit' },
    ]);
    expect(await owned(member.id)).toEqual([
      expect.objectContaining({ resource_id: a.id, source: 'admin' }),
      expect.objectContaining({ resource_id: b.id, source: 'admin' }),
      expect.objectContaining({ resource_id: c.id, source: 'purchase' }),
    ]);
    const memberAgent = await signIn(t.agent(), member);
    const mine = await memberAgent.get('/api/resource/read-many?type=my-purchases');
    expect(mine.body.resources.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());

    const removed = await admin.post('/api/user/upsert').send({ id: member.id, Resources: [{ id: c.id }] });
    expect(removed.body.user.Resources).toEqual([{ id: c.id, title: 'Gamma kit' }]);
    expect((await admin.get(`/api/user/${member.id}`)).body.user.Resources).toEqual([{ id: c.id, title: 'Gamma kit' }]);
    const list = await admin.get(`/api/user/read-many?search=${encodeURIComponent(member.email)}`);
    expect(list.body.users[0].Resources).toEqual([{ id: c.id, title: 'Gamma kit' }]);
    const audit = await t
      .knex('audit_log')
      .where({ action: 'user.update', target_user_id: member.id })
      .orderBy('id', 'desc')
      .first();
    expect(JSON.stringify(audit.details)).toContain('Resources');
    // A save that leaves Resources out leaves them alone.
    await admin.post('/api/user/upsert').send({ id: member.id, city: 'Reno' });
    expect(await owned(member.id)).toHaveLength(1);
  });

  it('ignores Resources from a coach or from a member editing their own profile (mass assignment)', async () => {
    const r = await createResource(t.knex, { visibility: 'For Sale', priceCents: 100 });
    const member = await createUser(t.knex, { role: 'premium' });
    const coach = await signIn(t.agent(), await createUser(t.knex, { role: 'coach' }));
    expect(
      (await coach.post('/api/user/upsert').send({ id: member.id, Tags: [], Resources: [{ id: r.id }] })).status,
    ).toBe(200);
    const self = await signIn(t.agent(), member);
    expect(
      (await self.post('/api/user/upsert').send({ id: member.id, fullName: 'Me', Resources: [{ id: r.id }] })).status,
    ).toBe(200);
    expect(await owned(member.id)).toEqual([]);
  });
});
