import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABEL_COLORS } from '../../shared/src/types/board';
import { createTestApp, type TestApp } from '../helpers/app';
import { actor, listByName, MTN, readBoard, upload, type Actor } from './board-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await readBoard(await actor(t, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

async function memberWithCard(): Promise<{ member: Actor; cardId: number; listId: number }> {
  const member = await actor(t, { role: 'premium' });
  const board = await readBoard(member);
  const listId = listByName(board, 'NOT STARTED').id;
  const res = await member.agent.post(`${MTN}/card/upsert`).send({ title: 'Launch', ListId: listId });
  return { member, cardId: res.body.card.id as number, listId };
}

describe('labels', () => {
  it('creates labels up to 10, each colour once, name optional', async () => {
    const member = await actor(t, { role: 'premium' });
    await readBoard(member);
    const first = await member.agent.post(`${MTN}/label/upsert`).send({ color: 'red-200' });
    expect(first.body).toMatchObject({ label: { name: '', color: 'red-200', userId: member.user.id }, isNew: true });
    const again = await member.agent.post(`${MTN}/label/upsert`).send({ name: 'Dup', color: 'red-200' });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual({ color: 'This color is already used by another label' });
    for (const color of LABEL_COLORS.slice(1)) {
      expect((await member.agent.post(`${MTN}/label/upsert`).send({ name: color, color })).status).toBe(200);
    }
    const list = await member.agent.get(`${MTN}/label/read-many`);
    expect(list.body.labels).toHaveLength(10);
    // Deleting one frees its colour and a slot.
    const gone = list.body.labels[3];
    expect((await member.agent.delete(`${MTN}/label/${gone.id}`)).status).toBe(200);
    expect((await member.agent.post(`${MTN}/label/upsert`).send({ color: gone.color })).status).toBe(200);
  });

  it('never lets a user pass 10 labels, even with concurrent requests', async () => {
    const member = await actor(t, { role: 'premium' });
    await readBoard(member);
    const results = await Promise.all(
      [...LABEL_COLORS, ...LABEL_COLORS].map((color) =>
        member.agent
          .post(`${MTN}/label/upsert`)
          .send({ color })
          .then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(10);
    expect(results.every((s) => s === 200 || s === 409 || s === 400)).toBe(true);
    const rows = await t.knex('mtn_labels').where({ user_id: member.user.id });
    expect(rows).toHaveLength(10);
  });

  it('requires a colour from the ten', async () => {
    const member = await actor(t, { role: 'premium' });
    const none = await member.agent.post(`${MTN}/label/upsert`).send({ name: 'x' });
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ color: 'Choose a color' });
    expect((await member.agent.post(`${MTN}/label/upsert`).send({ color: 'black' })).status).toBe(400);
    expect(
      (await member.agent.post(`${MTN}/label/upsert`).send({ color: 'red-200', name: 'n'.repeat(51) })).status,
    ).toBe(400);
  });

  it('renames and recolours a label, adds it to a card and removes it', async () => {
    const { member, cardId } = await memberWithCard();
    const made = await member.agent.post(`${MTN}/label/upsert`).send({ name: 'Hot', color: 'pink-200' });
    const renamed = await member.agent
      .post(`${MTN}/label/upsert`)
      .send({ id: made.body.label.id, name: 'Urgent', color: 'yellow-400' });
    expect(renamed.body).toMatchObject({ label: { name: 'Urgent', color: 'yellow-400' }, isNew: false });
    const add = await member.agent.post(`${MTN}/label/add`).send({ LabelId: made.body.label.id, CardId: cardId });
    expect(add.status).toBe(200);
    expect(
      (await member.agent.post(`${MTN}/label/add`).send({ LabelId: made.body.label.id, CardId: cardId })).status,
    ).toBe(200);
    expect((await member.agent.get(`${MTN}/card/${cardId}`)).body.card.Labels).toHaveLength(1);
    expect(
      (await member.agent.post(`${MTN}/label/remove`).send({ LabelId: made.body.label.id, CardId: cardId })).status,
    ).toBe(200);
    expect((await member.agent.get(`${MTN}/card/${cardId}`)).body.card.Labels).toHaveLength(0);
  });

  it("refuses to put one board's label on another board's card", async () => {
    const one = await memberWithCard();
    const two = await memberWithCard();
    const coach = await actor(t, { role: 'coach' });
    const label = await one.member.agent.post(`${MTN}/label/upsert`).send({ color: 'green-200' });
    const res = await coach.agent.post(`${MTN}/label/add`).send({ LabelId: label.body.label.id, CardId: two.cardId });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.LabelId).toBeTruthy();
  });
});

describe('attachments and covers', () => {
  it('attaches an uploaded image, makes it the cover, removes the cover, and deletes it', async () => {
    const { member, cardId } = await memberWithCard();
    const url = await upload(member);
    const res = await member.agent
      .post(`${MTN}/attachment/upsert`)
      .send({ fileUrl: url, fileName: 'photo.png', CardId: cardId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      attachment: { fileUrl: url, fileName: 'photo.png', CardId: cardId },
      isNew: true,
    });
    const cover = await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, coverPhotoUrl: url });
    expect(cover.body.card.coverPhotoUrl).toBe(url);
    const board = await readBoard(member);
    expect(board.lists[0]!.Cards.find((c) => c.id === cardId)).toMatchObject({
      coverPhotoUrl: url,
      attachmentsCount: 1,
    });
    const none = await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, coverPhotoUrl: null });
    expect(none.body.card.coverPhotoUrl).toBeNull();
    await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, coverPhotoUrl: url });
    expect((await member.agent.delete(`${MTN}/attachment/${res.body.attachment.id}`)).status).toBe(200);
    const after = (await member.agent.get(`${MTN}/card/${cardId}`)).body.card;
    expect(after).toMatchObject({ coverPhotoUrl: null, Attachments: [] });
    expect((await readBoard(member)).lists[0]!.Cards.find((c) => c.id === cardId)!.attachmentsCount).toBe(0);
  });

  it('renames an attachment', async () => {
    const { member, cardId } = await memberWithCard();
    const url = await upload(member);
    const made = await member.agent
      .post(`${MTN}/attachment/upsert`)
      .send({ fileUrl: url, fileName: 'a.png', CardId: cardId });
    const res = await member.agent
      .post(`${MTN}/attachment/upsert`)
      .send({ id: made.body.attachment.id, fileName: 'Mockup.png' });
    expect(res.body).toMatchObject({ attachment: { fileName: 'Mockup.png', fileUrl: url }, isNew: false });
  });

  it("accepts only the actor's own uploads as attachments and covers", async () => {
    const { member, cardId } = await memberWithCard();
    const other = await actor(t, { role: 'premium' });
    const foreign = await upload(other);
    for (const fileUrl of [
      'https://evil.example/x.png',
      '/uploads/../../etc/passwd',
      foreign,
      '/uploads/0123456789abcdef.png',
    ]) {
      const res = await member.agent
        .post(`${MTN}/attachment/upsert`)
        .send({ fileUrl, fileName: 'x.png', CardId: cardId });
      expect(res.status, fileUrl).toBe(400);
      expect(res.body.error.fields).toEqual({ fileUrl: 'Choose an image uploaded to the portal' });
    }
    const cover = await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, coverPhotoUrl: foreign });
    expect(cover.status).toBe(400);
    expect(cover.body.error.fields.coverPhotoUrl).toBeTruthy();
  });

  it('uploads images only, through the Move the Needle upload path', async () => {
    const member = await actor(t, { role: 'premium' });
    const html = await member.agent
      .post(`${MTN}/upload`)
      .attach('image', Buffer.from('<html><script>x</script>'), 'x.png');
    expect(html.status).toBe(415);
  });
});
