/**
 * GET /api/events (docs/areas/live.md): the live stream of a board and of one's own events, through the
 * endpoint chain (401, 400, 403 before the stream opens), board events published in the write's
 * transaction, Last-Event-ID replay and resync, heartbeats, and the streams a sign-out, a role
 * change, sign-in-as or a deletion ends (more in live-limits.test.ts; two instances: live-instances.test.ts). Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardEvent } from '../../shared/src/types/live';
import { publishEvent, publishNotification } from '../../api/src/features/live';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { openSse, sessionCookie, type SseClient, type SseEvent } from '../helpers/sse';
import { actor, fillTemplate, listByName, MTN, readBoard, type Actor } from './board-fixtures';

let t: TestApp;
let base: string;
let admin: Actor;
let member: Actor;
let other: Actor;
let coach: Actor;
const cookies = new Map<Actor, string>();
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ LIVE_HEARTBEAT_MS: '100' });
  base = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  await fillTemplate(admin);
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  other = await actor(t, { role: 'premium', fullName: 'Otto Other' });
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  for (const a of [admin, member, other, coach]) cookies.set(a, await sessionCookie(base, a.user));
  await readBoard(member); // the member's board, copied from the template
  await readBoard(other);
});
afterAll(async () => {
  for (const c of open) c.close();
  t.server.closeAllConnections();
  await t.close();
});

async function stream(a: Actor | string | null, query = '', headers: Record<string, string> = {}, at = base) {
  const cookie = typeof a === 'string' || a === null ? a : cookies.get(a)!;
  const c = await openSse(at, `/api/events${query}`, cookie, headers);
  open.push(c);
  return c;
}

/** A state-changing call with a session cookie, as the browser makes it (same origin); resolves the status. */
function post(path: string, cookie: string, body: unknown = {}) {
  const payload = JSON.stringify(body);
  const url = new URL(path, base);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          Origin: url.origin,
          Cookie: cookie,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const isBoard = (pred: (e: BoardEvent) => boolean) => (e: SseEvent) =>
  e.event === 'board' && pred(e.data as BoardEvent);

async function moveFirstCard(a: Actor, ownerId?: number) {
  const board = await readBoard(a, ownerId);
  const from = listByName(board, 'NOT STARTED');
  const to = listByName(board, 'IN PROGRESS');
  const card = from.Cards[0]!;
  const res = await a.agent
    .post(`${MTN}/card/move`)
    .send({ cardId: card.id, sourceListId: from.id, destListId: to.id, positionOnDestList: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { card, from, to };
}

async function moveBack(a: Actor, cardId: number, from: number, to: number) {
  const res = await a.agent
    .post(`${MTN}/card/move`)
    .send({ cardId, sourceListId: from, destListId: to, positionOnDestList: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('GET /api/events: the chain before the stream', () => {
  it('is 401 without a session', async () => {
    const c = await stream(null, `?board=${member.user.id}`);
    expect(c.status).toBe(401);
  });

  it('is 400 for a board that is not an id', async () => {
    const c = await stream(member, '?board=abc');
    expect(c.status).toBe(400);
    expect(JSON.parse(c.body).error.fields).toHaveProperty('board');
  });

  it("is 403 (a JSON answer, no stream) for a member on another member's board", async () => {
    const c = await stream(other, `?board=${member.user.id}`);
    expect(c.status).toBe(403);
    expect(c.headers['content-type']).toMatch(/application\/json/);
  });

  it('is 403 for a coach on an admin board (the Master Template), 404 for an admin on an unknown user', async () => {
    expect((await stream(coach, `?board=${admin.user.id}`)).status).toBe(403);
    expect((await stream(admin, '?board=999999')).status).toBe(404);
  });

  it('opens for the owner, a coach and an admin on a member board, and for anyone on their own events', async () => {
    for (const a of [member, coach, admin]) {
      const c = await stream(a, `?board=${member.user.id}`);
      expect(c.status).toBe(200);
      expect(c.headers['content-type']).toMatch(/^text\/event-stream/);
      c.close();
    }
    const own = await stream(other);
    expect(own.status).toBe(200);
    own.close();
  });
});

describe('board events', () => {
  it('a move reaches the coach with the card as the board read shows it, the version and the owner', async () => {
    const c = await stream(coach, `?board=${member.user.id}`);
    const { card, from, to } = await moveFirstCard(member);
    const e = await c.next(isBoard((d) => d.change.kind === 'patch' && d.change.cards.some((x) => x.id === card.id)));
    const data = e.data as BoardEvent;
    expect(e.id).toBeGreaterThan(0);
    expect(data.ownerId).toBe(member.user.id);
    const version = await t.knex('mtn_boards').where({ user_id: member.user.id }).first('version');
    expect(data.version).toBe(Number(version.version));
    // The stream began with the version it started at, and the board read says which version it shows.
    expect(c.events[0]).toMatchObject({ id: null, event: 'ready' });
    expect((c.events[0]!.data as { version: number }).version).toBeLessThan(data.version);
    expect((await readBoard(member)).version).toBe(data.version);
    expect(data.change).toEqual({
      kind: 'patch',
      cards: [{ ...card, ListId: to.id, position: 0 }],
      removedCardIds: [],
      lists: [],
      removedListIds: [],
    });
    await moveBack(member, card.id, to.id, from.id);
    c.close();
  });

  it("a member's own-events stream carries no board events, and another board's stream none of this board", async () => {
    const own = await stream(member);
    const otherBoard = await stream(other, `?board=${other.user.id}`);
    const { card, from, to } = await moveFirstCard(member);
    await moveBack(member, card.id, to.id, from.id);
    // The owner's board stream sees both; give the others time to (wrongly) receive them.
    const watch = await stream(member, `?board=${member.user.id}`);
    await moveFirstCard(member).then(({ card: c2, from: f2, to: t2 }) => moveBack(member, c2.id, t2.id, f2.id));
    await watch.next((e) => e.event === 'board');
    expect(own.events).toEqual([]);
    expect(otherBoard.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('an edit, a comment and an archive each patch the card; a list rename patches the list', async () => {
    const c = await stream(member, `?board=${member.user.id}`);
    const board = await readBoard(member);
    const list = listByName(board, 'NOT STARTED');
    const card = list.Cards[0]!;
    await member.agent.post(`${MTN}/card/upsert`).send({ id: card.id, title: 'Renamed live' });
    await c.next(isBoard((d) => d.change.kind === 'patch' && d.change.cards[0]?.title === 'Renamed live'));
    await member.agent.post(`${MTN}/activity/upsert`).send({ comment: 'Live comment', CardId: card.id });
    await c.next(
      isBoard((d) => d.change.kind === 'patch' && d.change.cards[0]?.activitiesCount === card.activitiesCount + 1),
    );
    const created = await member.agent.post(`${MTN}/list/upsert`).send({ name: 'Live list' });
    expect(created.status).toBe(200);
    await c.next(isBoard((d) => d.change.kind === 'patch' && d.change.lists[0]?.name === 'Live list'));
    const archived = await member.agent.post(`${MTN}/card/archive`).send({ id: card.id });
    expect(archived.status).toBe(200);
    await c.next(isBoard((d) => d.change.kind === 'patch' && d.change.removedCardIds.includes(card.id)));
    await member.agent.post(`${MTN}/card/restore`).send({ id: card.id });
    await c.next(isBoard((d) => d.change.kind === 'patch' && d.change.cards[0]?.id === card.id));
  });

  it('a reset is a reset event; a refused or rolled-back write publishes nothing', async () => {
    const c = await stream(member, `?board=${member.user.id}`);
    const board = await readBoard(member);
    const before = await t.knex('live_events').count<Array<{ n: number }>>('* as n').first();
    const stale = await member.agent.post(`${MTN}/card/move`).send({
      cardId: listByName(board, 'NOT STARTED').Cards[0]!.id,
      sourceListId: listByName(board, 'COMPLETED').id,
      destListId: listByName(board, 'IN PROGRESS').id,
      positionOnDestList: 0,
    });
    expect(stale.status).toBe(409);
    const refused = await other.agent.post(`${MTN}/list/upsert`).send({ name: 'Nope', userId: member.user.id });
    expect(refused.status).toBe(403);
    const after = await t.knex('live_events').count<Array<{ n: number }>>('* as n').first();
    expect(Number(after!.n)).toBe(Number(before!.n));
    const reset = await member.agent.put(`${MTN}/reset`).send({});
    expect(reset.status).toBe(200);
    await c.next(isBoard((d) => d.change.kind === 'reset'));
  });
});

describe('notification events', () => {
  it("reach the recipient's streams (with or without a board) after the commit, never another user's", async () => {
    const own = await stream(member);
    const onBoard = await stream(member, `?board=${member.user.id}`);
    const others = await stream(other);
    const coachOnBoard = await stream(coach, `?board=${member.user.id}`);
    await t.knex
      .transaction(async (trx) => {
        await publishNotification(trx, member.user.id, { id: 1, type: 'comment', text: 'rolled back' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.knex.transaction((trx) =>
      publishNotification(trx, member.user.id, { id: 2, type: 'comment', text: 'Cora commented' }),
    );
    for (const s of [own, onBoard]) {
      const e = await s.next((x) => x.event === 'notification');
      expect(e.data).toEqual({ id: 2, type: 'comment', text: 'Cora commented' });
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(own.events.filter((e) => e.event === 'notification')).toHaveLength(1);
    expect(others.events).toEqual([]);
    expect(coachOnBoard.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it("a coach's comment on a member's card reaches the member's stream as the inbox shows it", async () => {
    const own = await stream(member);
    const coachOwn = await stream(coach);
    const board = await readBoard(member);
    const card = listByName(board, 'NOT STARTED').Cards[0]!;
    const res = await coach.agent.post(`${MTN}/activity/upsert`).send({ comment: 'Looks good', CardId: card.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const e = await own.next((x) => x.event === 'notification' && (x.data as { type?: string }).type === 'comment');
    expect(e.data).toMatchObject({
      type: 'comment',
      readAt: null,
      actor: { id: coach.user.id, fullName: 'Cora Coach' },
      card: { id: card.id, title: card.title, ownerId: member.user.id },
    });
    const inbox = await member.agent.get('/api/notification/read-many?page=1&itemsPerPage=5');
    expect(inbox.body.notifications[0]).toEqual(e.data);
    await new Promise((r) => setTimeout(r, 100));
    expect(coachOwn.events.filter((x) => x.event === 'notification')).toEqual([]);
  });
});

describe('replay, resync and heartbeats', () => {
  it('a reconnect with Last-Event-ID gets what it missed, in order, and only its own topics', async () => {
    const c = await stream(coach, `?board=${member.user.id}`);
    const first = await moveFirstCard(member);
    const e1 = await c.next((e) => e.event === 'board');
    c.close();
    await moveBack(member, first.card.id, first.to.id, first.from.id);
    await moveFirstCard(other); // another board: not replayed
    await publishEvent(t.knex, { topic: 'user', key: coach.user.id, type: 'notification', payload: { n: 1 } });
    await publishEvent(t.knex, { topic: 'user', key: member.user.id, type: 'notification', payload: { n: 2 } });
    const again = await stream(coach, `?board=${member.user.id}`, { 'Last-Event-ID': String(e1.id) });
    const note = await again.next((e) => e.event === 'notification');
    expect(note.data).toEqual({ n: 1 });
    const replayed = again.events.filter((e) => e.event !== 'ready');
    expect(replayed.map((e) => e.event)).toEqual(['board', 'notification']);
    expect((replayed[0]!.data as BoardEvent).ownerId).toBe(member.user.id);
    expect(replayed[0]!.id).toBeGreaterThan(e1.id!);
    expect(replayed[1]!.id).toBeGreaterThan(replayed[0]!.id!);
  });

  it('sends resync when Last-Event-ID is older than what is kept', async () => {
    await publishEvent(t.knex, { topic: 'user', key: member.user.id, type: 'notification', payload: {} });
    const newest = await t.knex('live_events').max<{ max: number }>('id as max').first();
    await t.knex('live_events').where('id', '<', newest!.max).del();
    const c = await stream(member, `?board=${member.user.id}`, { 'Last-Event-ID': '1' });
    const e = await c.next((x) => x.event === 'resync');
    expect(e.id).toBe(Number(newest!.max));
  });

  it('sends a heartbeat comment every LIVE_HEARTBEAT_MS', async () => {
    const c = await stream(member);
    await new Promise((r) => setTimeout(r, 350));
    expect(c.heartbeats).toBeGreaterThanOrEqual(2);
  });
});

describe('streams that end', () => {
  it('on sign-out: every stream of that session ends at once', async () => {
    const u = await actor(t, { role: 'premium' });
    const cookie = await sessionCookie(base, u.user);
    await readBoard(u);
    const a = await stream(cookie, `?board=${u.user.id}`);
    const b = await stream(cookie);
    const bystander = await stream(member);
    const res = await post('/api/auth/signout', cookie);
    expect(res).toBe(204);
    await Promise.all([a.ended, b.ended]);
    expect(bystander.events).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(bystander.headers['content-type']).toMatch(/event-stream/);
  });

  it("on a role change by an admin, and the user's new role decides the next stream", async () => {
    const u = await actor(t, { role: 'coach' });
    const cookie = await sessionCookie(base, u.user);
    const s = await stream(cookie, `?board=${member.user.id}`);
    expect(s.status).toBe(200);
    const res = await admin.agent.post('/api/user/upsert').send({ id: u.user.id, role: 'basic' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await s.ended;
    const again = await stream(cookie, `?board=${member.user.id}`);
    expect([401, 403]).toContain(again.status);
  });

  it('on a role change of many users at once (upgrade-role)', async () => {
    const [u1, u2] = [await actor(t, { role: 'basic' }), await actor(t, { role: 'basic' })];
    const s1 = await stream(await sessionCookie(base, u1.user));
    const s2 = await stream(await sessionCookie(base, u2.user));
    const res = await admin.agent
      .post('/api/user/upgrade-role')
      .send({ users: [u1.user.id, u2.user.id], newRole: 'premium' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await Promise.all([s1.ended, s2.ended]);
  });

  it("on sign-in-as (the admin's streams) and on deleting the user", async () => {
    const a2 = await actor(t, { role: 'admin' });
    const adminCookie = await sessionCookie(base, a2.user);
    const adminStream = await stream(adminCookie);
    const victim = await createUser(t.knex, { role: 'premium', createdAt: '2024-06-01T12:00:00Z' });
    const victimStream = await stream(await sessionCookie(base, victim));
    // The admin's session becomes the member's: the streams it opened as the admin end.
    expect(await post('/api/auth/signinas', adminCookie, { email: victim.email })).toBe(200);
    await adminStream.ended;
    const del = await admin.agent.delete(`/api/user/${victim.id}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await victimStream.ended;
  });
});
