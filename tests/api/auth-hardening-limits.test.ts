import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, DEFAULT_PASSWORD } from '../helpers/factories';
import { fillMessage, formatWait, MESSAGES } from '../../shared/src/messages';

/** Sign-in and sign-up limits under concurrency, and the wait a 429 states (docs/security.md#authentication). */

/** How many sign-ins reached the password check: the real argon2 verification, counted. */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../api/src/core/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../api/src/core/password')>();
  return {
    ...real,
    verifyPassword: (stored: string | null | undefined, password: string) => {
      checks.count += 1;
      return real.verifyPassword(stored, password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.21.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const signIn = (ip: string, email: string, password: string) =>
  t.request().post('/api/auth/signin').set('X-Forwarded-For', ip).send({ email, password });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('simultaneous sign-ins', () => {
  it('lets at most 5 of 100 simultaneous wrong passwords for one email from one address reach the check', async () => {
    const user = await createUser(t.knex);
    const ip = freshIp();
    const checked = checks.count;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(ip, user.email, `wrong-password-${i}`)),
    );
    expect(checks.count - checked).toBe(5);
    expect(tally(answers.map((r) => r.status))).toEqual({ 401: 5, 429: 95 });
    for (const r of answers.filter((a) => a.status === 429)) {
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(r.body.error.code).toBe('rate_limited');
    }
    expect((await signIn(ip, user.email, DEFAULT_PASSWORD)).status).toBe(429);
    expect((await signIn(freshIp(), user.email, DEFAULT_PASSWORD)).status).toBe(200);
  }, 120_000);

  it('keeps the per-account cap at 100 failures when many addresses try at once', async () => {
    const user = await createUser(t.knex);
    const key = `signin-acct:${user.email.toLowerCase()}`;
    // 90 failures from earlier in the hour, then 40 addresses at once: 10 may still be checked.
    await t.knex('rate_limits').insert({ key, count: 90, reset_at: t.knex.raw("now() + interval '1 hour'") });
    const checked = checks.count;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(freshIp(), user.email, `wrong-password-${i}`)),
    );
    expect(checks.count - checked).toBe(10);
    expect(tally(answers.map((r) => r.status))).toEqual({ 401: 10, 429: 30 });
    const row = await t.knex('rate_limits').where({ key }).first();
    expect(row.count).toBe(100);
    expect((await signIn(freshIp(), user.email, DEFAULT_PASSWORD)).status).toBe(429);
  });

  it('lets the correct password in below the limit and gives its reservation back', async () => {
    const user = await createUser(t.knex);
    const ip = freshIp();
    const wrong = await Promise.all(Array.from({ length: 4 }, (_, i) => signIn(ip, user.email, `nope-${i}-nope`)));
    expect(wrong.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect((await signIn(ip, user.email, DEFAULT_PASSWORD)).status).toBe(200);
    const acct = await t
      .knex('rate_limits')
      .where({ key: `signin-acct:${user.email.toLowerCase()}` })
      .first();
    expect(acct.count).toBe(4);
    const perIp = await t
      .knex('rate_limits')
      .where({ key: `signin-ip:${ip}` })
      .first();
    expect(perIp.count).toBe(4);
    // The success cleared this address's failures for the account: five more wrong tries are 401s.
    for (let i = 0; i < 5; i += 1) expect((await signIn(ip, user.email, `again-${i}-nope`)).status).toBe(401);
    expect((await signIn(ip, user.email, DEFAULT_PASSWORD)).status).toBe(429);
  });
});

describe('the wait a 429 states', () => {
  it('words the Retry-After it sends, not a fixed 15 minutes', async () => {
    const user = await createUser(t.knex);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await signIn(ip, user.email, `bad-${i}-password`)).status).toBe(401);
    await t
      .knex('rate_limits')
      .where({ key: `signin:${user.email.toLowerCase()}|${ip}` })
      .update({ reset_at: t.knex.raw("now() + interval '150 seconds'") });
    const refused = await signIn(ip, user.email, DEFAULT_PASSWORD);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(140);
    expect(wait).toBeLessThanOrEqual(150);
    expect(refused.body.error.message).toBe(fillMessage(MESSAGES.tooManySignIns, { wait: formatWait(wait) }));
    expect(refused.body.error.message).toBe('Too many failed sign-in attempts. Please wait 3 minutes and try again.');
  });

  it('formats waits rounded up to what the header allows', () => {
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(900)).toBe('15 minutes');
    expect(formatWait(3600)).toBe('1 hour');
    expect(formatWait(3601)).toBe('1 hour 1 minute');
    expect(formatWait(7200)).toBe('2 hours');
    expect(fillMessage('{a} and {a}, not {b}', { a: 'x' })).toBe('x and x, not {b}');
  });
});

describe('sign-up limit', () => {
  it('answers 429 at the 11th sign-up from one address within an hour, stating the wait', async () => {
    const ip = freshIp();
    const run = ipCounter;
    const signUp = (from: string, n: number) =>
      t
        .request()
        .post('/api/auth/signup')
        .set('X-Forwarded-For', from)
        .send({ fullName: `Sign Up ${n}`, email: `limit-${run}-${n}@example.test`, password: 'a-long-password' });
    for (let i = 0; i < 10; i += 1) expect((await signUp(ip, i)).status).toBe(201);
    const eleventh = await signUp(ip, 10);
    expect(eleventh.status).toBe(429);
    const wait = Number(eleventh.headers['retry-after']);
    expect(wait).toBeGreaterThan(59 * 60);
    expect(eleventh.body.error.message).toBe(fillMessage(MESSAGES.tooManySignUps, { wait: formatWait(wait) }));
    expect(await t.knex('users').whereRaw('lower(email) = ?', [`limit-${run}-10@example.test`])).toHaveLength(0);
    expect((await signUp(freshIp(), 11)).status).toBe(201);
  });
});
