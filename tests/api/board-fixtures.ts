import type { Knex } from 'knex';
import type supertest from 'supertest';
import { expect } from 'vitest';
import type { BoardResponse } from '../../shared/src/types/board';
import type { TestApp } from '../helpers/app';
import { createUser, signIn, type CreatedUser, type UserFactoryInput } from '../helpers/factories';

export const MTN = '/api/move-the-needle';
export const BEFORE_CUTOFF = '2024-06-01T12:00:00Z';
export const AFTER_CUTOFF = '2025-06-01T12:00:00Z';

export interface Actor {
  user: CreatedUser;
  agent: supertest.Agent;
}

/** A signed-in user; members are created before the cutoff unless told otherwise. */
export async function actor(t: TestApp, input: UserFactoryInput = {}): Promise<Actor> {
  const user = await createUser(t.knex, { createdAt: BEFORE_CUTOFF, ...input });
  return { user, agent: await signIn(t.agent(), user) };
}

export async function readBoard(a: Actor, userId?: number): Promise<BoardResponse> {
  const res = await a.agent.get(`${MTN}/list/read-many`).query(userId ? { userId } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as BoardResponse;
}

export const listByName = (board: BoardResponse, name: string) => {
  const list = board.lists.find((l) => l.name === name);
  if (!list) throw new Error(`no list ${name}`);
  return list;
};

/** Adds `n` cards at the end of a list straight in the database; returns their ids in order. */
export async function addCards(knex: Knex, listId: number, n: number, prefix = 'Card'): Promise<number[]> {
  const row = await knex('mtn_cards').where({ list_id: listId }).count<Array<{ n: number }>>('* as n').first();
  const start = Number(row?.n ?? 0);
  const ids: number[] = [];
  for (let i = 0; i < n; i += 500) {
    const chunk = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
      list_id: listId,
      title: `${prefix} ${start + i + k}`,
      position: start + i + k,
    }));
    const inserted = await knex('mtn_cards').insert(chunk).returning<Array<{ id: number }>>('id');
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Card ids of a list in position order, straight from the database. */
export async function cardIdsOf(knex: Knex, listId: number): Promise<number[]> {
  const rows = await knex('mtn_cards')
    .where({ list_id: listId })
    .orderBy('position')
    .select<Array<{ id: number }>>('id');
  return rows.map((r) => r.id);
}

/** Every list's cards are 0..n-1 and every board's lists are 0..n-1: no gap, no duplicate. */
export async function expectContiguous(knex: Knex): Promise<void> {
  const cards = await knex.raw<{ rows: Array<{ list_id: number; n: number; lo: number; hi: number; d: number }> }>(
    'select list_id, count(*)::int as n, min(position) as lo, max(position) as hi, count(distinct position)::int as d from mtn_cards where list_id is not null group by list_id',
  );
  for (const r of cards.rows)
    expect({ list: r.list_id, lo: r.lo, hi: r.hi, d: r.d }).toEqual({ list: r.list_id, lo: 0, hi: r.n - 1, d: r.n });
  const lists = await knex.raw<{ rows: Array<{ user_id: number; n: number; lo: number; hi: number; d: number }> }>(
    'select user_id, count(*)::int as n, min(position) as lo, max(position) as hi, count(distinct position)::int as d from mtn_lists group by user_id',
  );
  for (const r of lists.rows)
    expect({ board: r.user_id, lo: r.lo, hi: r.hi, d: r.d }).toEqual({ board: r.user_id, lo: 0, hi: r.n - 1, d: r.n });
}

/** Counts the SQL statements the API runs while `fn` runs. */
export async function countQueries(knex: Knex, fn: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const listener = () => {
    n += 1;
  };
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
  }
  return n;
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a small PNG as `a` and returns its URL. */
export async function upload(a: Actor): Promise<string> {
  const res = await a.agent.post(`${MTN}/upload`).attach('image', PNG, 'photo.png');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.latestUploadedFileUrl as string;
}

/** The Master Template the board tests start from: the reserved lists plus a card with a label, a checklist and a comment. */
export async function fillTemplate(admin: Actor): Promise<void> {
  const template = await readBoard(admin);
  const notStarted = listByName(template, 'NOT STARTED');
  const card = await admin.agent
    .post(`${MTN}/card/upsert`)
    .send({ title: 'Pick a niche', description: 'Look **wide**', ListId: notStarted.id });
  const label = await admin.agent.post(`${MTN}/label/upsert`).send({ name: 'Research', color: 'blue-200' });
  await admin.agent.post(`${MTN}/label/add`).send({ LabelId: label.body.label.id, CardId: card.body.card.id });
  const checklist = await admin.agent
    .post(`${MTN}/checkList/upsert`)
    .send({ title: 'Steps', CardId: card.body.card.id });
  await admin.agent
    .post(`${MTN}/checkListItem/upsert`)
    .send({ title: 'Shortlist', CheckListId: checklist.body.checkList.id });
  await admin.agent.post(`${MTN}/activity/upsert`).send({ comment: 'Admin note', CardId: card.body.card.id });
}
