/**
 * The limits of the live event streams and the rule that a stream lives no longer than its session
 * (docs/areas/live.md, "Limits" and "A stream ends with its session"): a slow reader's buffer is
 * bounded and its stream closed, a user's streams are capped (the oldest goes), the process has a
 * ceiling (503 with Retry-After), and every way a session ends or its rights change ends the streams
 * it opened: sign-out, a password change (own, by an admin, by a reset token), idle and absolute
 * expiry, a Stripe webhook that blocks the member, a tag taken away. Runs on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL); across two instances in live-instances.test.ts.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveBus, publishEvent } from '../../api/src/features/live';
import { sha256 } from '../../api/src/core/session';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, DEFAULT_PASSWORD, type CreatedUser } from '../helpers/factories';
import { extractLink } from '../helpers/fake-smtp';
import { openSse, sessionCookie, type SseClient } from '../helpers/sse';
import { startStripeFake, type StripeFake } from '../helpers/fake-stripe';

let t: TestApp;
let fake: StripeFake;
let base: string;
let admin: CreatedUser;
let adminCookie: string;
const open: SseClient[] = [];
const sockets: net.Socket[] = [];
const BUFFER = 64 * 1024;

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    ...fake.env(),
    LIVE_HEARTBEAT_MS: '60000',
    LIVE_MAX_STREAMS_PER_USER: '3',
    LIVE_MAX_STREAMS: '12',
    LIVE_STREAM_BUFFER_BYTES: String(BUFFER),
    LIVE_SESSION_CHECK_MS: '100',
    SESSION_IDLE_MINUTES: '30',
  });
  base = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  admin = await createUser(t.knex, { role: 'admin' });
  adminCookie = await sessionCookie(base, admin);
});
afterAll(async () => {
  for (const c of open) c.close();
  for (const s of sockets) s.destroy();
  t.server.closeAllConnections();
  await t.close();
  await fake.close();
});

const streams = () => liveBus(t.knex).streams;

async function stream(cookie: string, query = '') {
  const c = await openSse(base, `/api/events${query}`, cookie);
  open.push(c);
  return c;
}

/** A state-changing call with a session cookie, as the browser makes it (same origin). */
function call(method: string, path: string, cookie: string | null, body?: unknown) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const url = new URL(path, base);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          Origin: url.origin,
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The session row's id of a cookie (`portal.sid=<key>; portal.sid.sig=...`). */
const sessionIdOf = (cookie: string) => sha256(/portal\.sid=([^;]+)/.exec(cookie)![1]!);

/** Resolves true if the stream is still open after the server had time to act (a later event proves it). */
async function stillOpen(c: SseClient, userId: number): Promise<boolean> {
  const marker = await publishEvent(t.knex, {
    topic: 'user',
    key: userId,
    type: 'notification',
    payload: { probe: 1 },
  });
  await c.next((e) => e.id === marker, 5_000);
  return true;
}

describe('a stream ends with its session', () => {
  it('sign-out ends the streams of that session only, not those of the user’s other sessions', async () => {
    const u = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const [mine, other] = [await sessionCookie(base, u), await sessionCookie(base, u)];
    const a = await stream(mine, `?board=${u.id}`);
    const b = await stream(mine);
    const elsewhere = await stream(other);
    expect((await call('POST', '/api/auth/signout', mine)).status).toBe(204);
    await Promise.all([a.ended, b.ended]);
    expect(await stillOpen(elsewhere, u.id)).toBe(true);
  });

  it('an own password change ends the other sessions’ streams and keeps the current one', async () => {
    const u = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const [current, other] = [await sessionCookie(base, u), await sessionCookie(base, u)];
    const kept = await stream(current);
    const gone = await stream(other);
    const res = await call('POST', '/api/user/upsert', current, { id: u.id, password: 'a-brand-new-password-1' });
    expect(res.status, res.body).toBe(200);
    await gone.ended;
    expect((await call('GET', '/api/auth/me', other)).status).toBe(401);
    expect(await stillOpen(kept, u.id)).toBe(true);
  });

  it('a password set by an admin ends every stream of the user', async () => {
    const u = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const s = await stream(await sessionCookie(base, u));
    const res = await call('POST', '/api/user/upsert', adminCookie, { id: u.id, password: 'set-by-the-admin-1' });
    expect(res.status, res.body).toBe(200);
    await s.ended;
  });

  it('a password reset by token ends every stream of the user', async () => {
    const u = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const s = await stream(await sessionCookie(base, u), `?board=${u.id}`);
    expect((await call('POST', '/api/auth/forgot-password', null, { email: u.email })).status).toBe(200);
    const link = extractLink((await t.smtp.waitFor(u.email)).raw, '/reset-password/')!;
    const token = link.split('/reset-password/')[1]!;
    const reset = await call('POST', `/api/auth/reset-password/${token}`, null, { password: 'reset-password-1' });
    expect(reset.status, reset.body).toBe(200);
    await s.ended;
  });

  it('idle expiry and absolute expiry end the stream within one check (no request needed)', async () => {
    const u = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const [idle, old] = [await sessionCookie(base, u), await sessionCookie(base, u)];
    const a = await stream(idle);
    const b = await stream(old);
    // Nothing but the clock: the rows change as time would change them (no trigger fires for these columns).
    await t
      .knex('sessions')
      .where({ id: sessionIdOf(idle) })
      .update({ last_seen_at: new Date(Date.now() - 31 * 60_000) });
    await a.ended;
    expect(await stillOpen(b, u.id)).toBe(true);
    await t
      .knex('sessions')
      .where({ id: sessionIdOf(old) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await b.ended;
  });

  it('a Stripe webhook that makes the member past_due ends their stream; reads are 403', async () => {
    const customer = fake.addCustomer();
    const u = await createUser(t.knex, {
      role: 'premium',
      stripeStatus: 'active',
      stripeCustomerId: customer,
      createdAt: '2024-06-01T12:00:00Z',
    });
    const cookie = await sessionCookie(base, u);
    const s = await stream(cookie, `?board=${u.id}`);
    const evt = {
      id: `evt_live_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_live', customer, status: 'past_due', created: Math.floor(Date.now() / 1000) } },
    };
    const payload = JSON.stringify(evt);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    const hook = await t
      .request()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload);
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    await s.ended;
    expect((await call('GET', '/api/move-the-needle/list/read-many', cookie)).status).toBe(403);
    const again = await stream(cookie, `?board=${u.id}`);
    expect(again.status).toBe(403);
  });

  it('a role change or a tag taken away ends the stream; a coach demoted can no longer open one on a member', async () => {
    const tag = await createTag(t.knex, 'Live limits tag');
    const member = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const tagged = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z', tags: [tag.id] });
    const coach = await createUser(t.knex, { role: 'coach' });
    const coachCookie = await sessionCookie(base, coach);
    const onMember = await stream(coachCookie, `?board=${member.id}`);
    const taggedStream = await stream(await sessionCookie(base, tagged));
    await t.knex('user_tags').where({ user_id: tagged.id }).del();
    await taggedStream.ended;
    const res = await call('POST', '/api/user/upsert', adminCookie, { id: coach.id, role: 'basic' });
    expect(res.status, res.body).toBe(200);
    await onMember.ended;
    // The new role revokes the coach's sessions (401); with a session it would be refused (403).
    expect([401, 403]).toContain((await stream(coachCookie, `?board=${member.id}`)).status);
  });
});

describe('limits', () => {
  it('a user’s extra stream closes their oldest one (LIVE_MAX_STREAMS_PER_USER)', async () => {
    const u = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const cookie = await sessionCookie(base, u);
    const first = await stream(cookie);
    const rest = [await stream(cookie), await stream(cookie)];
    expect(streams().countOf(u.id)).toBe(3);
    const fourth = await stream(cookie);
    expect(fourth.status).toBe(200);
    await first.ended;
    expect(streams().countOf(u.id)).toBe(3);
    for (const s of [...rest, fourth]) expect(await stillOpen(s, u.id)).toBe(true);
    for (const s of [...rest, fourth]) s.close();
  });

  it('past the process ceiling (LIVE_MAX_STREAMS) a new stream is a 503 with Retry-After, and opens again once one closes', async () => {
    for (const c of open) c.close();
    await expect.poll(() => streams().size).toBe(0);
    const users = await Promise.all(
      Array.from({ length: 4 }, () => createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' })),
    );
    const held: SseClient[] = [];
    for (const u of users) {
      const cookie = await sessionCookie(base, u);
      for (let i = 0; i < 3; i += 1) held.push(await stream(cookie));
    }
    expect(streams().size).toBe(12);
    const refused = await openSse(base, '/api/events', adminCookie);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'live_streams_full' } });
    expect((await call('GET', '/api/health', null)).status).toBe(200);
    held[0]!.close();
    await expect.poll(() => streams().size).toBe(11);
    expect((await stream(adminCookie)).status).toBe(200);
    for (const s of held) s.close();
  });

  it('a client that stops reading is closed once its buffer passes the bound, and its memory is released', async () => {
    for (const c of open) c.close();
    await expect.poll(() => streams().size).toBe(0);
    const u = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const cookie = await sessionCookie(base, u);
    // The paused client: a raw socket that sends its request, reads the head, then reads no more.
    const { port } = t.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.setNoDelay(true);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(`GET /api/events?board=${u.id} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
    const head = await new Promise<string>((r) => socket.once('data', (d: Buffer) => r(d.toString('utf8'))));
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    socket.pause();
    await expect.poll(() => streams().countOf(u.id)).toBe(1);

    // Events of 20 KB until the server gives up on the reader (at most 1,000: 20 MB). The kernel's
    // socket buffers on loopback take the first few MB, then the server's own buffer grows to the
    // bound and the stream is closed.
    const pad = 'x'.repeat(20_000);
    let peak = 0;
    let sent = 0;
    while (sent < 1000 && streams().countOf(u.id) === 1) {
      await publishEvent(t.knex, { topic: 'board', key: u.id, type: 'board', payload: { pad, n: sent } });
      sent += 1;
      await new Promise((r) => setImmediate(r));
      peak = Math.max(peak, streams().bufferedBytes());
    }
    await expect.poll(() => streams().countOf(u.id), { timeout: 10_000 }).toBe(0);
    console.log(`slow reader: closed after ${sent} events of 20 KB; peak unsent ${(peak / 1024).toFixed(0)} KiB`);
    expect(sent).toBeLessThan(1000);
    // Never more than the bound plus the event that passed it, across every stream of the process.
    expect(peak).toBeLessThanOrEqual(BUFFER + 21_000);
    expect(streams().bufferedBytes()).toBeLessThan(21_000);
    socket.destroy();
  });
});

it('the stream’s session id is the one the cookie names (the check reads that row)', async () => {
  const u = await createUser(t.knex, { role: 'basic', password: DEFAULT_PASSWORD });
  const cookie = await sessionCookie(base, u);
  expect(
    await t
      .knex('sessions')
      .where({ id: sessionIdOf(cookie) })
      .first(),
  ).toBeTruthy();
});
