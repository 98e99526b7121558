import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import {
  actor,
  AFTER_CUTOFF,
  expectContiguous,
  listByName,
  MTN,
  readBoard,
  upload,
  type Actor,
} from './board-fixtures';

let t: TestApp;
let owner: Actor;
let ids: {
  list: number;
  otherList: number;
  customList: number;
  card: number;
  label: number;
  attachment: number;
  checklist: number;
  item: number;
  activity: number;
};
let coachId: number;

beforeAll(async () => {
  t = await createTestApp();
  await readBoard(await actor(t, { role: 'admin' }));
  owner = await actor(t, { role: 'premium', fullName: 'Owner' });
  coachId = (await createUser(t.knex, { role: 'coach' })).id;
  const board = await readBoard(owner);
  const a = owner.agent;
  const list = listByName(board, 'NOT STARTED').id;
  const otherList = listByName(board, 'IN PROGRESS').id;
  const customList = (await a.post(`${MTN}/list/upsert`).send({ name: 'Custom' })).body.list.id;
  const card = (await a.post(`${MTN}/card/upsert`).send({ title: 'Secret plan', ListId: list })).body.card.id;
  await a.post(`${MTN}/card/upsert`).send({ title: 'Second', ListId: list });
  const label = (await a.post(`${MTN}/label/upsert`).send({ name: 'Mine', color: 'red-200' })).body.label.id;
  await a.post(`${MTN}/label/add`).send({ LabelId: label, CardId: card });
  const url = await upload(owner);
  const attachment = (await a.post(`${MTN}/attachment/upsert`).send({ fileUrl: url, fileName: 'x.png', CardId: card }))
    .body.attachment.id;
  const checklist = (await a.post(`${MTN}/checkList/upsert`).send({ title: 'Steps', CardId: card })).body.checkList.id;
  const item = (await a.post(`${MTN}/checkListItem/upsert`).send({ title: 'One', CheckListId: checklist })).body
    .checkListItem.id;
  const activity = (await a.post(`${MTN}/activity/upsert`).send({ comment: 'Private', CardId: card })).body.activity.id;
  ids = { list, otherList, customList, card, label, attachment, checklist, item, activity };
});
afterAll(async () => {
  await t.close();
});

/** Every board call (docs/areas/board.md#api) aimed at the owner's ids, as the caller `agent`. */
function calls(agent: supertest.Agent): Array<[string, () => supertest.Test]> {
  return [
    ['read board', () => agent.get(`${MTN}/list/read-many`).query({ userId: owner.user.id })],
    ['add list', () => agent.post(`${MTN}/list/upsert`).send({ name: 'Hijack', userId: owner.user.id })],
    ['rename list', () => agent.post(`${MTN}/list/upsert`).send({ id: ids.customList, name: 'Hijacked' })],
    ['reorder', () => agent.post(`${MTN}/card/reorder`).send({ ListId: ids.list, startPosition: 0, endPosition: 1 })],
    [
      'move',
      () =>
        agent
          .post(`${MTN}/card/move`)
          .send({ cardId: ids.card, sourceListId: ids.list, destListId: ids.otherList, positionOnDestList: 0 }),
    ],
    ['read card', () => agent.get(`${MTN}/card/${ids.card}`)],
    ['add card', () => agent.post(`${MTN}/card/upsert`).send({ title: 'Injected', ListId: ids.list })],
    ['edit card', () => agent.post(`${MTN}/card/upsert`).send({ id: ids.card, title: 'Defaced' })],
    ['read labels', () => agent.get(`${MTN}/label/read-many`).query({ userId: owner.user.id })],
    ['add label', () => agent.post(`${MTN}/label/upsert`).send({ color: 'blue-200', userId: owner.user.id })],
    ['edit label', () => agent.post(`${MTN}/label/upsert`).send({ id: ids.label, color: 'gray-200' })],
    ['label off', () => agent.post(`${MTN}/label/remove`).send({ LabelId: ids.label, CardId: ids.card })],
    ['label on', () => agent.post(`${MTN}/label/add`).send({ LabelId: ids.label, CardId: ids.card })],
    [
      'rename attachment',
      () => agent.post(`${MTN}/attachment/upsert`).send({ id: ids.attachment, fileName: 'pwned.png' }),
    ],
    [
      'comment',
      () => agent.post(`${MTN}/activity/upsert`).send({ comment: 'spam', CardId: ids.card, mentionedUsers: [coachId] }),
    ],
    ['add checklist', () => agent.post(`${MTN}/checkList/upsert`).send({ title: 'x', CardId: ids.card })],
    ['rename checklist', () => agent.post(`${MTN}/checkList/upsert`).send({ id: ids.checklist, title: 'x' })],
    ['add item', () => agent.post(`${MTN}/checkListItem/upsert`).send({ title: 'x', CheckListId: ids.checklist })],
    ['tick item', () => agent.post(`${MTN}/checkListItem/upsert`).send({ id: ids.item, completed: true })],
    ['delete attachment', () => agent.delete(`${MTN}/attachment/${ids.attachment}`)],
    ['delete item', () => agent.delete(`${MTN}/checkListItem`).send({ id: ids.item })],
    ['delete checklist', () => agent.delete(`${MTN}/checkList`).send({ id: ids.checklist })],
    ['delete comment', () => agent.delete(`${MTN}/activity/${ids.activity}`)],
    ['delete label', () => agent.delete(`${MTN}/label/${ids.label}`)],
    ['delete card', () => agent.delete(`${MTN}/card/${ids.card}`)],
    ['delete list', () => agent.delete(`${MTN}/list/${ids.customList}`)],
    ['reset', () => agent.put(`${MTN}/reset`).send({ id: owner.user.id })],
  ];
}

/** Everything on the owner's board, to prove a denied call changed nothing. */
async function snapshot() {
  const board = await readBoard(owner);
  const card = (await owner.agent.get(`${MTN}/card/${ids.card}`)).body.card;
  const labels = (await owner.agent.get(`${MTN}/label/read-many`)).body.labels;
  return { board, card, labels };
}

describe("another user's ids (IDOR)", () => {
  it.each([
    ['another premium member', { role: 'premium' as const }],
    ['a basic member', { role: 'basic' as const }],
    ['a course only member', { role: 'course only' as const }],
    ['a premium member who joined after the cutoff', { role: 'premium' as const, createdAt: AFTER_CUTOFF }],
  ])('returns 403 to %s for every call and changes nothing', async (_who, input) => {
    const intruder = await actor(t, input);
    const before = await snapshot();
    for (const [name, call] of calls(intruder.agent)) {
      const res = await call();
      expect(res.status, name).toBe(403);
      expect(JSON.stringify(res.body), name).not.toContain('Secret plan');
    }
    expect(await snapshot()).toEqual(before);
    await expectContiguous(t.knex);
  });

  it("lets a coach do every call on a member's board except admin-only deletes and others' comments", async () => {
    const coach = await actor(t, { role: 'coach' });
    const adminOnly = new Set(['delete card', 'delete list', 'delete comment']);
    const results: Record<string, number> = {};
    for (const [name, call] of calls(coach.agent)) results[name] = (await call()).status;
    for (const [name, status] of Object.entries(results)) expect(status, name).toBe(adminOnly.has(name) ? 403 : 200);
    await expectContiguous(t.knex);
  });

  it('returns 404, not 500, for ids that do not exist', async () => {
    const member = await actor(t, { role: 'premium' });
    await readBoard(member);
    const missing = 2_000_000_000;
    expect((await member.agent.get(`${MTN}/card/${missing}`)).status).toBe(404);
    expect((await member.agent.delete(`${MTN}/attachment/${missing}`)).status).toBe(404);
    expect((await member.agent.post(`${MTN}/label/add`).send({ LabelId: missing, CardId: missing })).status).toBe(404);
    expect(
      (
        await member.agent
          .post(`${MTN}/card/move`)
          .send({ cardId: missing, sourceListId: 1, destListId: 1, positionOnDestList: 0 })
      ).status,
    ).toBe(404);
    expect((await member.agent.get(`${MTN}/card/abc`)).status).toBe(400);
    expect((await member.agent.get(`${MTN}/card/99999999999`)).status).toBe(400);
  });
});
