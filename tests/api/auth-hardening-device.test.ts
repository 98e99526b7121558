import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, DEFAULT_PASSWORD, type CreatedUser } from '../helpers/factories';
import { loadConfig } from '../../api/src/config';
import { makeDeviceToken, verifyDeviceToken } from '../../api/src/features/auth/device-cookie';

/**
 * Device cookies (docs/security.md#authentication; OWASP "Slow Down Online Guessing Attacks with Device Cookies"):
 * strangers who fail often enough lock an account for everyone but the devices that signed in to it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.22.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const signIn = (client: supertest.Agent, ip: string, email: string, password: string) =>
  client.post('/api/auth/signin').set('X-Forwarded-For', ip).send({ email, password });

function deviceCookie(res: supertest.Response): string {
  const raw = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const cookie = raw.find((c) => c.startsWith('portal.device='));
  if (!cookie) throw new Error('no device cookie set');
  return cookie;
}

/**
 * Locks the account for clients without its device cookie: 80 failures from earlier in the hour
 * (the counter row), then 20 real ones from 4 addresses.
 */
async function lockAccount(user: CreatedUser): Promise<void> {
  await t
    .knex('rate_limits')
    .insert({
      key: `signin-acct:${user.email.toLowerCase()}`,
      count: 80,
      reset_at: t.knex.raw("now() + interval '1 hour'"),
    })
    .onConflict('key')
    .merge();
  const answers = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await signIn(t.request(), ip, user.email, `guess-${i}-x`)).status);
      return statuses;
    }),
  );
  expect(answers.flat()).toEqual(Array.from({ length: 20 }, () => 401));
  const row = await t
    .knex('rate_limits')
    .where({ key: `signin-acct:${user.email.toLowerCase()}` })
    .first();
  expect(row.count).toBe(100);
}

describe('device cookies', () => {
  it('sets a long-lived HttpOnly SameSite=Lax cookie naming the account and a nonce, signed', async () => {
    const user = await createUser(t.knex);
    const res = await signIn(t.request(), freshIp(), user.email, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    const cookie = deviceCookie(res);
    const attrs = cookie.toLowerCase();
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
    const expires = new Date(/expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(300 * 24 * 3600_000);
    const value = cookie.split(';')[0]!.split('=')[1]!;
    expect(value).toMatch(new RegExp(`^${user.id}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`));
    expect(verifyDeviceToken(t.config, value)).toMatchObject({ userId: user.id });
  });

  it('lets the real user in with their device cookie while the account is locked for everyone else', async () => {
    const user = await createUser(t.knex, { role: 'admin' });
    const browser = t.agent();
    expect((await signIn(browser, freshIp(), user.email, DEFAULT_PASSWORD)).status).toBe(200);
    expect((await browser.post('/api/auth/signout')).status).toBe(204);
    const other = await createUser(t.knex);
    const otherBrowser = t.agent();
    expect((await signIn(otherBrowser, freshIp(), other.email, DEFAULT_PASSWORD)).status).toBe(200);

    await lockAccount(user);
    const stranger = await signIn(t.request(), freshIp(), user.email, DEFAULT_PASSWORD);
    expect(stranger.status).toBe(429);
    // A device cookie of another account, or a forged one, is no key to this account.
    expect((await signIn(otherBrowser, freshIp(), user.email, DEFAULT_PASSWORD)).status).toBe(429);
    const forged = makeDeviceToken(loadConfig({ SESSION_SECRET: 'another-secret-another-secret-another-1' }), user.id);
    const withForged = await t
      .request()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', freshIp())
      .set('Cookie', `portal.device=${forged}`)
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(withForged.status).toBe(429);

    const back = await signIn(browser, freshIp(), user.email, DEFAULT_PASSWORD);
    expect(back.status).toBe(200);
    expect(back.body.currentUser.email).toBe(user.email);
    expect((await browser.get('/api/auth/me')).status).toBe(200);
  });

  it('keeps the tokens of several accounts on one device', async () => {
    const [a, b] = [await createUser(t.knex), await createUser(t.knex)];
    const browser = t.agent();
    await signIn(browser, freshIp(), a.email, DEFAULT_PASSWORD);
    const res = await signIn(browser, freshIp(), b.email, DEFAULT_PASSWORD);
    const tokens = deviceCookie(res).split(';')[0]!.split('=')[1]!.split('~');
    expect(tokens.map((tok) => verifyDeviceToken(t.config, tok)?.userId)).toEqual([b.id, a.id]);
    await lockAccount(a);
    expect((await signIn(browser, freshIp(), a.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('locks a device cookie out after 5 failures, from any address, without locking the account', async () => {
    const user = await createUser(t.knex);
    const browser = t.agent();
    expect((await signIn(browser, freshIp(), user.email, DEFAULT_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(browser, freshIp(), user.email, `wrong-${i}-password`)).status).toBe(401);
    }
    const locked = await signIn(browser, freshIp(), user.email, DEFAULT_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Its failures were not counted against the account: a client without it signs in.
    expect((await signIn(t.request(), freshIp(), user.email, DEFAULT_PASSWORD)).status).toBe(200);
  });

  it('verifies tokens signed with SESSION_SECRET_PREVIOUS and refuses altered ones', () => {
    const old = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'old-secret-old-secret-old-secret-00000' });
    const rotated = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'new-secret-new-secret-new-secret-11111',
      SESSION_SECRET_PREVIOUS: 'old-secret-old-secret-old-secret-00000',
    });
    const token = makeDeviceToken(old, 42);
    expect(verifyDeviceToken(rotated, token)).toMatchObject({ userId: 42 });
    expect(verifyDeviceToken(loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40) }), token)).toBeNull();
    expect(verifyDeviceToken(old, token.replace(/^42\./, '43.'))).toBeNull();
    const [id, nonce, sig] = token.split('.') as [string, string, string];
    const flipped = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    expect(verifyDeviceToken(old, `${id}.${nonce}.${flipped}`)).toBeNull();
    expect(verifyDeviceToken(old, `${id}.${nonce}`)).toBeNull();
  });
});
