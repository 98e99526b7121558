import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });
it('probe', async () => {
  const u = await createUser(t.knex, { role: 'basic' });
  const agent = await signIn(t.agent(), u);
  const res = await agent.post('/api/user/upsert').send({ id: u.id, fullName: 'a\u0000b' });
  const r2 = await agent.get('/api/user/read-many?search=a%00b');
  expect([res.status, r2.status]).toEqual([0, 0]);
});
