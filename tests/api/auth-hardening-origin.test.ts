import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, DEFAULT_PASSWORD, type CreatedUser } from '../helpers/factories';
import { createApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { createLogger } from '../../api/src/core/context';
import { fillMessage, MESSAGES } from '../../shared/src/messages';

/**
 * Same-origin requests and the forbidden_origin message (docs/security.md#http-layer). PUBLIC_URL is
 * http://127.0.0.1:4000 while the test server listens on another port, as when the portal is opened
 * by another address than PUBLIC_URL's.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = (t.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

const signIn = (user: CreatedUser, headers: Record<string, string>) =>
  t.request().post('/api/auth/signin').set(headers).send({ email: user.email, password: DEFAULT_PASSWORD });

describe('same-origin requests', () => {
  it('signs in from the address the page was opened at, though PUBLIC_URL names another', async () => {
    const user = await createUser(t.knex);
    expect(t.config.publicUrl).not.toBe(`http://127.0.0.1:${port}`);
    const res = await signIn(user, { Origin: `http://127.0.0.1:${port}` });
    expect(res.status).toBe(200);
    expect(res.body.currentUser.email).toBe(user.email);
  });

  it('signs in by a LAN address or another host name when Origin and Host agree', async () => {
    const user = await createUser(t.knex);
    const lan = await signIn(user, { Host: `192.168.1.20:${port}`, Origin: `http://192.168.1.20:${port}` });
    expect(lan.status).toBe(200);
    const named = await signIn(user, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` });
    expect(named.status).toBe(200);
  });

  it('still refuses another host, another scheme or port, and a forged X-Forwarded-Host without a proxy', async () => {
    const user = await createUser(t.knex);
    const cases: Array<Record<string, string>> = [
      { Origin: `http://localhost:${port}` },
      { Origin: `https://127.0.0.1:${port}` },
      { Origin: `http://127.0.0.1:${port + 1}` },
      { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
    ];
    for (const headers of cases) {
      const res = await signIn(user, headers);
      expect([headers.Origin, res.status, res.body.error?.code]).toEqual([headers.Origin, 403, 'forbidden_origin']);
    }
  });

  it('answers a foreign origin with a message naming the address used and how to fix it', async () => {
    const user = await createUser(t.knex);
    const res = await signIn(user, { Origin: 'http://192.168.1.20:4000' });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      fillMessage(MESSAGES.forbiddenOrigin, { origin: 'http://192.168.1.20:4000', publicUrl: 'http://127.0.0.1:4000' }),
    );
    expect(res.body.error.message).toContain('http://192.168.1.20:4000');
    expect(res.body.error.message).toContain('PUBLIC_URL');
    expect(res.body.error.message).toContain('ALLOWED_ORIGINS');
  });

  it('trusts X-Forwarded-Host and -Proto from a trusted proxy for the same-origin check', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      SESSION_SECRET: t.config.sessionSecret,
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://portal.example.test',
    });
    const api = supertest.agent(createApp({ config, knex: t.knex, log: createLogger('silent') }).callback());
    const user = await createUser(t.knex);
    const viaProxy = await api
      .post('/api/auth/signin')
      .set({ 'X-Forwarded-Host': 'members.example.test', 'X-Forwarded-Proto': 'https' })
      .set('Origin', 'https://members.example.test')
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(viaProxy.status).toBe(200);
  });
});
