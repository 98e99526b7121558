import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { createApp } from '../../api/src/app';
import { loadConfig, proxyHops } from '../../api/src/config';
import { createLogger } from '../../api/src/core/context';

/** TRUST_PROXY as a hop count, and https behind a TLS-ending proxy (docs/security.md#http-layer). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});

const randomIp = () => [...crypto.randomBytes(4)].join('.');

/** Another app on the same database with these settings (the test app's own are TRUST_PROXY=1). */
function appWith(env: Record<string, string>) {
  const config = loadConfig({
    ...env,
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    SESSION_SECRET: t.config.sessionSecret,
  });
  return supertest.agent(createApp({ config, knex: t.knex, log: createLogger('silent') }).callback());
}

describe('TRUST_PROXY', () => {
  it('reads hop counts, keeping true as 1 and false as 0, and refuses anything else', () => {
    expect([undefined, '', 'false', 'no', '0'].map(proxyHops)).toEqual([0, 0, 0, 0, 0]);
    expect(['true', 'TRUE', 'yes', 'on', '1'].map(proxyHops)).toEqual([1, 1, 1, 1, 1]);
    expect(proxyHops('2')).toBe(2);
    expect(() => proxyHops('maybe')).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the address our one proxy added, not the entries the client wrote before it', async () => {
    const user = await createUser(t.knex);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await t
        .request()
        .post('/api/auth/signin')
        .set('X-Forwarded-For', `${randomIp()}, 198.51.100.7`)
        .send({ email: user.email, password: `wrong-password-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('with 2 hops takes the second entry from the right', async () => {
    const api = appWith({ TRUST_PROXY: '2' });
    const user = await createUser(t.knex);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await api
        .post('/api/auth/signin')
        .set('X-Forwarded-For', `${randomIp()}, 198.51.100.8, ${randomIp()}`)
        .send({ email: user.email, password: `wrong-password-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('without a proxy ignores X-Forwarded-For', async () => {
    const api = appWith({ TRUST_PROXY: 'false' });
    const user = await createUser(t.knex);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await api
        .post('/api/auth/signin')
        .set('X-Forwarded-For', randomIp())
        .send({ email: user.email, password: `wrong-password-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('https PUBLIC_URL behind a proxy that ends TLS', () => {
  it('refuses to start without TRUST_PROXY (or TLS_CERT and TLS_KEY), naming the variables', () => {
    const start = (env: Record<string, string>) => () =>
      loadConfig({ PUBLIC_URL: 'https://portal.example.test', ...env });
    expect(start({})).toThrow(/PUBLIC_URL is https:\/\/portal\.example\.test .*TRUST_PROXY/);
    expect(start({})).toThrow(/TLS_CERT and TLS_KEY/);
    expect(start({ TRUST_PROXY: '1' })).not.toThrow();
    expect(start({ TLS_CERT: 'cert.pem', TLS_KEY: 'key.pem' })).not.toThrow();
  });

  it('signs in with Secure __Host- cookies even when the proxy sends no X-Forwarded-Proto', async () => {
    const api = appWith({ PUBLIC_URL: 'https://portal.example.test', TRUST_PROXY: '1' });
    const user = await createUser(t.knex);
    const res = await api
      .post('/api/auth/signin')
      .set('X-Forwarded-For', '198.51.100.20')
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    const cookies = res.headers['set-cookie'] as unknown as string[];
    const byName = (name: string) => cookies.find((c) => c.startsWith(`${name}=`));
    for (const name of ['__Host-portal.sid', '__Host-portal.sid.sig', '__Host-portal.device']) {
      const cookie = byName(name);
      expect(cookie, name).toBeDefined();
      expect(cookie!.toLowerCase()).toContain('; secure');
      expect(cookie!.toLowerCase()).toContain('path=/');
    }
    const sent = cookies.map((c) => c.split(';')[0]).join('; ');
    const me = await api.get('/api/auth/me').set('Cookie', sent).set('X-Forwarded-Proto', 'https');
    expect(me.status).toBe(200);
    const meOverHttp = await api.get('/api/auth/me').set('Cookie', sent);
    expect(meOverHttp.status).toBe(200);
  });
});
