import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn, DEFAULT_PASSWORD } from '../helpers/factories';
import { extractLink } from '../helpers/fake-smtp';
import { formatWait } from '../../shared/src/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.jobsSettled();
  await t.close();
});

let ipCounter = 0;
/** A distinct client address per test, so rate limits of one test do not leak into another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** The signed session cookie a response sets: `portal.sid=...; portal.sid.sig=...`. */
function sessionCookie(res: supertest.Response): string {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  const pair = (name: string) => (raw ?? []).find((c) => c.startsWith(`${name}=`))?.split(';')[0];
  const cookie = pair('portal.sid');
  const sig = pair('portal.sid.sig');
  if (!cookie || !sig) throw new Error('no signed session cookie set');
  return `${cookie}; ${sig}`;
}

describe('sign up', () => {
  it('creates a basic member, signs them in and never returns the password hash', async () => {
    const agent = t.agent();
    const res = await agent
      .post('/api/auth/signup')
      .send({ fullName: 'New Member', email: 'New.Member@Example.test', password: 'a-long-password' });
    expect(res.status).toBe(201);
    expect(res.body.currentUser).toMatchObject({ fullName: 'New Member', role: 'basic', isAdmin: false });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    const me = await agent.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.currentUser.email).toBe('New.Member@Example.test');
  });

  it('refuses a duplicate email case-insensitively with the spec message', async () => {
    await createUser(t.knex, { email: 'taken@example.test' });
    const res = await t
      .request()
      .post('/api/auth/signup')
      .send({ fullName: 'X', email: 'TAKEN@example.test', password: 'a-long-password' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This email address is already in use. Please, sign in instead.');
  });

  it('attaches only tags an admin opened to sign-up links', async () => {
    const open = await createTag(t.knex, 'Open Trial', true);
    const paid = await createTag(t.knex, 'Paid Mastermind', false);
    const res = await t
      .request()
      .post('/api/auth/signup')
      .send({
        fullName: 'Tagger',
        email: 'tagger@example.test',
        password: 'a-long-password',
        signuptags: `${open.id},${paid.id},abc,99999`,
      });
    expect(res.status).toBe(201);
    expect(res.body.currentUser.Tags).toEqual([{ id: open.id, name: 'Open Trial' }]);
  });

  it('rejects a 7-character password and accepts 64 Unicode characters exactly', async () => {
    const short = await t
      .request()
      .post('/api/auth/signup')
      .send({ fullName: 'S', email: 'short@example.test', password: '1234567' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBe('Password must be at least 8 characters');
    const unicode = 'пароль-密码-🔑'.repeat(5).slice(0, 64);
    const ok = await t
      .request()
      .post('/api/auth/signup')
      .send({ fullName: 'U', email: 'unicode@example.test', password: unicode });
    expect(ok.status).toBe(201);
    await signIn(t.agent(), { email: 'unicode@example.test', password: unicode });
    const wrong = await t
      .request()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', freshIp())
      .send({ email: 'unicode@example.test', password: unicode.slice(0, -1) });
    expect(wrong.status).toBe(401);
  });

  it('stores an argon2id hash with OWASP parameters', async () => {
    await t
      .request()
      .post('/api/auth/signup')
      .send({ fullName: 'H', email: 'hash@example.test', password: 'a-long-password' });
    const row = await t.knex('users').whereRaw('lower(email) = ?', ['hash@example.test']).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('returns field messages for missing fields', async () => {
    const res = await t.request().post('/api/auth/signup').send({});
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      fullName: 'This field cannot be empty',
      email: 'This field cannot be empty',
      password: 'This field cannot be empty',
    });
  });
});

describe('sign in and sessions', () => {
  it('answers 401 with a message for a wrong password and for an unknown email alike', async () => {
    const user = await createUser(t.knex);
    const ip = freshIp();
    const wrong = await t
      .request()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', ip)
      .send({ email: user.email, password: 'nope-nope-nope' });
    const unknown = await t
      .request()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', ip)
      .send({ email: 'ghost@example.test', password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe('Invalid email or password');
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('sets an HttpOnly SameSite=Lax cookie and regenerates the session id at every sign-in', async () => {
    const user = await createUser(t.knex);
    const first = await t.request().post('/api/auth/signin').send({ email: user.email, password: DEFAULT_PASSWORD });
    const raw = (first.headers['set-cookie'] as unknown as string[]).join(';').toLowerCase();
    expect(raw).toContain('httponly');
    expect(raw).toContain('samesite=lax');
    const cookieA = sessionCookie(first);
    const second = await t
      .request()
      .post('/api/auth/signin')
      .set('Cookie', cookieA)
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    const cookieB = sessionCookie(second);
    expect(cookieB).not.toBe(cookieA);
    expect((await t.request().get('/api/auth/me').set('Cookie', cookieA)).status).toBe(401);
    expect((await t.request().get('/api/auth/me').set('Cookie', cookieB)).status).toBe(200);
  });

  it('kills the session on sign-out so the old cookie gets 401', async () => {
    const user = await createUser(t.knex);
    const res = await t.request().post('/api/auth/signin').send({ email: user.email, password: DEFAULT_PASSWORD });
    const cookie = sessionCookie(res);
    expect((await t.request().post('/api/auth/signout').set('Cookie', cookie)).status).toBe(204);
    expect((await t.request().get('/api/auth/me').set('Cookie', cookie)).status).toBe(401);
  });

  it('ends a session after its idle time and after its absolute lifetime', async () => {
    const user = await createUser(t.knex);
    const a = await signIn(t.agent(), user);
    await t
      .knex('sessions')
      .where({ user_id: user.id })
      .update({ last_seen_at: new Date(Date.now() - 8 * 24 * 3600_000) });
    expect((await a.get('/api/auth/me')).status).toBe(401);
    const b = await signIn(t.agent(), user);
    await t
      .knex('sessions')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await b.get('/api/auth/me')).status).toBe(401);
    expect(await t.knex('sessions').where({ user_id: user.id }).count('* as n').first()).toMatchObject({ n: 0 });
  });

  it('stores only a hash of the session key', async () => {
    const user = await createUser(t.knex);
    const res = await t.request().post('/api/auth/signin').send({ email: user.email, password: DEFAULT_PASSWORD });
    const key = sessionCookie(res).split(';')[0]!.split('=')[1]!;
    const rows = await t.knex('sessions').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(key);
    expect(rows[0].id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 429 at the 6th failure for one email from one address, and lets the real user in from a fresh address', async () => {
    const user = await createUser(t.knex);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const r = await t
        .request()
        .post('/api/auth/signin')
        .set('X-Forwarded-For', ip)
        .send({ email: user.email, password: `bad-password-${i}` });
      expect(r.status).toBe(401);
    }
    const sixth = await t
      .request()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', ip)
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(sixth.status).toBe(429);
    const wait = Number(sixth.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(sixth.body.error.message).toBe(
      `Too many failed sign-in attempts. Please wait ${formatWait(wait)} and try again.`,
    );
    const fresh = await t
      .request()
      .post('/api/auth/signin')
      .set('X-Forwarded-For', freshIp())
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(fresh.status).toBe(200);
  });

  it('limits failures from one address across many emails', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      const r = await t
        .request()
        .post('/api/auth/signin')
        .set('X-Forwarded-For', ip)
        .send({ email: `spray${i}@example.test`, password: 'whatever-123' });
      last = r.status;
    }
    expect(last).toBe(429);
  });

  it('lets a blocked subscriber read /me but not the rest of the API, unless alwaysGrantAccess', async () => {
    for (const status of ['unpaid', 'incomplete', 'incomplete_expired', 'past_due']) {
      const blocked = await signIn(t.agent(), await createUser(t.knex, { role: 'premium', stripeStatus: status }));
      expect((await blocked.get('/api/auth/me')).status).toBe(200);
      const denied = await blocked.get('/api/user/read-many');
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('subscription_blocked');
    }
    const granted = await signIn(
      t.agent(),
      await createUser(t.knex, { role: 'premium', stripeStatus: 'unpaid', alwaysGrantAccess: true }),
    );
    expect((await granted.get('/api/user/read-many')).status).not.toBe(403);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the email exists, and mails a single-use link', async () => {
    const user = await createUser(t.knex, { email: 'forgetful@example.test' });
    const ip = freshIp();
    const known = await t
      .request()
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', ip)
      .send({ email: user.email });
    const unknown = await t
      .request()
      .post('/api/auth/forgot-password')
      .set('X-Forwarded-For', ip)
      .send({ email: 'nobody@example.test' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await t.smtp.waitFor(user.email);
    const link = extractLink(mail.raw, '/reset-password/');
    expect(link).toBeTruthy();
    const token = link!.split('/reset-password/')[1]!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await t.knex('password_reset_tokens').where({ user_id: user.id }).first();
    expect(stored.token_hash).not.toBe(token);
    expect(new Date(stored.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(3600_000);

    const other = await signIn(t.agent(), user);
    const agent = t.agent();
    const reset = await agent.post(`/api/auth/reset-password/${token}`).send({ password: 'brand-new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(user.email);
    expect(reset.headers['referrer-policy']).toBe('no-referrer');
    expect((await agent.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    const again = await t.request().post(`/api/auth/reset-password/${token}`).send({ password: 'another-password' });
    expect(again.status).toBe(400);
    await signIn(t.agent(), { email: user.email, password: 'brand-new-password' });
  });

  it('voids an older token when a newer one is issued, and refuses expired tokens', async () => {
    const user = await createUser(t.knex, { email: 'twice@example.test' });
    const ip = freshIp();
    await t.request().post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email: user.email });
    const first = extractLink((await t.smtp.waitFor(user.email)).raw, '/reset-password/')!.split(
      '/reset-password/',
    )[1]!;
    t.smtp.messages.length = 0;
    await t.request().post('/api/auth/forgot-password').set('X-Forwarded-For', ip).send({ email: user.email });
    const second = extractLink((await t.smtp.waitFor(user.email)).raw, '/reset-password/')!.split(
      '/reset-password/',
    )[1]!;
    expect(second).not.toBe(first);
    expect(
      (await t.request().post(`/api/auth/reset-password/${first}`).send({ password: 'new-password-1' })).status,
    ).toBe(400);
    await t
      .knex('password_reset_tokens')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(
      (await t.request().post(`/api/auth/reset-password/${second}`).send({ password: 'new-password-1' })).status,
    ).toBe(400);
  });

  it('answers every request for one email alike, with no 429 per email (mails are capped silently)', async () => {
    const user = await createUser(t.knex);
    const answers: Array<[number, unknown]> = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t
        .request()
        .post('/api/auth/forgot-password')
        .set('X-Forwarded-For', freshIp())
        .send({ email: user.email });
      answers.push([res.status, res.body]);
    }
    const neutral = { message: 'If an account exists for this email, we have sent a link to reset your password.' };
    expect(answers).toEqual(Array.from({ length: 6 }, () => [200, neutral]));
  });

  it('rejects a malformed token without touching the database', async () => {
    const res = await t.request().post('/api/auth/reset-password/%27%20or%201=1').send({ password: 'whatever-123' });
    expect(res.status).toBe(400);
  });
});

describe('sign in as and role switch', () => {
  it('lets an admin sign in as a member, audits it, and go back to their own account', async () => {
    const admin = await createUser(t.knex, { role: 'admin' });
    const member = await createUser(t.knex, { role: 'premium', fullName: 'Pat Premium' });
    const agent = await signIn(t.agent(), admin);
    const as = await agent.post('/api/auth/signinas').send({ email: member.email });
    expect(as.status).toBe(200);
    expect(as.body.currentUser).toMatchObject({ id: member.id, impersonator: { id: admin.id } });
    expect((await agent.get('/api/auth/me')).body.currentUser.id).toBe(member.id);
    const rows = await t.knex('audit_log').where({ actor_id: admin.id, action: 'user.signinas' });
    expect(rows).toHaveLength(1);
    expect(rows[0].target_user_id).toBe(member.id);
    const back = await agent.post('/api/auth/signinas/return');
    expect(back.status).toBe(200);
    expect(back.body.currentUser).toMatchObject({ id: admin.id, impersonator: null });
  });

  it('never signs an admin in as another admin, and 404s an unknown email leaving the session unchanged', async () => {
    const admin = await createUser(t.knex, { role: 'admin' });
    const other = await createUser(t.knex, { role: 'admin' });
    const switched = await createUser(t.knex, { role: 'basic', isAdmin: true });
    const agent = await signIn(t.agent(), admin);
    expect((await agent.post('/api/auth/signinas').send({ email: other.email })).status).toBe(403);
    expect((await agent.post('/api/auth/signinas').send({ email: switched.email })).status).toBe(403);
    expect((await agent.post('/api/auth/signinas').send({ email: 'ghost@example.test' })).status).toBe(404);
    expect((await agent.get('/api/auth/me')).body.currentUser.id).toBe(admin.id);
  });

  it.each(['coach', 'premium', 'course only', 'basic'] as const)(
    'returns 403 when a %s signs in as someone',
    async (role) => {
      const target = await createUser(t.knex, { role: 'basic' });
      const agent = await signIn(t.agent(), await createUser(t.knex, { role }));
      expect((await agent.post('/api/auth/signinas').send({ email: target.email })).status).toBe(403);
    },
  );

  it('regenerates the session at sign in as, so the admin cookie from before is dead', async () => {
    const admin = await createUser(t.knex, { role: 'admin' });
    const member = await createUser(t.knex);
    const res = await t.request().post('/api/auth/signin').send({ email: admin.email, password: DEFAULT_PASSWORD });
    const before = sessionCookie(res);
    const as = await t.request().post('/api/auth/signinas').set('Cookie', before).send({ email: member.email });
    expect(as.status).toBe(200);
    expect(sessionCookie(as)).not.toBe(before);
    expect((await t.request().get('/api/auth/me').set('Cookie', before)).status).toBe(401);
  });

  it('lets an admin switch to every role and back, keeping the admin flag', async () => {
    const admin = await createUser(t.knex, { role: 'admin' });
    const agent = await signIn(t.agent(), admin);
    for (const role of ['coach', 'premium', 'course only', 'basic', 'admin'] as const) {
      const res = await agent.post('/api/auth/switch-role').send({ role });
      expect(res.status).toBe(200);
      expect(res.body.currentUser).toMatchObject({ role, isAdmin: true });
    }
    expect(await t.knex('audit_log').where({ actor_id: admin.id, action: 'user.switch-role' })).toHaveLength(5);
  });

  it('refuses a role switch from a non-admin and an unknown role', async () => {
    const coach = await signIn(t.agent(), await createUser(t.knex, { role: 'coach' }));
    expect((await coach.post('/api/auth/switch-role').send({ role: 'admin' })).status).toBe(403);
    const admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
    expect((await admin.post('/api/auth/switch-role').send({ role: 'superuser' })).status).toBe(400);
  });
});

describe('request hygiene', () => {
  it('refuses a state change from a foreign Origin or with a text/plain body', async () => {
    const user = await createUser(t.knex);
    const foreign = await t
      .request()
      .post('/api/auth/signin')
      .set('Origin', 'https://evil.example')
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(foreign.status).toBe(403);
    const plain = await t
      .request()
      .post('/api/auth/signin')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }));
    expect(plain.status).toBe(403);
    const allowed = await t
      .request()
      .post('/api/auth/signin')
      .set('Origin', t.config.publicUrl)
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(t.config.publicUrl);
  });

  it('sends security headers and no-store on the API', async () => {
    const res = await t.request().get('/api/auth/me');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('answers malformed JSON, arrays and huge bodies with 4xx, never 500', async () => {
    const bad = await t.request().post('/api/auth/signin').set('Content-Type', 'application/json').send('{"email":');
    expect(bad.status).toBe(400);
    const arr = await t
      .request()
      .post('/api/auth/signin')
      .send([{ email: 'a@b.c' }]);
    expect(arr.status).toBe(400);
    const huge = await t
      .request()
      .post('/api/auth/signin')
      .send({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const proto = await t
      .request()
      .post('/api/auth/signup')
      .send(
        JSON.parse(
          '{"__proto__":{"role":"admin"},"fullName":"P","email":"proto@example.test","password":"a-long-password"}',
        ),
      );
    expect([201, 400]).toContain(proto.status);
    const stored = await t.knex('users').where({ email: 'proto@example.test' }).first();
    expect(stored?.role ?? 'basic').toBe('basic');
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('answers an unknown API path with a 404 in the error shape', async () => {
    const res = await t.request().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});
