import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { watchConcurrentQueries } from '../helpers/query-overlap';
import { seedDemo } from '../../api/src/db/seed';
import { actor, fillTemplate, listByName, MTN, readBoard, upload, type Actor } from './board-fixtures';

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin' });
  await fillTemplate(admin);
  // An attachment on the template's card, so every part of the copy has rows.
  const card = listByName(await readBoard(admin), 'NOT STARTED').Cards[0]!;
  const url = await upload(admin);
  const res = await admin.agent
    .post(`${MTN}/attachment/upsert`)
    .send({ CardId: card.id, fileUrl: url, fileName: 'a.png' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('one statement at a time on a transaction (pg 9 refuses concurrent client.query)', () => {
  it('copies the Master Template onto a new board and resets it without overlapping statements', async () => {
    const member = await actor(t, { role: 'premium' });
    const watch = watchConcurrentQueries(t.knex);
    await readBoard(member); // first read: the copy, in one transaction
    const reset = await member.agent.put(`${MTN}/reset`).send({});
    const card = listByName(await readBoard(member), 'NOT STARTED').Cards[0]!;
    const opened = await member.agent.get(`${MTN}/card/${card.id}`);
    const seen = watch.stop();
    expect(reset.status).toBe(200);
    expect(opened.status).toBe(200);
    expect(opened.body.card).toMatchObject({ title: 'Pick a niche', CheckLists: [{ title: 'Steps' }] });
    expect(opened.body.card.Attachments).toHaveLength(1);
    expect(opened.body.card.Labels).toHaveLength(1);
    expect(seen.overlaps).toEqual([]);
    expect(seen.warnings).toEqual([]);
  });

  it('seeds the demo content (which copies boards too) without overlapping statements', async () => {
    // seedDemo runs only on a database without users: a fresh one.
    const fresh = await createTestApp();
    try {
      const watch = watchConcurrentQueries(fresh.knex);
      const accounts = await seedDemo(fresh.knex);
      const seen = watch.stop();
      expect(accounts.length).toBeGreaterThan(0);
      expect(seen.overlaps).toEqual([]);
      expect(seen.warnings).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
