import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { extractLink } from '../helpers/fake-smtp';
import { fillMessage, formatWait, MESSAGES } from '../../shared/src/messages';

/** Forgot password: one answer for every email, capped mails, no timing signal (docs/security.md#authentication). */
let t: TestApp;
beforeAll(async () => {
  // Jobs run when the test asks (jobsSettled): the reset mail's job apart from the request.
  t = await createTestApp({ TRUST_PROXY: '1' }, { jobs: { onlyWhenSettled: true } });
});
afterAll(async () => {
  await t.jobsSettled();
  await t.close();
});

let ipCounter = 0;
const freshIp = () => `10.23.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const neutral = { message: MESSAGES.forgotPasswordSent };

const forgot = (email: string, ip = freshIp()) =>
  t.request().post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });

describe('forgot password for one email', () => {
  it('answers every request alike and mails one email at most 5 times an hour', async () => {
    const user = await createUser(t.knex);
    for (let i = 0; i < 8; i += 1) {
      const res = await forgot(user.email);
      expect([res.status, res.body]).toEqual([200, neutral]);
    }
    const unknown = await forgot(`nobody-${ipCounter}@example.test`);
    expect([unknown.status, unknown.body]).toEqual([200, neutral]);
    await t.jobsSettled();
    const mails = t.smtp.messages.filter((m) => m.to.includes(user.email.toLowerCase()));
    expect(mails).toHaveLength(5);
    // The last mail's link is the one that works (each token voids the ones before it).
    const token = extractLink(mails[4]!.raw, '/reset-password/')!.split('/reset-password/')[1]!;
    const reset = await t.request().post(`/api/auth/reset-password/${token}`).send({ password: 'a-new-password-5' });
    expect(reset.status).toBe(200);
  });

  it('still answers 429 to one address after 20 requests in an hour, stating the wait', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expect((await forgot(`spray-${ipCounter}-${i}@example.test`, ip)).status).toBe(200);
    const refused = await forgot(`spray-${ipCounter}-20@example.test`, ip);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(59 * 60);
    expect(refused.body.error.message).toBe(fillMessage(MESSAGES.tooManyResets, { wait: formatWait(wait) }));
  });
});

describe('forgot password timing', () => {
  /** The SQL a request runs, split at the moment its response was finished. */
  async function trace(email: string): Promise<{ before: string[]; after: string[] }> {
    const events: string[] = [];
    const onQuery = (q: { sql: string }) => events.push(q.sql);
    const onRequest = (_req: http.IncomingMessage, res: http.ServerResponse) =>
      res.once('finish', () => events.push('<answered>'));
    t.knex.on('query', onQuery);
    t.server.on('request', onRequest);
    try {
      const res = await forgot(email);
      expect([res.status, res.body]).toEqual([200, neutral]);
      await t.jobsSettled();
    } finally {
      t.knex.removeListener('query', onQuery);
      t.server.removeListener('request', onRequest);
    }
    const answered = events.indexOf('<answered>');
    expect(answered).toBeGreaterThanOrEqual(0);
    return { before: events.slice(0, answered), after: events.slice(answered + 1) };
  }

  it('runs the same statements before answering for a known and an unknown email; the rest after', async () => {
    const user = await createUser(t.knex);
    const known = await trace(user.email);
    const unknown = await trace(`ghost-${ipCounter}@example.test`);
    expect(known.before).toEqual(unknown.before);
    for (const sql of known.before) expect(sql).not.toMatch(/users|password_reset_tokens/);
    expect(known.after.some((sql) => /users/.test(sql))).toBe(true);
    expect(known.after.some((sql) => /insert into "password_reset_tokens"/.test(sql))).toBe(true);
    expect(unknown.after.some((sql) => /password_reset_tokens/.test(sql))).toBe(false);
    await t.smtp.waitFor(user.email);
  });
});
