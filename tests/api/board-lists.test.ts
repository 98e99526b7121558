import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_LIST_NAMES } from '../../shared/src/types/board';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import {
  actor,
  addCards,
  expectContiguous,
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

describe('lists', () => {
  it('adds a list at the end or at a position, shifting the lists after it', async () => {
    const member = await actor(t, { role: 'premium' });
    await readBoard(member);
    const res = await member.agent.post(`${MTN}/list/upsert`).send({ name: 'Ideas' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ list: { name: 'Ideas', position: 7, userId: member.user.id }, isNew: true });
    const second = await member.agent.post(`${MTN}/list/upsert`).send({ name: 'Today', position: 0 });
    expect(second.body.list.position).toBe(0);
    const board = await readBoard(member);
    expect(board.lists.map((l) => l.name).slice(0, 2)).toEqual(['Today', 'NOT STARTED']);
    expect(board.lists.at(-1)!.name).toBe('Ideas');
    await expectContiguous(t.knex);
  });

  it('renames and moves a list, but never renames or reuses a reserved name', async () => {
    const member = await actor(t, { role: 'premium' });
    const board = await readBoard(member);
    const made = await member.agent.post(`${MTN}/list/upsert`).send({ name: 'Someday' });
    const moved = await member.agent
      .post(`${MTN}/list/upsert`)
      .send({ id: made.body.list.id, name: 'Later', position: 1 });
    expect(moved.body).toMatchObject({ list: { name: 'Later', position: 1 }, isNew: false });
    const reserved = listByName(board, 'COMPLETED');
    const rename = await member.agent.post(`${MTN}/list/upsert`).send({ id: reserved.id, name: 'Done' });
    expect(rename.status).toBe(400);
    expect(rename.body.error.fields.name).toBeTruthy();
    for (const name of ['completed', ' On Hold ']) {
      const dup = await member.agent.post(`${MTN}/list/upsert`).send({ name });
      expect(dup.status).toBe(400);
      expect(dup.body.error.fields).toEqual({ name: 'This list name is reserved' });
    }
    // Moving a reserved list (same name) is fine.
    const move = await member.agent
      .post(`${MTN}/list/upsert`)
      .send({ id: reserved.id, name: 'COMPLETED', position: 0 });
    expect(move.status).toBe(200);
    await expectContiguous(t.knex);
  });

  it('rejects an empty or overlong name with a field error', async () => {
    const member = await actor(t, { role: 'premium' });
    await readBoard(member);
    const empty = await member.agent.post(`${MTN}/list/upsert`).send({ name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ name: 'This field cannot be empty' });
    expect((await member.agent.post(`${MTN}/list/upsert`).send({ name: 'x'.repeat(101) })).status).toBe(400);
    expect((await member.agent.post(`${MTN}/list/upsert`).send({ name: ['a'] })).status).toBe(400);
    expect((await member.agent.post(`${MTN}/list/upsert`).send({ name: 'ok', position: -1 })).status).toBe(400);
  });

  it('refuses a 51st list with a 409', async () => {
    const member = await actor(t, { role: 'premium' });
    await readBoard(member);
    await t
      .knex('mtn_lists')
      .insert(Array.from({ length: 43 }, (_, i) => ({ user_id: member.user.id, name: `L${i}`, position: 7 + i })));
    const res = await member.agent.post(`${MTN}/list/upsert`).send({ name: 'One too many' });
    expect(res.status).toBe(409);
    expect(res.body.error.fields.name).toBe('A board holds at most 50 lists');
  });

  it('lets only an admin delete a list, never a reserved one, and closes the gap', async () => {
    const member = await actor(t, { role: 'premium' });
    const coach = await actor(t, { role: 'coach' });
    const board = await readBoard(member);
    const made = await member.agent.post(`${MTN}/list/upsert`).send({ name: 'Temp', position: 2 });
    await addCards(t.knex, made.body.list.id, 3);
    expect((await member.agent.delete(`${MTN}/list/${made.body.list.id}`)).status).toBe(403);
    expect((await coach.agent.delete(`${MTN}/list/${made.body.list.id}`)).status).toBe(403);
    const reserved = await admin.agent.delete(`${MTN}/list/${listByName(board, 'ON HOLD').id}`);
    expect(reserved.status).toBe(403);
    expect(reserved.body.error.message).toBe('Reserved lists cannot be renamed or deleted');
    expect((await admin.agent.delete(`${MTN}/list/${made.body.list.id}`)).status).toBe(200);
    expect((await admin.agent.delete(`${MTN}/list/${made.body.list.id}`)).status).toBe(404);
    expect(await t.knex('mtn_cards').where({ list_id: made.body.list.id }).count('* as n').first()).toEqual({ n: 0 });
    expect((await readBoard(member)).lists.map((l) => l.name)).toEqual([...RESERVED_LIST_NAMES]);
    await expectContiguous(t.knex);
  });
});

describe('reset and summary', () => {
  it("replaces a member's board with a fresh copy of the template", async () => {
    const member = await actor(t, { role: 'premium' });
    const board = await readBoard(member);
    await member.agent.post(`${MTN}/list/upsert`).send({ name: 'Mine' });
    await addCards(t.knex, listByName(board, 'COMPLETED').id, 5);
    const res = await member.agent.put(`${MTN}/reset`).send({});
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('MTN reset successfully');
    const after = await readBoard(member);
    expect(after.lists.map((l) => l.name)).toEqual([...RESERVED_LIST_NAMES]);
    expect(listByName(after, 'COMPLETED').Cards).toEqual([]);
    expect(listByName(after, 'NOT STARTED').Cards.map((c) => c.title)).toEqual(['Pick a niche']);
    // Labels are the member's own and survive the reset without duplicates.
    const labels = await member.agent.get(`${MTN}/label/read-many`);
    expect(labels.body.labels.map((l: { color: string }) => l.color)).toEqual(['blue-200']);
    await expectContiguous(t.knex);
  });

  it("lets a coach reset a member's board, but not an admin, and never the template", async () => {
    const member = await actor(t, { role: 'premium' });
    const coach = await actor(t, { role: 'coach' });
    await readBoard(member);
    expect((await coach.agent.put(`${MTN}/reset`).send({ id: member.user.id })).status).toBe(200);
    expect((await admin.agent.put(`${MTN}/reset`).send({ id: member.user.id })).status).toBe(403);
    expect((await admin.agent.put(`${MTN}/reset`).send({})).status).toBe(403);
    const other = await actor(t, { role: 'premium' });
    expect((await other.agent.put(`${MTN}/reset`).send({ id: member.user.id })).status).toBe(403);
  });

  it('summarises the cards per status for the dashboard donut', async () => {
    const member = await actor(t, { role: 'premium' });
    // Before the board exists, the figures are the template's.
    const first = await member.agent.get(`${MTN}/summary`);
    expect(first.body.summary).toMatchObject({ userId: member.user.id, total: 1, progress: 0 });
    const board = await readBoard(member);
    await addCards(t.knex, listByName(board, 'COMPLETED').id, 3);
    await addCards(t.knex, listByName(board, 'ON HOLD').id, 1);
    await addCards(t.knex, listByName(board, 'FOR REVIEW').id, 4);
    const res = await member.agent.get(`${MTN}/summary`);
    expect(res.body.summary).toEqual({
      userId: member.user.id,
      counts: { 'NOT STARTED': 1, 'IN PROGRESS': 0, 'ON HOLD': 1, COMPLETED: 3 },
      total: 5,
      progress: 60,
    });
  });

  it('lists up to 50 coaches for mentions, to those who work on boards', async () => {
    const coachUser = await createUser(t.knex, { role: 'coach', fullName: 'Cora Coach' });
    const member = await actor(t, { role: 'premium' });
    const res = await member.agent.get(`${MTN}/coaches`);
    expect(res.status).toBe(200);
    expect(res.body.coaches).toContainEqual({ id: coachUser.id, fullName: 'Cora Coach', photoUrl: null });
    expect(Object.keys(res.body.coaches[0]).sort()).toEqual(['fullName', 'id', 'photoUrl']);
    expect((await (await actor(t, { role: 'basic' })).agent.get(`${MTN}/coaches`)).status).toBe(403);
  });
});
