/**
 * Live events across API instances (docs/areas/live.md): a card moved through instance A reaches an SSE
 * client of instance B. The test prints how long that took but asserts no time (a loaded CI machine
 * would make it flaky); `npm run bench -- live` measures the fan-out. On PostgreSQL
 * (TEST_DATABASE_URL): two real server processes on one database, the fan-out going through
 * LISTEN/NOTIFY. On the embedded database (one process owns it): two apps in this process on the
 * same database object.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardEvent } from '../../shared/src/types/live';
import type { NotificationItem } from '../../shared/src/types';
import type { BoardResponse } from '../../shared/src/types/board';
import { createApp } from '../../api/src/app';
import { createLogger } from '../../api/src/core/context';
import { createTestApp, type TestApp } from '../helpers/app';
import { testServerUrl } from '../helpers/db';
import { createUser, signIn } from '../helpers/factories';
import { ADMIN, freePort, run, serverEnvironment, type RunningProcess } from '../helpers/server-process';
import { openSse, sessionCookie, type SseClient } from '../helpers/sse';
import { BEFORE_CUTOFF } from './board-fixtures';

const MTN = '/api/move-the-needle';
const onPostgres = testServerUrl() !== null;
/** How long to wait for an event before the test fails: a bound on a hang, not a latency goal. */
const LIVE_WAIT_MS = 10_000;

let baseA: string;
let baseB: string;
let credentials: { email: string; password: string };
/** The shared database, to make users in (the processes' on PostgreSQL, the apps' on PGlite). */
let db: Knex;
const teardown: Array<() => Promise<void> | void> = [];
const streams: SseClient[] = [];

beforeAll(async () => {
  if (onPostgres) {
    const [portA, portB] = [await freePort(), await freePort()];
    const environment = await serverEnvironment(portA);
    teardown.push(environment.cleanup);
    const envB = { ...environment.env, PORT: String(portB), PUBLIC_URL: `http://127.0.0.1:${portB}` };
    const processes: RunningProcess[] = [];
    const a = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], environment.env);
    processes.push(a);
    teardown.unshift(() => {
      for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    });
    await a.waitFor(/Portal running on/); // A migrates and creates the admin first
    const b = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], envB);
    processes.push(b);
    await b.waitFor(/Portal running on/);
    baseA = `http://127.0.0.1:${portA}`;
    baseB = `http://127.0.0.1:${portB}`;
    credentials = ADMIN;
    db = environment.knex!;
    return;
  }
  const t: TestApp = await createTestApp();
  teardown.push(() => t.close());
  const appB = createApp({ config: t.config, knex: t.knex, log: createLogger('silent') });
  const callback = appB.callback();
  const serverB = http.createServer((req, res) => void callback(req, res));
  await new Promise<void>((r) => serverB.listen(0, '127.0.0.1', r));
  teardown.unshift(
    () =>
      new Promise<void>((r) => {
        serverB.closeAllConnections();
        serverB.close(() => r());
      }),
  );
  baseA = `http://127.0.0.1:${(t.server.address() as AddressInfo).port}`;
  baseB = `http://127.0.0.1:${(serverB.address() as AddressInfo).port}`;
  credentials = await createUser(t.knex, { role: 'admin' });
  db = t.knex;
}, 180_000);

afterAll(async () => {
  for (const s of streams) s.close();
  for (const step of teardown) await step();
});

describe(`two API instances on one database (${onPostgres ? 'PostgreSQL, two processes' : 'PGlite, two apps'})`, () => {
  it('a card moved through A reaches an SSE client of B, and B reads the same board', async () => {
    const agentA = await signIn(supertest.agent(baseA), credentials);
    const board = (await agentA.get(`${MTN}/list/read-many`)).body as BoardResponse;
    const ownerId = board.board.userId;
    const [from, to] = [board.lists[0]!, board.lists[1]!];
    const created = await agentA.post(`${MTN}/card/upsert`).send({ title: 'Across instances', ListId: from.id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cardId = created.body.card.id as number;

    // The stream's session comes from A: B knows it from the shared database (no sticky sessions).
    const s = await openSse(baseB, `/api/events?board=${ownerId}`, await sessionCookie(baseA, credentials));
    streams.push(s);
    expect(s.status).toBe(200);

    const took: number[] = [];
    for (let round = 0; round < 3; round++) {
      const [src, dest] = round % 2 === 0 ? [from, to] : [to, from];
      const started = performance.now();
      const moved = await agentA
        .post(`${MTN}/card/move`)
        .send({ cardId, sourceListId: src.id, destListId: dest.id, positionOnDestList: 0 });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const e = await s.next((x) => {
        const d = x.data as BoardEvent;
        return x.event === 'board' && d.change.kind === 'patch' && d.change.cards[0]?.ListId === dest.id;
      }, LIVE_WAIT_MS);
      took.push(Math.round(performance.now() - started));
      expect((e.data as BoardEvent).change).toMatchObject({ cards: [{ id: cardId, ListId: dest.id, position: 0 }] });
      s.events.length = 0;

      const agentB = await signIn(supertest.agent(baseB), credentials);
      const onB = (await agentB.get(`${MTN}/list/read-many`)).body as BoardResponse;
      expect(onB.lists.find((l) => l.id === dest.id)!.Cards[0]!.id).toBe(cardId);
    }
    console.log(`move on A -> event on B, request to arrival: ${took.join(', ')} ms`);
  });

  it('a notification created on A reaches the member on B: in their stream and listed by B', async () => {
    const member = await createUser(db, { role: 'premium', fullName: 'Member Across', createdAt: BEFORE_CUTOFF });
    const memberA = await signIn(supertest.agent(baseA), member);
    const board = (await memberA.get(`${MTN}/list/read-many`)).body as BoardResponse;
    const created = await memberA
      .post(`${MTN}/card/upsert`)
      .send({ title: 'Plan across instances', ListId: board.lists[0]!.id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cardId = created.body.card.id as number;

    // The member's own stream, on B, with a session made on B.
    const s = await openSse(baseB, '/api/events', await sessionCookie(baseB, member));
    streams.push(s);
    expect(s.status).toBe(200);

    // The admin comments through A: the member is notified in that transaction.
    const adminA = await signIn(supertest.agent(baseA), credentials);
    const commented = await adminA
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'Seen from the other instance', CardId: cardId, mentionedUsers: [] });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);

    const e = await s.next((x) => x.event === 'notification', LIVE_WAIT_MS);
    const pushed = e.data as NotificationItem;
    expect(pushed).toMatchObject({ type: 'comment', card: { id: cardId, title: 'Plan across instances' } });

    const memberB = await signIn(supertest.agent(baseB), member);
    const inbox = await memberB.get('/api/notification/read-many');
    expect(inbox.status).toBe(200);
    expect(inbox.body.unread).toBe(1);
    expect(inbox.body.notifications).toEqual([pushed]);
  });

  it('a community post made through A appears live on a space open through B; a space one may not see opens no stream', async () => {
    const member = await createUser(db, { role: 'basic', fullName: 'Member Watching' });
    const author = await createUser(db, { role: 'premium', fullName: 'Member Posting' });
    const authorA = await signIn(supertest.agent(baseA), author);
    const spaces = (await authorA.get('/api/community/spaces')).body.spaces as Array<{ id: number; name: string }>;
    const wins = spaces.find((x) => x.name === 'Wins')!;

    const s = await openSse(baseB, `/api/events?space=${wins.id}`, await sessionCookie(baseB, member));
    streams.push(s);
    expect(s.status).toBe(200);
    const posted = await authorA
      .post('/api/community/post/upsert')
      .send({ spaceId: wins.id, title: 'First sale across instances', body: 'It sold!' });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const postId = posted.body.post.id as number;
    const e = await s.next((x) => x.event === 'community', LIVE_WAIT_MS);
    expect(e.data).toEqual({ kind: 'post', spaceId: wins.id, postId });

    // What the event names, B serves to the member who was told.
    const memberB = await signIn(supertest.agent(baseB), member);
    const feed = await memberB.get('/api/community/posts').query({ spaceId: wins.id });
    expect(feed.body.posts[0]).toMatchObject({ id: postId, title: 'First sale across instances' });

    const adminA = await signIn(supertest.agent(baseA), credentials);
    const secret = await adminA.post('/api/community/space/upsert').send({ name: 'Coaches only', roles: ['coach'] });
    expect(secret.status, JSON.stringify(secret.body)).toBe(200);
    expect((await memberB.get('/api/events').query({ space: secret.body.space.id })).status).toBe(404);
  });

  it('a password set through A ends the member’s stream on B at once, and a role change through A ends a coach’s', async () => {
    const member = await createUser(db, { role: 'premium', fullName: 'Member Reset', createdAt: BEFORE_CUTOFF });
    const coach = await createUser(db, { role: 'coach', fullName: 'Coach Demoted' });
    const memberStream = await openSse(baseB, `/api/events?board=${member.id}`, await sessionCookie(baseB, member));
    const coachStream = await openSse(baseB, `/api/events?board=${member.id}`, await sessionCookie(baseB, coach));
    streams.push(memberStream, coachStream);
    expect([memberStream.status, coachStream.status]).toEqual([200, 200]);

    const adminA = await signIn(supertest.agent(baseA), credentials);
    const set = await adminA.post('/api/user/upsert').send({ id: member.id, password: 'set-on-instance-a-1' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await withTimeout(memberStream.ended, 'the member’s stream on B did not end');
    const demoted = await adminA.post('/api/user/upsert').send({ id: coach.id, role: 'basic' });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    await withTimeout(coachStream.ended, 'the coach’s stream on B did not end');
  });
});

/** A bound on a hang, not a latency goal. */
function withTimeout(p: Promise<void>, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), LIVE_WAIT_MS);
    void p.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
