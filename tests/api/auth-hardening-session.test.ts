import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { createApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { createLogger } from '../../api/src/core/context';

/** The session cookie is signed with SESSION_SECRET, with SESSION_SECRET_PREVIOUS for rotation (docs/security.md#sessions). */
const OLD = 'old-session-secret-old-session-secret-0001';
const NEW = 'new-session-secret-new-session-secret-0002';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_SECRET: OLD });
});
afterAll(async () => {
  await t.close();
});

/** Another API instance on the same database with these secrets. */
function instance(secret: string, previous?: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    PUBLIC_URL: t.config.publicUrl,
    SESSION_SECRET: secret,
    ...(previous ? { SESSION_SECRET_PREVIOUS: previous } : {}),
  });
  return supertest.agent(createApp({ config, knex: t.knex, log: createLogger('silent') }).callback());
}

const pairs = (res: supertest.Response) =>
  Object.fromEntries(
    ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((c) => {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      return [pair!.slice(0, at), pair!.slice(at + 1)];
    }),
  );

async function signedIn(): Promise<{ sid: string; sig: string }> {
  const user = await createUser(t.knex);
  const res = await t.request().post('/api/auth/signin').send({ email: user.email, password: DEFAULT_PASSWORD });
  expect(res.status).toBe(200);
  const set = pairs(res);
  expect(set['portal.sid']).toBeTruthy();
  expect(set['portal.sid.sig']).toBeTruthy();
  return { sid: set['portal.sid']!, sig: set['portal.sid.sig']! };
}

const me = (client: supertest.Agent, cookie: string) => client.get('/api/auth/me').set('Cookie', cookie);

describe('signed session cookie', () => {
  it('is a session only with its signature', async () => {
    const { sid, sig } = await signedIn();
    const other = await signedIn();
    expect((await me(t.request(), `portal.sid=${sid}; portal.sid.sig=${sig}`)).status).toBe(200);
    expect((await me(t.request(), `portal.sid=${sid}`)).status).toBe(401);
    expect((await me(t.request(), `portal.sid=${sid}; portal.sid.sig=${other.sig}`)).status).toBe(401);
    const flipped = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    expect((await me(t.request(), `portal.sid=${sid}; portal.sid.sig=${flipped}`)).status).toBe(401);
    const tampered = sid.startsWith('A') ? `B${sid.slice(1)}` : `A${sid.slice(1)}`;
    expect((await me(t.request(), `portal.sid=${tampered}; portal.sid.sig=${sig}`)).status).toBe(401);
  });

  it('keeps sessions signed with SESSION_SECRET_PREVIOUS after a rotation, and re-signs them', async () => {
    const { sid, sig } = await signedIn();
    const rotated = instance(NEW, OLD);
    const res = await me(rotated, `portal.sid=${sid}; portal.sid.sig=${sig}`);
    expect(res.status).toBe(200);
    const resigned = pairs(res)['portal.sid.sig'];
    expect(resigned).toBeTruthy();
    expect(resigned).not.toBe(sig);
    expect((await me(instance(NEW), `portal.sid=${sid}; portal.sid.sig=${resigned}`)).status).toBe(200);
  });

  it('drops them once the previous secret is gone', async () => {
    const { sid, sig } = await signedIn();
    expect((await me(instance(NEW), `portal.sid=${sid}; portal.sid.sig=${sig}`)).status).toBe(401);
  });
});
