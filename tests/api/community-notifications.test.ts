import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, MESSAGES } from '../../shared/src/messages';
import type { NotificationItem } from '../../shared/src/types';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn, type CreatedUser, type UserFactoryInput } from '../helpers/factories';
import { mailText, subjectOf } from '../helpers/fake-smtp';

/**
 * Community notifications (docs/areas/community.md#notifications): mentions, comments on one's post,
 * replies in a thread one commented on; only to members who may see the post; in the inbox and, per
 * preference, by mail through the job queue.
 */

let t: TestApp;
interface Actor {
  user: CreatedUser;
  agent: supertest.Agent;
}
async function actor(input: UserFactoryInput): Promise<Actor> {
  const user = await createUser(t.knex, input);
  return { user, agent: await signIn(t.agent(), user) };
}
async function inbox(a: Actor): Promise<NotificationItem[]> {
  const res = await a.agent.get('/api/notification/read-many');
  expect(res.status).toBe(200);
  return (res.body as { notifications: NotificationItem[] }).notifications;
}

let wins: number;
let author: Actor;
let friend: Actor;
let coach: Actor;
let outsider: Actor;
let coachesOnly: number;

beforeAll(async () => {
  t = await createTestApp();
  author = await actor({ role: 'premium', fullName: 'Ava Author' });
  friend = await actor({ role: 'basic', fullName: 'Finn Friend' });
  coach = await actor({ role: 'coach', fullName: 'Cora Coach' });
  outsider = await actor({ role: 'basic', fullName: 'Olly Outsider' });
  const admin = await actor({ role: 'admin' });
  const spaces = (await author.agent.get('/api/community/spaces')).body.spaces as Array<{ id: number; name: string }>;
  wins = spaces.find((s) => s.name === 'Wins')!.id;
  const made = await admin.agent.post('/api/community/space/upsert').send({ name: 'Coaches room', roles: ['coach'] });
  coachesOnly = made.body.space.id as number;
});

afterAll(async () => {
  await t?.close();
});

describe('community notifications', () => {
  it('a post tells the members it mentions once, never the writer, and only those who may see it', async () => {
    const res = await author.agent.post('/api/community/post/upsert').send({
      spaceId: wins,
      title: 'First 100 units sold',
      body: 'Thanks @Cora Coach and @Finn Friend!',
      mentionedUserIds: [coach.user.id, friend.user.id, author.user.id],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const post = res.body.post as { id: number; title: string };
    const [toCoach] = await inbox(coach);
    expect(toCoach).toMatchObject({
      type: 'community_mention',
      text: fillMessage(MESSAGES.notificationCommunityMention, { actor: 'Ava Author', post: 'First 100 units sold' }),
      quote: 'Thanks @Cora Coach and @Finn Friend!',
      actor: { id: author.user.id, fullName: 'Ava Author' },
      card: null,
      post: { id: post.id, title: 'First 100 units sold', spaceId: wins },
    });
    expect((await inbox(friend)).map((n) => n.type)).toEqual(['community_mention']);
    expect(await inbox(author)).toEqual([]);

    // An edit that mentions them again tells no one twice.
    const edited = await author.agent.post('/api/community/post/upsert').send({
      id: post.id,
      spaceId: wins,
      title: 'First 100 units sold',
      body: 'Thanks again @Cora Coach!',
      mentionedUserIds: [coach.user.id],
    });
    expect(edited.status).toBe(200);
    expect(await inbox(coach)).toHaveLength(1);

    // A member who may not see the space is not told (and learns nothing of it).
    const secret = await coach.agent.post('/api/community/post/upsert').send({
      spaceId: coachesOnly,
      title: 'Coaches: who needs help?',
      body: '@Olly Outsider is stuck',
      mentionedUserIds: [outsider.user.id],
    });
    expect(secret.status).toBe(200);
    expect(await inbox(outsider)).toEqual([]);
    expect(
      (
        await author.agent
          .post('/api/community/post/upsert')
          .send({ spaceId: wins, title: 'x', body: 'y', mentionedUserIds: [0] })
      ).status,
    ).toBe(400);
  });

  it('a comment tells the post’s author and earlier commenters; a mention wins over a reply', async () => {
    const post = (
      await author.agent
        .post('/api/community/post/upsert')
        .send({ spaceId: wins, title: 'Launched my bundle', body: 'Ask me anything.' })
    ).body.post as { id: number };
    const before = {
      author: (await inbox(author)).length,
      friend: (await inbox(friend)).length,
      coach: (await inbox(coach)).length,
    };

    const first = await friend.agent
      .post('/api/community/comment/upsert')
      .send({ postId: post.id, body: 'What margin?' });
    expect(first.status).toBe(200);
    const [toAuthor] = await inbox(author);
    expect(toAuthor).toMatchObject({
      type: 'community_comment',
      text: fillMessage(MESSAGES.notificationCommunityComment, { actor: 'Finn Friend', post: 'Launched my bundle' }),
      quote: 'What margin?',
      post: { id: post.id },
    });

    // The coach answers and mentions the friend: the friend gets a mention (not also a reply), the author a comment.
    await coach.agent
      .post('/api/community/comment/upsert')
      .send({ postId: post.id, body: '@Finn Friend 32 % after fees', mentionedUserIds: [friend.user.id] });
    expect((await inbox(friend)).slice(0, 1).map((n) => n.type)).toEqual(['community_mention']);
    expect((await inbox(friend)).length).toBe(before.friend + 1);
    expect((await inbox(author)).length).toBe(before.author + 2);

    // The author replies: both earlier commenters get a reply; the author is not told of their own comment.
    await author.agent.post('/api/community/comment/upsert').send({ postId: post.id, body: 'Thanks both' });
    const [toFriend] = await inbox(friend);
    expect(toFriend).toMatchObject({
      type: 'community_reply',
      text: fillMessage(MESSAGES.notificationCommunityReply, { actor: 'Ava Author', post: 'Launched my bundle' }),
    });
    expect((await inbox(coach))[0]!.type).toBe('community_reply');
    expect((await inbox(coach)).length).toBe(before.coach + 1);
    expect((await inbox(author)).length).toBe(before.author + 2);
  });

  it('mails per preference through the job queue, with a link that opens the post; "in the app only" does not', async () => {
    const member = await actor({ role: 'premium', fullName: 'Mia Mailme' });
    const quiet = await actor({ role: 'premium', fullName: 'Quinn Quiet' });
    const prefs = await member.agent
      .put('/api/notification/preferences')
      .send({ preferences: { comment: 'app', for_review: 'app', review_done: 'app', community_comment: 'email' } });
    expect(prefs.status, JSON.stringify(prefs.body)).toBe(200);
    expect(prefs.body.preferences.community_comment).toBe('email');
    const post = (
      await member.agent
        .post('/api/community/post/upsert')
        .send({ spaceId: wins, title: 'Mail me comments', body: 'Please.' })
    ).body.post as { id: number };
    const quietPost = (
      await quiet.agent
        .post('/api/community/post/upsert')
        .send({ spaceId: wins, title: 'Do not mail me', body: 'Thanks.' })
    ).body.post as { id: number };
    const before = t.smtp.messages.length;
    await friend.agent.post('/api/community/comment/upsert').send({ postId: post.id, body: 'Here   is\na comment' });
    await friend.agent.post('/api/community/comment/upsert').send({ postId: quietPost.id, body: 'And here' });
    const mail = await t.smtp.waitFor(member.user.email);
    expect(subjectOf(mail.raw)).toBe(MESSAGES.notificationCommunityEmailSubject);
    const text = mailText(mail.raw);
    expect(text).toContain('Finn Friend commented on your post "Mail me comments"');
    expect(text).toContain('> Here is a comment');
    expect(text.replace(/=\r?\n/g, '')).toContain(`${t.config.publicUrl}/community/post/${post.id}`);
    await t.jobsSettled();
    expect(t.smtp.messages.slice(before).some((m) => m.to.includes(quiet.user.email))).toBe(false);
    const row = await t.knex('notifications').where({ user_id: member.user.id, post_id: post.id }).first('emailed_at');
    expect(row.emailed_at).not.toBeNull();
  });

  it('a deleted post takes its notifications with it', async () => {
    const post = (
      await author.agent
        .post('/api/community/post/upsert')
        .send({ spaceId: wins, title: 'Short-lived', body: '@Finn Friend', mentionedUserIds: [friend.user.id] })
    ).body.post as { id: number };
    expect((await inbox(friend))[0]!.post!.id).toBe(post.id);
    expect((await author.agent.delete(`/api/community/post/${post.id}`)).status).toBe(200);
    expect((await inbox(friend)).some((n) => n.post?.id === post.id)).toBe(false);
  });
});
