import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import crypto from 'node:crypto';
import {
  enqueueNotificationDigests,
  NOTIFICATION_MAIL,
  notificationMailRenderer,
} from '../../api/src/features/notifications/mail';
import { notify } from '../../api/src/features/notifications/service';
import { mailHandler } from '../../api/src/core/queue';
import { createTestApp, type TestApp } from '../helpers/app';
import { mailText, subjectOf } from '../helpers/fake-smtp';
import { actor, listByName, MTN, readBoard, type Actor } from './board-fixtures';

/** The notification inbox, its causes, preferences and emails (docs/areas/notifications.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await readBoard(await actor(t, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

const N = '/api/notification';

/** The links of a raw mail (7bit or quoted-printable). */
const linksOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .match(/https?:\/\/\S+/g) ?? [];

interface Setup {
  member: Actor;
  coach: Actor;
  cardId: number;
  lists: Record<string, number>;
}

/** A member coached by `coach` (users.coach_id), with one card in NOT STARTED. */
async function coachedMember(withCoach = true): Promise<Setup> {
  const coach = await actor(t, { role: 'coach' });
  const member = await actor(t, { role: 'premium' });
  if (withCoach) await t.knex('users').where({ id: member.user.id }).update({ coach_id: coach.user.id });
  const board = await readBoard(member);
  const lists = Object.fromEntries(board.lists.map((l) => [l.name, l.id]));
  const res = await member.agent
    .post(`${MTN}/card/upsert`)
    .send({ title: 'Launch plan', ListId: listByName(board, 'NOT STARTED').id });
  expect(res.status).toBe(200);
  return { member, coach, cardId: res.body.card.id as number, lists };
}

async function move(a: Actor, cardId: number, from: number, to: number) {
  const res = await a.agent
    .post(`${MTN}/card/move`)
    .send({ cardId, sourceListId: from, destListId: to, positionOnDestList: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function inbox(a: Actor, query: Record<string, string | number> = {}) {
  const res = await a.agent.get(`${N}/read-many`).query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    notifications: Array<{
      id: number;
      type: string;
      text: string;
      quote: string | null;
      readAt: string | null;
      createdAt: string;
      actor: { id: number; fullName: string } | null;
      card: { id: number; title: string; ownerId: number };
    }>;
    unread: number;
    total: number;
  };
}

async function comment(a: Actor, cardId: number, text: string, mentionedUsers: number[] = []) {
  const res = await a.agent.post(`${MTN}/activity/upsert`).send({ comment: text, CardId: cardId, mentionedUsers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.activity.id as number;
}

describe('what notifies', () => {
  it("a coach's comment on a member's card notifies the member, with who, what and which card", async () => {
    const { member, coach, cardId } = await coachedMember();
    await comment(coach, cardId, 'Looks good');
    const box = await inbox(member);
    expect(box).toMatchObject({ unread: 1, total: 1 });
    expect(box.notifications).toHaveLength(1);
    const [n] = box.notifications;
    expect(Object.keys(n!).sort()).toEqual([
      'actor',
      'card',
      'createdAt',
      'id',
      'post',
      'quote',
      'readAt',
      'text',
      'type',
    ]);
    expect((n as unknown as { post: unknown }).post).toBeNull();
    expect(n).toMatchObject({
      type: 'comment',
      text: `${coach.user.fullName} commented on your card "Launch plan"`,
      quote: 'Looks good',
      readAt: null,
      actor: { id: coach.user.id, fullName: coach.user.fullName },
      card: { id: cardId, title: 'Launch plan', ownerId: member.user.id },
    });
    expect(Number.isNaN(Date.parse(n!.createdAt))).toBe(false);
    // Nothing for the actor, and an edit of the comment notifies no one again.
    expect((await inbox(coach)).total).toBe(0);
  });

  it('a comment on your own card notifies no one; a mentioned coach gets a mention (the owner is not told twice)', async () => {
    const { member, coach, cardId } = await coachedMember();
    await comment(member, cardId, 'Note to self');
    expect((await inbox(member)).total).toBe(0);
    await comment(member, cardId, 'Please check', [coach.user.id]);
    const box = await inbox(coach);
    expect(box.notifications.map((n) => [n.type, n.text, n.quote])).toEqual([
      ['mention', `${member.user.fullName} mentioned you on "Launch plan"`, 'Please check'],
    ]);
    // The mention email stays as it was.
    expect(subjectOf((await t.smtp.waitFor(coach.user.email)).raw)).toBe(
      `${member.user.fullName} mentioned you on Move the Needle`,
    );
    // A coach mentioning another coach on a member's card: the other coach a mention, the owner a comment.
    const peer = await actor(t, { role: 'coach' });
    await comment(coach, cardId, 'Peer, look', [peer.user.id]);
    expect((await inbox(peer)).notifications.map((n) => n.type)).toEqual(['mention']);
    expect((await inbox(member)).notifications.map((n) => n.type)).toEqual(['comment']);
  });

  it("a member's card moved into FOR REVIEW notifies their coach; without a coach, no one", async () => {
    const { member, coach, cardId, lists } = await coachedMember();
    await move(member, cardId, lists['NOT STARTED']!, lists['FOR REVIEW']!);
    const box = await inbox(coach);
    expect(box.notifications).toHaveLength(1);
    expect(box.notifications[0]).toMatchObject({
      type: 'for_review',
      text: `${member.user.fullName} moved "Launch plan" to FOR REVIEW`,
      card: { id: cardId, ownerId: member.user.id },
    });
    // A move within FOR REVIEW or between other lists notifies no one.
    await move(member, cardId, lists['FOR REVIEW']!, lists['FOR REVIEW']!);
    expect((await inbox(coach)).total).toBe(1);

    const alone = await coachedMember(false);
    await move(alone.member, alone.cardId, alone.lists['NOT STARTED']!, alone.lists['FOR REVIEW']!);
    expect((await inbox(alone.coach)).total).toBe(0);
    expect((await inbox(alone.member)).total).toBe(0);
  });

  it('a card moved out of FOR REVIEW by a coach notifies its owner; by the owner, no one', async () => {
    const { member, coach, cardId, lists } = await coachedMember();
    await move(member, cardId, lists['NOT STARTED']!, lists['FOR REVIEW']!);
    await move(member, cardId, lists['FOR REVIEW']!, lists['IN PROGRESS']!);
    expect((await inbox(member)).total).toBe(0);
    await move(member, cardId, lists['IN PROGRESS']!, lists['FOR REVIEW']!);
    await move(coach, cardId, lists['FOR REVIEW']!, lists['COMPLETED']!);
    const box = await inbox(member);
    expect(box.notifications.map((n) => [n.type, n.text])).toEqual([
      ['review_done', `${coach.user.fullName} moved your card "Launch plan" from FOR REVIEW to COMPLETED`],
    ]);
    // The coach moving a card into FOR REVIEW themselves is not told about it.
    expect((await inbox(coach)).notifications.map((n) => n.type)).toEqual(['for_review', 'for_review']);
    await move(coach, cardId, lists['COMPLETED']!, lists['FOR REVIEW']!);
    expect((await inbox(coach)).total).toBe(2);
  });

  it('the comment a coach sends with a review quotes itself in the notification (shortened at a word); a move alone quotes nothing', async () => {
    const { member, coach, cardId, lists } = await coachedMember();
    await move(member, cardId, lists['NOT STARTED']!, lists['FOR REVIEW']!);
    expect((await inbox(coach)).notifications[0]!.quote).toBeNull();
    const long = `Add the supplier's quote and the landed cost. ${'Then check the margin once more. '.repeat(12)}`;
    const res = await coach.agent
      .post(`/api/move-the-needle/review-queue/${cardId}/send`)
      .send({ to: 'IN PROGRESS', comment: long });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [n] = (await inbox(member)).notifications;
    expect(n).toMatchObject({ type: 'review_done' });
    expect(n!.quote!.startsWith("Add the supplier's quote and the landed cost. Then check")).toBe(true);
    expect(n!.quote!.endsWith('…')).toBe(true);
    expect(n!.quote!.length).toBeLessThanOrEqual(280);
    expect(n!.quote!.slice(0, -1).endsWith(' ')).toBe(false);
    expect(long.replace(/\s+/g, ' ').startsWith(n!.quote!.slice(0, -1))).toBe(true);
  });

  it('a refused move (stale board) writes no notification', async () => {
    const { member, coach, cardId, lists } = await coachedMember();
    const res = await member.agent
      .post(`${MTN}/card/move`)
      .send({ cardId, sourceListId: lists['IN PROGRESS'], destListId: lists['FOR REVIEW'], positionOnDestList: 0 });
    expect(res.status).toBe(409);
    expect((await inbox(coach)).total).toBe(0);
  });

  it('notify() writes in the given transaction: a rollback leaves nothing, and never to the actor', async () => {
    const { member, coach, cardId } = await coachedMember();
    const draft = {
      userId: member.user.id,
      type: 'comment' as const,
      actorId: coach.user.id,
      cardId,
      boardOwnerId: member.user.id,
      text: 'x',
    };
    await expect(
      t.knex.transaction(async (trx) => {
        expect(await notify(trx, [draft, { ...draft, userId: coach.user.id }, draft])).toHaveLength(1);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await inbox(member)).total).toBe(0);
  });

  it('deleting the card deletes its notifications', async () => {
    const { member, coach, cardId } = await coachedMember();
    await comment(coach, cardId, 'Hi');
    expect((await inbox(member)).total).toBe(1);
    await t.knex('mtn_cards').where({ id: cardId }).del();
    expect((await inbox(member)).total).toBe(0);
  });
});

describe('GET /api/notification/read-many and PUT /mark-read', () => {
  it('401 without a session', async () => {
    expect((await t.request().get(`${N}/read-many`)).status).toBe(401);
    expect((await t.request().put(`${N}/mark-read`).send({ all: true })).status).toBe(401);
    expect((await t.request().get(`${N}/preferences`)).status).toBe(401);
    expect((await t.request().put(`${N}/preferences`).send({})).status).toBe(401);
  });

  it('pages newest first with unread and total', async () => {
    const { member, coach, cardId } = await coachedMember();
    for (let i = 0; i < 5; i += 1) await comment(coach, cardId, `c${i}`);
    const all = await inbox(member);
    expect(all.total).toBe(5);
    const ids = all.notifications.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const page2 = await inbox(member, { page: 2, itemsPerPage: 2 });
    expect(page2).toMatchObject({ unread: 5, total: 5 });
    expect(page2.notifications.map((n) => n.id)).toEqual(ids.slice(2, 4));
    expect((await inbox(member, { page: 4, itemsPerPage: 2 })).notifications).toEqual([]);
  });

  it('400 for a bad page, and for mark-read without exactly one of ids and all', async () => {
    const { member } = await coachedMember();
    for (const query of [{ page: 0 }, { itemsPerPage: 0 }, { itemsPerPage: 101 }, { page: 'x' }]) {
      expect((await member.agent.get(`${N}/read-many`).query(query)).status, JSON.stringify(query)).toBe(400);
    }
    for (const body of [{}, { ids: [1], all: true }, { ids: [] }, { ids: ['x'] }, { all: false }, { ids: 'all' }]) {
      const res = await member.agent.put(`${N}/mark-read`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });

  it('marks one, then all, read; only ever the own rows (per role: member, other member, coach, admin)', async () => {
    const { member, coach, cardId } = await coachedMember();
    const otherMember = await actor(t, { role: 'premium' });
    const admin = await actor(t, { role: 'admin' });
    await comment(coach, cardId, 'one');
    await comment(coach, cardId, 'two');
    await comment(member, cardId, 'ask', [coach.user.id]);
    const [newest, older] = (await inbox(member)).notifications;
    const coachNote = (await inbox(coach)).notifications[0]!;

    // Nobody else sees them, and marking someone else's ids changes nothing.
    for (const other of [otherMember, admin, coach]) {
      const box = await inbox(other);
      expect(box.notifications.some((n) => n.id === newest!.id || n.id === older!.id)).toBe(false);
      const res = await other.agent.put(`${N}/mark-read`).send({ ids: [newest!.id, older!.id] });
      expect(res.status).toBe(200);
      expect(res.body.marked).toBe(0);
    }
    expect((await inbox(member)).unread).toBe(2);
    const adminAll = await admin.agent.put(`${N}/mark-read`).send({ all: true });
    expect(adminAll.body).toEqual({ marked: 0, unread: 0 });
    expect((await inbox(member)).unread).toBe(2);

    const one = await member.agent.put(`${N}/mark-read`).send({ ids: [older!.id, coachNote.id] });
    expect(one.body).toEqual({ marked: 1, unread: 1 });
    const after = await inbox(member);
    expect(after.notifications.find((n) => n.id === older!.id)!.readAt).not.toBeNull();
    expect(after.notifications.find((n) => n.id === newest!.id)!.readAt).toBeNull();
    expect((await inbox(coach)).unread).toBe(1);

    const all = await member.agent.put(`${N}/mark-read`).send({ all: true });
    expect(all.body).toEqual({ marked: 1, unread: 0 });
    expect((await member.agent.put(`${N}/mark-read`).send({ all: true })).body).toEqual({ marked: 0, unread: 0 });
    expect((await inbox(coach)).unread).toBe(1);
  });

  it('every role has an inbox (basic, course only, premium, coach, admin)', async () => {
    for (const role of ['basic', 'course only', 'premium', 'coach', 'admin'] as const) {
      const a = await actor(t, { role });
      expect(await inbox(a)).toEqual({ notifications: [], unread: 0, total: 0 });
    }
  });
});

describe('preferences and email', () => {
  it('read the defaults (in the app only), save, 400 for an unknown delivery or type', async () => {
    const { member } = await coachedMember();
    const read = await member.agent.get(`${N}/preferences`);
    expect(read.status).toBe(200);
    const reminders = {
      card_due_soon: 'app',
      card_overdue: 'app',
      review_waiting_long: 'app',
      community_mention: 'app',
      community_comment: 'app',
      community_reply: 'app',
    };
    expect(read.body).toEqual({ preferences: { comment: 'app', for_review: 'app', review_done: 'app', ...reminders } });
    const given = { comment: 'email', for_review: 'digest', review_done: 'app' };
    // The reminder types are optional in a save (a client that knows only the first three keeps working).
    const saved = await member.agent.put(`${N}/preferences`).send({ preferences: given });
    expect(saved.status).toBe(200);
    const prefs = { ...given, ...reminders };
    expect(saved.body).toEqual({ preferences: prefs });
    expect((await member.agent.get(`${N}/preferences`)).body).toEqual({ preferences: prefs });
    const withReminders = {
      ...given,
      card_due_soon: 'email',
      card_overdue: 'digest',
      review_waiting_long: 'app',
      community_mention: 'app',
      community_comment: 'email',
      community_reply: 'digest',
    };
    const savedAll = await member.agent.put(`${N}/preferences`).send({ preferences: withReminders });
    expect(savedAll.body).toEqual({ preferences: withReminders });
    expect(
      (await member.agent.put(`${N}/preferences`).send({ preferences: { ...withReminders, card_overdue: 'sms' } }))
        .status,
    ).toBe(400);
    await member.agent.put(`${N}/preferences`).send({ preferences: prefs });

    const bad = await member.agent.put(`${N}/preferences`).send({ preferences: { ...prefs, comment: 'sms' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ preferences: 'Choose app, email or digest' });
    // A type without a preference (mention) is ignored; a missing type is a 400.
    const extra = await member.agent.put(`${N}/preferences`).send({ preferences: { ...prefs, mention: 'email' } });
    expect(extra.body).toEqual({ preferences: prefs });
    expect((await member.agent.put(`${N}/preferences`).send({ preferences: { comment: 'app' } })).status).toBe(400);
    expect((await member.agent.get(`${N}/preferences`)).body).toEqual({ preferences: prefs });
    // Another user's preferences are their own.
    const other = await actor(t, { role: 'premium' });
    expect((await other.agent.get(`${N}/preferences`)).body.preferences.comment).toBe('app');
  });

  it('"in the app and by email" mails at once with a link that opens the card; "in the app only" does not', async () => {
    const { member, coach, cardId, lists } = await coachedMember();
    const prefs = { comment: 'email', for_review: 'app', review_done: 'app' };
    await member.agent.put(`${N}/preferences`).send({ preferences: prefs });
    await comment(coach, cardId, 'Mail me\n\nwith   the numbers');
    const mail = await t.smtp.waitFor(member.user.email);
    expect(subjectOf(mail.raw)).toBe('New notification on Move the Needle');
    const text = mailText(mail.raw);
    expect(text).toContain(`${coach.user.fullName} commented on your card "Launch plan"`);
    // The comment quoted, on one line.
    expect(text).toContain('> Mail me with the numbers');
    expect(linksOf(mail.raw)).toContain(`${t.config.publicUrl}/move-the-needle?card=${cardId}`);
    await t.jobsSettled();
    const row = await t.knex('notifications').where({ user_id: member.user.id }).first('emailed_at');
    expect(row.emailed_at).not.toBeNull();

    // The coach keeps "in the app only": the for-review notification is not mailed.
    const before = t.smtp.messages.length;
    await move(member, cardId, lists['NOT STARTED']!, lists['FOR REVIEW']!);
    await t.jobsSettled();
    expect((await inbox(coach)).total).toBe(1);
    expect(t.smtp.messages.slice(before).some((m) => m.to.includes(coach.user.email))).toBe(false);
  });

  it('a card moved into FOR REVIEW mails a coach who chose email: the move statement writes the mail job', async () => {
    const { member, coach, cardId, lists } = await coachedMember();
    await coach.agent
      .put(`${N}/preferences`)
      .send({ preferences: { comment: 'app', for_review: 'email', review_done: 'app' } });
    await move(member, cardId, lists['NOT STARTED']!, lists['FOR REVIEW']!);
    const [row] = (await inbox(coach)).notifications;
    const jobs = await t
      .knex('pgboss.job')
      .where({ name: 'mail' })
      .whereRaw("(data->>'notificationId')::int = ?", [row!.id])
      .select('data', 'retry_limit');
    expect(jobs).toEqual([{ data: { kind: NOTIFICATION_MAIL, notificationId: row!.id }, retry_limit: 5 }]);
    const mail = await t.smtp.waitFor(coach.user.email);
    expect(mailText(mail.raw)).toContain(`${member.user.fullName} moved "Launch plan" to FOR REVIEW`);
    await t.jobsSettled();
    expect((await t.knex('notifications').where({ id: row!.id }).first('emailed_at')).emailed_at).not.toBeNull();
    // Moving it back out (by the member) notifies no one: no mail job.
    const before = await t.knex('pgboss.job').where({ name: 'mail' }).count<[{ count: number }]>('* as count');
    await move(member, cardId, lists['FOR REVIEW']!, lists['NOT STARTED']!);
    expect(await t.knex('pgboss.job').where({ name: 'mail' }).count('* as count')).toEqual(before);
  });

  it('a failed send leaves the row unmailed for the retry, and never fails the change', async () => {
    const { member, coach, cardId } = await coachedMember();
    await member.agent
      .put(`${N}/preferences`)
      .send({ preferences: { comment: 'email', for_review: 'app', review_done: 'app' } });
    // The row alone (no job of its own: the app's worker would send it); its mail job run by hand.
    const [row] = await t.knex.transaction(async (trx) =>
      notify(trx, [
        {
          userId: member.user.id,
          type: 'comment',
          actorId: coach.user.id,
          cardId,
          boardOwnerId: member.user.id,
          text: 'x',
        },
      ]),
    );
    const failing = { send: vi.fn(async () => Promise.reject(new Error('smtp down'))), close: () => undefined };
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const handler = mailHandler(
      { knex: t.knex, mailer: failing, log, from: t.config.mailFrom },
      { [NOTIFICATION_MAIL]: notificationMailRenderer({ knex: t.knex, publicUrl: t.config.publicUrl }) },
    );
    const job = {
      id: crypto.randomUUID(),
      queue: 'mail' as const,
      data: { kind: NOTIFICATION_MAIL, notificationId: row!.id },
      retryCount: 0,
      retryLimit: 5,
    };
    await expect(handler(job)).rejects.toThrow('smtp down');
    expect(failing.send).toHaveBeenCalledTimes(1);
    expect((await t.knex('notifications').where({ id: row!.id }).first('emailed_at')).emailed_at).toBeNull();
    // A comment while mail is down still saves (its mail is a job, retried by the queue).
    await comment(coach, cardId, 'still saved');
    expect((await inbox(member)).total).toBe(2);
  });

  it('the daily digest mails one summary of the unread, not yet emailed notifications, once', async () => {
    const { member, coach, cardId } = await coachedMember();
    await member.agent
      .put(`${N}/preferences`)
      .send({ preferences: { comment: 'digest', for_review: 'app', review_done: 'app' } });
    await comment(coach, cardId, 'first');
    await comment(coach, cardId, 'second');
    await comment(coach, cardId, 'third');
    await t.jobsSettled();
    const [third] = (await inbox(member)).notifications;
    await member.agent.put(`${N}/mark-read`).send({ ids: [third!.id] });
    expect(t.smtp.messages.some((m) => m.to.includes(member.user.email))).toBe(false);

    const deps = { knex: t.knex, publicUrl: t.config.publicUrl };
    expect(await enqueueNotificationDigests(deps)).toBeGreaterThanOrEqual(1);
    await t.jobsSettled();
    const mail = await t.smtp.waitFor(member.user.email);
    expect(subjectOf(mail.raw)).toBe('You have 2 unread notification(s) on Move the Needle');
    const text = mailText(mail.raw);
    expect(text.match(/commented on your card "Launch plan"/g)).toHaveLength(2);
    expect(linksOf(mail.raw)).toContain(`${t.config.publicUrl}/move-the-needle?card=${cardId}`);
    // Emailed rows are not sent again.
    const sent = t.smtp.messages.filter((m) => m.to.includes(member.user.email)).length;
    expect(await enqueueNotificationDigests(deps)).toBe(0);
    await t.jobsSettled();
    expect(t.smtp.messages.filter((m) => m.to.includes(member.user.email)).length).toBe(sent);
  });
});
