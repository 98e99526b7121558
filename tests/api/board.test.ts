import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_LIST_NAMES } from '../../shared/src/types/board';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import {
  actor,
  addCards,
  AFTER_CUTOFF,
  countQueries,
  listByName,
  MTN,
  readBoard,
  type Actor,
  fillTemplate,
} from './board-fixtures';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  await fillTemplate(admin);
});
afterAll(async () => {
  await t.close();
});

describe('reading a board', () => {
  it('requires a session for every Move the Needle call', async () => {
    const r = t.request();
    const calls = [
      r.get(`${MTN}/list/read-many`),
      r.post(`${MTN}/list/upsert`).send({ name: 'x' }),
      r.delete(`${MTN}/list/1`),
      r.post(`${MTN}/card/reorder`).send({}),
      r.post(`${MTN}/card/move`).send({}),
      r.post(`${MTN}/card/upsert`).send({}),
      r.get(`${MTN}/card/1`),
      r.delete(`${MTN}/card/1`),
      r.put(`${MTN}/reset`).send({}),
      r.get(`${MTN}/label/read-many`),
      r.post(`${MTN}/label/upsert`).send({}),
      r.post(`${MTN}/label/add`).send({}),
      r.post(`${MTN}/label/remove`).send({}),
      r.post(`${MTN}/attachment/upsert`).send({}),
      r.delete(`${MTN}/attachment/1`),
      r.post(`${MTN}/activity/upsert`).send({}),
      r.post(`${MTN}/checkList/upsert`).send({}),
      r.delete(`${MTN}/checkList`).send({ id: 1 }),
      r.post(`${MTN}/checkListItem/upsert`).send({}),
      r.delete(`${MTN}/checkListItem`).send({ id: 1 }),
      r.get(`${MTN}/summary`),
      r.get(`${MTN}/coaches`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });

  it('gives an admin the Master Template: the reserved lists, flagged as the template', async () => {
    const board = await readBoard(admin);
    expect(board.board).toMatchObject({ userId: admin.user.id, ownerName: 'Ada Admin', isTemplate: true });
    expect(board.lists.map((l) => l.name)).toEqual([...RESERVED_LIST_NAMES]);
    expect(board.lists.map((l) => l.position)).toEqual(RESERVED_LIST_NAMES.map((_, i) => i));
  });

  it('gives a second admin the same Master Template', async () => {
    const other = await actor(t, { role: 'admin' });
    const board = await readBoard(other);
    expect(board.board).toMatchObject({ userId: admin.user.id, isTemplate: true });
  });

  it("creates a premium member's board from the template the first time it is opened", async () => {
    const member = await actor(t, { role: 'premium', fullName: 'Priya Premium' });
    const board = await readBoard(member);
    expect(board.board).toEqual({
      userId: member.user.id,
      ownerName: 'Priya Premium',
      ownerPhotoUrl: null,
      ownerRole: 'premium',
      isTemplate: false,
    });
    expect(board.lists.map((l) => l.name)).toEqual([...RESERVED_LIST_NAMES]);
    const card = listByName(board, 'NOT STARTED').Cards[0]!;
    expect(card).toMatchObject({
      title: 'Pick a niche',
      hasDescription: true,
      attachmentsCount: 0,
      checkListItemsCount: 1,
      checkListItemsCompleted: 0,
      activitiesCount: 0,
      reviewSince: null,
    });
    expect(board.labels).toEqual([
      expect.objectContaining({ name: 'Research', color: 'blue-200', userId: member.user.id }),
    ]);
    expect(card.Labels).toEqual([board.labels[0]]);
    // Opening it again changes nothing.
    expect(await readBoard(member)).toEqual(board);
    expect(await t.knex('mtn_boards').where({ user_id: member.user.id }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('creates the board once when it is opened by two requests at the same time', async () => {
    const member = await actor(t, { role: 'premium' });
    const [a, b] = await Promise.all([readBoard(member), readBoard(member)]);
    expect(a).toEqual(b);
    const lists = await t.knex('mtn_lists').where({ user_id: member.user.id }).count<Array<{ n: number }>>('* as n');
    expect(Number(lists[0]!.n)).toBe(RESERVED_LIST_NAMES.length);
  });

  it.each([['basic'], ['course only']] as const)('returns 403 when a %s member opens Move the Needle', async (role) => {
    const member = await actor(t, { role });
    expect((await member.agent.get(`${MTN}/list/read-many`)).status).toBe(403);
    expect((await member.agent.get(`${MTN}/summary`)).status).toBe(403);
  });

  it('returns 403 to a premium member who joined on or after the cutoff', async () => {
    const member = await actor(t, { role: 'premium', createdAt: AFTER_CUTOFF });
    expect((await member.agent.get(`${MTN}/list/read-many`)).status).toBe(403);
    expect((await member.agent.post(`${MTN}/list/upsert`).send({ name: 'Mine' })).status).toBe(403);
  });

  it("lets a coach open their own board and any member's board by id, but not the template", async () => {
    const coach = await actor(t, { role: 'coach' });
    const member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
    expect((await readBoard(coach)).board.userId).toBe(coach.user.id);
    const board = await readBoard(coach, member.user.id);
    expect(board.board).toMatchObject({ userId: member.user.id, ownerName: 'Mia Member' });
    // A member who joined after the cutoff cannot see their board, but their coach may work on it.
    const late = await createUser(t.knex, { role: 'premium', createdAt: AFTER_CUTOFF });
    expect((await coach.agent.get(`${MTN}/list/read-many`).query({ userId: late.id })).status).toBe(200);
    expect((await coach.agent.get(`${MTN}/list/read-many`).query({ userId: admin.user.id })).status).toBe(403);
  });

  it("returns 403 when a premium member asks for another member's board, 404/403 for unknown ids", async () => {
    const a = await actor(t, { role: 'premium' });
    const b = await actor(t, { role: 'premium' });
    expect((await a.agent.get(`${MTN}/list/read-many`).query({ userId: b.user.id })).status).toBe(403);
    expect((await a.agent.get(`${MTN}/list/read-many`).query({ userId: 999999 })).status).toBe(403);
    expect((await admin.agent.get(`${MTN}/list/read-many`).query({ userId: 999999 })).status).toBe(404);
    expect((await admin.agent.get(`${MTN}/list/read-many`).query({ userId: 'abc' })).status).toBe(400);
    expect((await admin.agent.get(`${MTN}/list/read-many?userId=1&userId=2`)).status).toBe(400);
  });

  it('reads a board in the same number of queries whatever the number of cards', async () => {
    const member = await actor(t, { role: 'premium' });
    const board = await readBoard(member);
    const small = await countQueries(t.knex, () => readBoard(member));
    for (const list of board.lists) {
      const ids = await addCards(t.knex, list.id, 40);
      await t
        .knex('mtn_attachments')
        .insert(ids.map((id) => ({ card_id: id, file_url: '/uploads/x.png', file_name: 'x.png' })));
      const [cl] = await t.knex('mtn_checklists').insert({ card_id: ids[0], title: 'c' }).returning('id');
      await t.knex('mtn_checklist_items').insert([
        { checklist_id: cl.id, card_id: ids[0], title: 'a', completed: true },
        { checklist_id: cl.id, card_id: ids[0], title: 'b' },
      ]);
      await t.knex('mtn_activities').insert(ids.map((id) => ({ card_id: id, user_id: member.user.id, comment: 'hi' })));
    }
    const big = await readBoard(member);
    expect(big.lists.reduce((n, l) => n + l.Cards.length, 0)).toBeGreaterThanOrEqual(280);
    const card = big.lists[0]!.Cards.find((c) => c.checkListItemsCount === 2)!;
    expect(card).toMatchObject({ attachmentsCount: 1, checkListItemsCompleted: 1, activitiesCount: 1 });
    expect(await countQueries(t.knex, () => readBoard(member))).toBe(small);
    expect(small).toBeLessThanOrEqual(6);
  });
});

describe('the board read cache', () => {
  it('serves an unchanged board from its cache, and never a stale one after any change', async () => {
    const member = await actor(t, { role: 'premium' });
    const first = await readBoard(member);
    const card = listByName(first, 'NOT STARTED').Cards[0]!;
    // A change made outside this API instance (another server, or SQL) bumps the board version too.
    await t.knex('mtn_cards').where({ id: card.id }).update({ title: 'Renamed elsewhere' });
    const miss = await countQueries(t.knex, async () => {
      expect(listByName(await readBoard(member), 'NOT STARTED').Cards[0]!.title).toBe('Renamed elsewhere');
    });
    const hit = await countQueries(t.knex, () => readBoard(member));
    expect(hit).toBe(miss - 1);
    await t.knex('mtn_checklist_items').insert({
      checklist_id: (await t.knex('mtn_checklists').insert({ card_id: card.id, title: 'x' }).returning('id'))[0].id,
      card_id: card.id,
      title: 'y',
    });
    expect(listByName(await readBoard(member), 'NOT STARTED').Cards[0]!.checkListItemsCount).toBe(2);
    const label = await member.agent.post(`${MTN}/label/upsert`).send({ name: 'Fresh', color: 'pink-200' });
    expect((await readBoard(member)).labels.map((l) => l.name)).toContain('Fresh');
    await member.agent.post(`${MTN}/label/add`).send({ LabelId: label.body.label.id, CardId: card.id });
    expect(listByName(await readBoard(member), 'NOT STARTED').Cards[0]!.Labels.map((l) => l.id)).toContain(
      label.body.label.id,
    );
    await member.agent
      .post(`${MTN}/label/upsert`)
      .send({ id: label.body.label.id, name: 'Renamed', color: 'pink-200' });
    const renamed = await readBoard(member);
    expect(renamed.labels.find((l) => l.id === label.body.label.id)!.name).toBe('Renamed');
    expect(listByName(renamed, 'NOT STARTED').Cards[0]!.Labels.find((l) => l.id === label.body.label.id)!.name).toBe(
      'Renamed',
    );
  });

  it('sends the board gzipped to a client that accepts gzip: the same JSON, fresh after every change', async () => {
    const member = await actor(t, { role: 'premium', fullName: 'Zip Member' });
    await readBoard(member);
    // Raw HTTP, because supertest would gunzip the body before the test could see the bytes.
    const signin = await t
      .request()
      .post('/api/auth/signin')
      .send({ email: member.user.email, password: member.user.password });
    const cookie = (signin.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).join('; ');
    const { port } = t.server.address() as AddressInfo;
    /** The raw response bytes of a board read with the given Accept-Encoding. */
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; bytes: Buffer }>((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path: `${MTN}/list/read-many`,
            headers: { Cookie: cookie, 'Accept-Encoding': encoding },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              try {
                expect(res.statusCode).toBe(200);
                expect(res.headers.vary).toMatch(/Accept-Encoding/i);
                resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) });
              } catch (err) {
                reject(err instanceof Error ? err : new Error(String(err)));
              }
            });
          },
        );
        req.on('error', reject);
      });
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    const zipped = await raw('gzip, deflate');
    expect(zipped.encoding).toBe('gzip');
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length);
    expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));
    // Served again from the cache: byte for byte the same.
    expect((await raw('gzip')).bytes.equals(zipped.bytes)).toBe(true);

    // A change of the board, and a change of the owner's name (not a board change), both show.
    const card = listByName(JSON.parse(plain.bytes.toString('utf8')), 'NOT STARTED').Cards[0]!;
    await member.agent.post(`${MTN}/card/upsert`).send({ id: card.id, title: 'Zipped and renamed' });
    const afterCard = JSON.parse(gunzipSync((await raw('gzip')).bytes).toString('utf8'));
    expect(listByName(afterCard, 'NOT STARTED').Cards[0]!.title).toBe('Zipped and renamed');
    await t.knex('users').where({ id: member.user.id }).update({ full_name: 'Zip Renamed' });
    const afterName = JSON.parse(gunzipSync((await raw('gzip')).bytes).toString('utf8'));
    expect(afterName.board.ownerName).toBe('Zip Renamed');
    expect(JSON.parse((await raw('identity')).bytes.toString('utf8'))).toEqual(afterName);
  });
});

describe('the tiles\' facts (docs/areas/board.md, "Tiles")', () => {
  it("gives a coach the owner's name and photo, in the read's statements, and the template's for an admin", async () => {
    const coach = await actor(t, { role: 'coach' });
    const member = await actor(t, { role: 'premium', fullName: 'Pia Photo' });
    await readBoard(member);
    await t.knex('users').where({ id: member.user.id }).update({ photo_url: '/uploads/pia.png' });
    const before = await countQueries(t.knex, () => readBoard(coach, member.user.id));
    expect((await readBoard(coach, member.user.id)).board).toMatchObject({
      userId: member.user.id,
      ownerName: 'Pia Photo',
      ownerPhotoUrl: '/uploads/pia.png',
    });
    // A new photo shows at once (the owner's details are not part of the cached board).
    await t.knex('users').where({ id: member.user.id }).update({ photo_url: '/uploads/pia-2.png' });
    const queries = await countQueries(t.knex, async () => {
      expect((await readBoard(coach, member.user.id)).board.ownerPhotoUrl).toBe('/uploads/pia-2.png');
    });
    expect(queries).toBe(before);
    await t.knex('users').where({ id: admin.user.id }).update({ photo_url: '/uploads/ada.png' });
    const other = await actor(t, { role: 'admin' });
    expect((await readBoard(other)).board).toMatchObject({ userId: admin.user.id, ownerPhotoUrl: '/uploads/ada.png' });
  });

  it('says since when each FOR REVIEW card waits (its last entry there, by history) and null elsewhere', async () => {
    const member = await actor(t, { role: 'premium' });
    const board = await readBoard(member);
    const review = listByName(board, 'FOR REVIEW');
    const [older, newer] = await addCards(t.knex, review.id, 2, 'Waiting');
    // Cards made before history was kept: their last change.
    await t
      .knex('mtn_cards')
      .where({ id: older })
      .update({ updated_at: new Date('2026-01-02T03:04:05.678Z') });
    // A card moved in twice: the later entry counts, not the first, nor an entry into another list.
    await t.knex('mtn_card_events').insert([
      { card_id: newer, kind: 'moved', data: { toListId: review.id }, created_at: new Date('2026-02-01T10:00:00Z') },
      { card_id: newer, kind: 'moved', data: { toListId: review.id }, created_at: new Date('2026-03-01T10:00:00Z') },
      {
        card_id: newer,
        kind: 'moved',
        data: { toListId: review.id + 1 },
        created_at: new Date('2026-04-01T10:00:00Z'),
      },
    ]);
    const read = await readBoard(member);
    const cards = listByName(read, 'FOR REVIEW').Cards;
    expect(cards.find((c) => c.id === older)!.reviewSince).toBe('2026-01-02T03:04:05.678Z');
    expect(cards.find((c) => c.id === newer)!.reviewSince).toBe('2026-03-01T10:00:00.000Z');
    const elsewhere = read.lists.filter((l) => l.id !== review.id).flatMap((l) => l.Cards);
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(elsewhere.every((c) => c.reviewSince === null)).toBe(true);

    // Moved out and back in through the API: since the new entry, in the read and in its live patch.
    const card = listByName(read, 'NOT STARTED').Cards[0]!;
    const move = await member.agent.post(`${MTN}/card/move`).send({
      cardId: card.id,
      sourceListId: card.ListId,
      destListId: review.id,
      positionOnDestList: 0,
    });
    expect(move.status).toBe(200);
    const moved = listByName(await readBoard(member), 'FOR REVIEW').Cards.find((c) => c.id === card.id)!;
    const entered = await t
      .knex('mtn_card_events')
      .where({ card_id: card.id, kind: 'moved' })
      .max('created_at as at')
      .first();
    expect(moved.reviewSince).toBe(new Date(entered!.at as string).toISOString());
    // A comment on it (a board write, announced by the write's patch) keeps the same reviewSince.
    await member.agent.post(`${MTN}/activity/upsert`).send({ CardId: card.id, comment: 'Ready' });
    const event = await t
      .knex('live_events')
      .where({ topic: 'board', key: member.user.id })
      .orderBy('id', 'desc')
      .first<{ payload: unknown } | undefined>('payload');
    if (!event) throw new Error('no board event');
    const payload = (typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload) as {
      change: { cards: Array<{ id: number; reviewSince: string | null }> };
    };
    expect(payload.change.cards.find((c) => c.id === card.id)!.reviewSince).toBe(moved.reviewSince);
  });
});
