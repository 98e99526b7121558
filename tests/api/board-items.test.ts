import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { mailText, subjectOf } from '../helpers/fake-smtp';
import { actor, listByName, MTN, readBoard, type Actor } from './board-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await readBoard(await actor(t, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

/** Polls until `count()` reaches `n` (mail is sent after the response), at most 5 s. */
async function waitForCount(count: () => number, n: number): Promise<void> {
  for (let i = 0; i < 100 && count() < n; i += 1) await new Promise((r) => setTimeout(r, 50));
  expect(count()).toBe(n);
}

async function memberWithCard(): Promise<{ member: Actor; cardId: number; listId: number }> {
  const member = await actor(t, { role: 'premium' });
  const board = await readBoard(member);
  const listId = listByName(board, 'NOT STARTED').id;
  const res = await member.agent.post(`${MTN}/card/upsert`).send({ title: 'Launch', ListId: listId });
  return { member, cardId: res.body.card.id as number, listId };
}

describe('cards', () => {
  it('updates title and description and reads the card with its list name', async () => {
    const { member, cardId } = await memberWithCard();
    const res = await member.agent
      .post(`${MTN}/card/upsert`)
      .send({ id: cardId, title: '  Launch v2 ', description: '# Plan\n- [ ] go' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      card: { id: cardId, title: 'Launch v2', description: '# Plan\n- [ ] go', listName: 'NOT STARTED' },
      isNew: false,
    });
    const read = await member.agent.get(`${MTN}/card/${cardId}`);
    expect(Object.keys(read.body.card).sort()).toEqual(
      [
        'Activities',
        'Attachments',
        'CheckLists',
        'Labels',
        'ListId',
        'coverPhotoUrl',
        'description',
        'dueAt',
        'id',
        'listName',
        'position',
        'title',
        'userId',
      ].sort(),
    );
  });

  it('rejects a missing title or list with field errors', async () => {
    const { member, cardId, listId } = await memberWithCard();
    const res = await member.agent.post(`${MTN}/card/upsert`).send({ description: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      title: 'This field cannot be empty',
      ListId: 'This field cannot be empty',
    });
    const blank = await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, title: '   ' });
    expect(blank.status).toBe(400);
    expect(
      (
        await member.agent
          .post(`${MTN}/card/upsert`)
          .send({ title: 'x', ListId: listId, description: 'd'.repeat(20_001) })
      ).status,
    ).toBe(400);
    expect((await member.agent.post(`${MTN}/card/upsert`).send({ title: 'x', ListId: 99999999 })).status).toBe(404);
  });

  it('keeps markdown and HTML as text (the UI renders it without raw HTML)', async () => {
    const { member, cardId } = await memberWithCard();
    const payload = '<img src=x onerror=alert(1)> [x](javascript:alert(1))';
    await member.agent.post(`${MTN}/card/upsert`).send({ id: cardId, description: payload });
    expect((await member.agent.get(`${MTN}/card/${cardId}`)).body.card.description).toBe(payload);
  });
});

describe('checklists', () => {
  it('adds a checklist with items, ticks them, renames and deletes', async () => {
    const { member, cardId } = await memberWithCard();
    const cl = await member.agent.post(`${MTN}/checkList/upsert`).send({ title: 'Launch steps', CardId: cardId });
    expect(cl.body).toMatchObject({
      checkList: { title: 'Launch steps', CardId: cardId, CheckListItems: [] },
      isNew: true,
    });
    const id = cl.body.checkList.id as number;
    const a = await member.agent.post(`${MTN}/checkListItem/upsert`).send({ title: 'Photos', CheckListId: id });
    const b = await member.agent.post(`${MTN}/checkListItem/upsert`).send({ title: '**Listing**', CheckListId: id });
    expect(a.body).toMatchObject({
      checkListItem: { title: 'Photos', completed: false, CheckListId: id },
      isNew: true,
    });
    const tick = await member.agent
      .post(`${MTN}/checkListItem/upsert`)
      .send({ id: a.body.checkListItem.id, completed: true });
    expect(tick.body).toMatchObject({ checkListItem: { title: 'Photos', completed: true }, isNew: false });
    const renamed = await member.agent.post(`${MTN}/checkList/upsert`).send({ id, title: 'Go live' });
    expect(renamed.body.checkList).toMatchObject({
      title: 'Go live',
      CheckListItems: [{ completed: true }, { completed: false }],
    });
    const board = await readBoard(member);
    expect(board.lists[0]!.Cards.find((c) => c.id === cardId)).toMatchObject({
      checkListItemsCount: 2,
      checkListItemsCompleted: 1,
    });
    expect((await member.agent.delete(`${MTN}/checkListItem`).send({ id: b.body.checkListItem.id })).status).toBe(200);
    expect((await member.agent.delete(`${MTN}/checkList`).send({ id })).status).toBe(200);
    expect((await member.agent.get(`${MTN}/card/${cardId}`)).body.card.CheckLists).toEqual([]);
    expect(await t.knex('mtn_checklist_items').where({ checklist_id: id })).toEqual([]);
    // The board's counts follow, including items removed with their checklist.
    const after = await readBoard(member);
    expect(after.lists[0]!.Cards.find((c) => c.id === cardId)).toMatchObject({
      checkListItemsCount: 0,
      checkListItemsCompleted: 0,
    });
  });

  it('validates titles, ids and the completed flag', async () => {
    const { member, cardId } = await memberWithCard();
    const res = await member.agent.post(`${MTN}/checkList/upsert`).send({ CardId: cardId });
    expect(res.body.error.fields).toEqual({ title: 'This field cannot be empty' });
    expect((await member.agent.post(`${MTN}/checkListItem/upsert`).send({ title: 'x' })).body.error.fields).toEqual({
      CheckListId: 'This field cannot be empty',
    });
    expect((await member.agent.delete(`${MTN}/checkList`).send({})).status).toBe(400);
    expect((await member.agent.delete(`${MTN}/checkList`).send({ id: 99999999 })).status).toBe(404);
    const cl = await member.agent.post(`${MTN}/checkList/upsert`).send({ title: 'x', CardId: cardId });
    const item = await member.agent
      .post(`${MTN}/checkListItem/upsert`)
      .send({ title: 'x', CheckListId: cl.body.checkList.id });
    expect(
      (
        await member.agent
          .post(`${MTN}/checkListItem/upsert`)
          .send({ id: item.body.checkListItem.id, completed: 'maybe' })
      ).status,
    ).toBe(400);
  });
});

describe('activity', () => {
  it('adds a comment with its author and mentioned coaches', async () => {
    const { member, cardId } = await memberWithCard();
    const coach = await createUser(t.knex, { role: 'coach', fullName: 'Cole Coach' });
    const res = await member.agent
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'Please review', CardId: cardId, mentionedUsers: [coach.id] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      activity: {
        comment: 'Please review',
        CardId: cardId,
        User: { id: member.user.id },
        TaggedUsers: [{ id: coach.id, fullName: 'Cole Coach', photoUrl: null }],
      },
      isNew: true,
    });
    expect(Object.keys(res.body.activity.User).sort()).toEqual(['fullName', 'id', 'photoUrl']);
    expect(new Date(res.body.activity.createdAt).getTime()).toBeGreaterThan(0);
    const card = (await member.agent.get(`${MTN}/card/${cardId}`)).body.card;
    expect(card.Activities).toHaveLength(1);
    expect((await readBoard(member)).lists[0]!.Cards.find((c) => c.id === cardId)!.activitiesCount).toBe(1);
  });

  it("emails each mentioned coach a link that opens the card on the member's board", async () => {
    const { member, cardId } = await memberWithCard();
    const coach = await actor(t, { role: 'coach', fullName: 'Mina Mentor' });
    const other = await createUser(t.knex, { role: 'coach', fullName: 'Otto Other' });
    const res = await member.agent
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'Can you check\nmy launch plan?', CardId: cardId, mentionedUsers: [coach.user.id] });
    expect(res.status).toBe(200);
    const mail = await t.smtp.waitFor(coach.user.email);
    expect(subjectOf(mail.raw)).toBe(`${member.user.fullName} mentioned you on Move the Needle`);
    const text = mailText(mail.raw);
    expect(text).toContain('Hello Mina Mentor,');
    expect(text).toContain(`on the card "Launch" on ${member.user.fullName}'s board`);
    expect(text).toContain('> Can you check\n> my launch plan?');
    const link = /Open the card: (\S+)/.exec(text)?.[1] ?? '';
    expect(new URL(link).pathname).toBe(`/move-the-needle/${member.user.id}`);
    expect(new URL(link).searchParams.get('card')).toBe(String(cardId));
    // The link works for the coach: the board and the card with the comment.
    expect((await readBoard(coach, member.user.id)).lists.some((l) => l.Cards.some((c) => c.id === cardId))).toBe(true);
    const card = (await coach.agent.get(`${MTN}/card/${cardId}`)).body.card;
    expect(card.Activities[0].comment).toBe('Can you check\nmy launch plan?');
    expect(t.smtp.messages.some((m) => m.to.includes(other.email))).toBe(false);

    // Editing the comment mails only coaches it newly mentions.
    const sent = t.smtp.messages.filter((m) => m.to.includes(coach.user.email)).length;
    const edit = await member.agent
      .post(`${MTN}/activity/upsert`)
      .send({ id: res.body.activity.id, comment: 'Both of you, please', mentionedUsers: [coach.user.id, other.id] });
    expect(edit.status).toBe(200);
    expect(mailText((await t.smtp.waitFor(other.email)).raw)).toContain('> Both of you, please');
    // A later mail to someone else proves the first coach was not mailed again in between.
    await member.agent
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'Marker', CardId: cardId, mentionedUsers: [other.id] });
    await waitForCount(() => t.smtp.messages.filter((m) => m.to.includes(other.email)).length, 2);
    expect(t.smtp.messages.filter((m) => m.to.includes(coach.user.email)).length).toBe(sent);
  });

  it('does not mail a coach who mentions themselves, and links a coach to their own board', async () => {
    const coach = await actor(t, { role: 'coach' });
    const board = await readBoard(coach);
    const card = await coach.agent
      .post(`${MTN}/card/upsert`)
      .send({ title: 'Own card', ListId: listByName(board, 'NOT STARTED').id });
    const cardId = card.body.card.id as number;
    const peer = await createUser(t.knex, { role: 'coach' });
    await coach.agent
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'Note to self and peer', CardId: cardId, mentionedUsers: [coach.user.id, peer.id] });
    const text = mailText((await t.smtp.waitFor(peer.email)).raw);
    expect(text).toContain(`on ${coach.user.fullName}'s board`);
    expect(text).toContain(`/move-the-needle/${coach.user.id}?card=${cardId}`);
    // Mentioning only oneself sends nothing; a mail to the peer afterwards marks the point in time.
    await coach.agent
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'Only me', CardId: cardId, mentionedUsers: [coach.user.id] });
    await coach.agent
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'Peer again', CardId: cardId, mentionedUsers: [peer.id] });
    await waitForCount(() => t.smtp.messages.filter((m) => m.to.includes(peer.email)).length, 2);
    expect(t.smtp.messages.some((m) => m.to.includes(coach.user.email))).toBe(false);
  });

  it('mentions coaches only and refuses an empty comment', async () => {
    const { member, cardId } = await memberWithCard();
    const other = await createUser(t.knex, { role: 'premium' });
    const res = await member.agent
      .post(`${MTN}/activity/upsert`)
      .send({ comment: 'hi', CardId: cardId, mentionedUsers: [other.id] });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ mentionedUsers: 'Only coaches can be mentioned' });
    const empty = await member.agent.post(`${MTN}/activity/upsert`).send({ comment: ' \n ', CardId: cardId });
    expect(empty.body.error.fields).toEqual({ comment: 'This field cannot be empty' });
    expect(
      (await member.agent.post(`${MTN}/activity/upsert`).send({ comment: 'x', CardId: cardId, mentionedUsers: 'all' }))
        .status,
    ).toBe(400);
  });

  it('lets only the author (or an admin) edit or delete a comment', async () => {
    const { member, cardId } = await memberWithCard();
    const coach = await actor(t, { role: 'coach' });
    const made = await member.agent.post(`${MTN}/activity/upsert`).send({ comment: 'Mine', CardId: cardId });
    const id = made.body.activity.id as number;
    expect((await coach.agent.post(`${MTN}/activity/upsert`).send({ id, comment: 'Changed' })).status).toBe(403);
    expect((await coach.agent.delete(`${MTN}/activity/${id}`)).status).toBe(403);
    const edit = await member.agent.post(`${MTN}/activity/upsert`).send({ id, comment: 'Mine, edited' });
    expect(edit.body).toMatchObject({ activity: { comment: 'Mine, edited' }, isNew: false });
    expect((await member.agent.delete(`${MTN}/activity/${id}`)).status).toBe(200);
  });
});
