import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, MESSAGES } from '../../shared/src/messages';
import { COMMUNITY_LIMITS } from '../../shared/src/schemas/community';
import type {
  CommunityComment,
  CommunityPost,
  CommunityReport,
  CommunitySpace,
} from '../../shared/src/types/community';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn, type CreatedUser, type UserFactoryInput } from '../helpers/factories';

/**
 * The community inside the portal (docs/areas/community.md): who sees which space and post, who may
 * post, edit, delete, pin, lock and hide; reactions, comments, reports, rate limits and the ranked
 * search, per role and tag.
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

let admin: Actor;
let coach: Actor;
let premium: Actor;
let basic: Actor;
let basicTagged: Actor;
let courseOnly: Actor;
let vipTag: { id: number; name: string };
let seeded: Record<string, number>;

async function spaces(a: Actor): Promise<CommunitySpace[]> {
  const res = await a.agent.get('/api/community/spaces');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { spaces: CommunitySpace[] }).spaces;
}

async function saveSpace(body: Record<string, unknown>): Promise<CommunitySpace> {
  const res = await admin.agent.post('/api/community/space/upsert').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { space: CommunitySpace }).space;
}

async function post(a: Actor, spaceId: number, title: string, body = 'Some words.'): Promise<CommunityPost> {
  const res = await a.agent.post('/api/community/post/upsert').send({ spaceId, title, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { post: CommunityPost }).post;
}

async function feed(
  a: Actor,
  query: Record<string, string | number>,
): Promise<{ posts: CommunityPost[]; total: number }> {
  const res = await a.agent.get('/api/community/posts').query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { posts: CommunityPost[]; total: number };
}

async function comment(a: Actor, postId: number, body: string): Promise<CommunityComment> {
  const res = await a.agent.post('/api/community/comment/upsert').send({ postId, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { comment: CommunityComment }).comment;
}

async function auditCount(action: string): Promise<number> {
  const rows = await t.knex('audit_log').where({ action }).count<{ n: string }[]>({ n: '*' });
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  t = await createTestApp();
  vipTag = await createTag(t.knex, 'community-vip');
  admin = await actor({ role: 'admin', isAdmin: true });
  coach = await actor({ role: 'coach' });
  premium = await actor({ role: 'premium' });
  basic = await actor({ role: 'basic' });
  basicTagged = await actor({ role: 'basic', tags: [vipTag.id] });
  courseOnly = await actor({ role: 'course only' });
  seeded = Object.fromEntries((await spaces(basic)).map((s) => [s.name, s.id]));
});

afterAll(async () => {
  await t?.close();
});

describe('spaces', () => {
  it('seeds Wins, Questions and Introductions, open to every role', async () => {
    for (const a of [admin, coach, premium, basic, courseOnly]) {
      const list = await spaces(a);
      expect(list.map((s) => s.name).slice(0, 3)).toEqual(['Wins', 'Questions', 'Introductions']);
      expect(list.slice(0, 3).every((s) => s.canPost)).toBe(true);
    }
  });

  it('asks for a session', async () => {
    expect((await t.request().get('/api/community/spaces')).status).toBe(401);
    expect((await t.request().get('/api/community/posts')).status).toBe(401);
  });

  it('shows a space by role and by tag; coaches and admins see all; posting roles decide who starts posts', async () => {
    const premiumOnly = await saveSpace({ name: 'Premium lounge', roles: ['premium'] });
    const vip = await saveSpace({ name: 'VIP', tagIds: [vipTag.id] });
    const announcements = await saveSpace({ name: 'Announcements', postingRoles: ['coach'] });

    const names = async (a: Actor) => (await spaces(a)).map((s) => s.name);
    expect(await names(premium)).toContain('Premium lounge');
    expect(await names(premium)).not.toContain('VIP');
    expect(await names(basic)).not.toContain('Premium lounge');
    expect(await names(basic)).not.toContain('VIP');
    expect(await names(basicTagged)).toContain('VIP');
    expect(await names(coach)).toEqual(expect.arrayContaining(['Premium lounge', 'VIP', 'Announcements']));
    expect(await names(admin)).toEqual(expect.arrayContaining(['Premium lounge', 'VIP', 'Announcements']));

    const forBasic = (await spaces(basic)).find((s) => s.id === announcements.id)!;
    expect(forBasic.canPost).toBe(false);
    const refused = await basic.agent
      .post('/api/community/post/upsert')
      .send({ spaceId: announcements.id, title: 'Hi', body: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.communityCannotPost);
    await post(coach, announcements.id, 'Office hours moved');

    // A space one may not see does not exist for them: not its feed, not a post in it.
    expect((await basic.agent.get('/api/community/posts').query({ spaceId: vip.id })).status).toBe(404);
    const inVip = await post(basicTagged, vip.id, 'Tagged only');
    expect((await basic.agent.get(`/api/community/post/${inVip.id}`)).status).toBe(404);
    expect((await basic.agent.get(`/api/community/post/${inVip.id}/comments`)).status).toBe(404);
    expect(
      (await premium.agent.post('/api/community/post/upsert').send({ spaceId: vip.id, title: 'x', body: 'y' })).status,
    ).toBe(404);
    const all = await feed(basic, { itemsPerPage: 50 });
    expect(all.posts.map((p) => p.id)).not.toContain(inVip.id);
    expect((await feed(coach, { spaceId: vip.id })).posts.map((p) => p.id)).toContain(inVip.id);
    expect((await basic.agent.get('/api/community/posts').query({ spaceId: premiumOnly.id })).status).toBe(404);
  });

  it('lets only admins keep spaces, with field errors, unique names and an audit row', async () => {
    for (const a of [coach, premium, basic]) {
      expect((await a.agent.post('/api/community/space/upsert').send({ name: 'Nope' })).status).toBe(403);
    }
    const empty = await admin.agent.post('/api/community/space/upsert').send({ name: ' ', roles: ['king'] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.name).toBe(MESSAGES.fieldRequired);
    expect(Object.keys(empty.body.error.fields)).toContain('roles');
    const unknownTag = await admin.agent.post('/api/community/space/upsert').send({ name: 'Tagged', tagIds: [999999] });
    expect(unknownTag.status).toBe(400);
    const taken = await admin.agent.post('/api/community/space/upsert').send({ name: 'wins' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(MESSAGES.communitySpaceNameTaken);

    const before = await auditCount('community.space.create');
    const space = await saveSpace({ name: 'Temporary', description: 'For a test' });
    expect(await auditCount('community.space.create')).toBe(before + 1);
    const renamed = await saveSpace({ id: space.id, name: 'Temporary 2', description: '' });
    expect(renamed.name).toBe('Temporary 2');
    const p = await post(basic, space.id, 'Goes with the space');
    await comment(premium, p.id, 'me too');

    expect((await coach.agent.delete(`/api/community/space/${space.id}`)).status).toBe(403);
    const del = await admin.agent.delete(`/api/community/space/${space.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MESSAGES.communitySpaceDeleted);
    expect(await t.knex('community_posts').where({ space_id: space.id }).first()).toBeUndefined();
    expect(await t.knex('community_comments').where({ post_id: p.id }).first()).toBeUndefined();
    const audited = await t.knex('audit_log').where({ action: 'community.space.delete' }).orderBy('id', 'desc').first();
    expect(audited.details).toMatchObject({ spaceId: space.id, posts: 1 });
    expect((await admin.agent.delete(`/api/community/space/${space.id}`)).status).toBe(404);
  });
});

describe('posts', () => {
  it('validates the post, returns it with author and counts, and lets only its author edit it', async () => {
    const bad = await basic.agent
      .post('/api/community/post/upsert')
      .send({ spaceId: seeded.Questions, title: '', body: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ title: MESSAGES.fieldRequired, body: MESSAGES.fieldRequired });
    const long = await basic.agent
      .post('/api/community/post/upsert')
      .send({ spaceId: seeded.Questions, title: 'x'.repeat(COMMUNITY_LIMITS.titleMax + 1), body: 'b' });
    expect(long.status).toBe(400);
    expect(
      (await basic.agent.post('/api/community/post/upsert').send({ spaceId: 999999, title: 'a', body: 'b' })).status,
    ).toBe(404);

    const p = await post(basic, seeded.Questions!, 'How do I price a bundle?', 'I sell **two** items.');
    expect(p).toMatchObject({
      spaceId: seeded.Questions,
      title: 'How do I price a bundle?',
      body: 'I sell **two** items.',
      author: { id: basic.user.id, fullName: basic.user.fullName, avatar: null },
      pinned: false,
      locked: false,
      hidden: false,
      reactions: { like: 0 },
      myReaction: null,
      commentCount: 0,
      editedAt: null,
      canEdit: true,
      canDelete: true,
    });

    const other = await premium.agent
      .post('/api/community/post/upsert')
      .send({ id: p.id, spaceId: seeded.Questions, title: 'Mine now', body: 'x' });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(MESSAGES.communityCannotEdit);
    const edited = await basic.agent
      .post('/api/community/post/upsert')
      .send({ id: p.id, spaceId: seeded.Questions, title: 'How do I price a bundle of two?', body: 'Edited.' });
    expect(edited.status).toBe(200);
    expect(edited.body.isNew).toBe(false);
    expect(edited.body.post.editedAt).not.toBeNull();
    const read = await premium.agent.get(`/api/community/post/${p.id}`);
    expect(read.body.post).toMatchObject({
      title: 'How do I price a bundle of two?',
      canEdit: false,
      canDelete: false,
    });
    expect((await coach.agent.get(`/api/community/post/${p.id}`)).body.post).toMatchObject({
      canEdit: false,
      canDelete: true,
    });
  });

  it('deletes a post for its author or a moderator (audited), never for another member', async () => {
    const mine = await post(basic, seeded.Questions!, 'Delete me');
    expect((await premium.agent.delete(`/api/community/post/${mine.id}`)).status).toBe(403);
    const before = await auditCount('community.post.delete');
    expect((await basic.agent.delete(`/api/community/post/${mine.id}`)).status).toBe(200);
    expect(await auditCount('community.post.delete')).toBe(before);
    const theirs = await post(premium, seeded.Questions!, 'A moderator removes this');
    const del = await coach.agent.delete(`/api/community/post/${theirs.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MESSAGES.communityPostDeleted);
    expect(await auditCount('community.post.delete')).toBe(before + 1);
    expect((await premium.agent.get(`/api/community/post/${theirs.id}`)).status).toBe(404);
  });

  it('likes once per member, counts them and unlikes', async () => {
    const p = await post(basic, seeded.Wins!, 'First sale!');
    const like = (a: Actor, value: unknown) => a.agent.put(`/api/community/post/${p.id}/react`).send({ like: value });
    expect((await like(premium, true)).body).toEqual({ reactions: { like: 1 }, myReaction: 'like' });
    expect((await like(premium, true)).body).toEqual({ reactions: { like: 1 }, myReaction: 'like' });
    expect((await like(coach, true)).body.reactions).toEqual({ like: 2 });
    expect((await like(premium, false)).body).toEqual({ reactions: { like: 1 }, myReaction: null });
    expect((await like(premium, 'yes')).status).toBe(400);
    const seen = (await basic.agent.get(`/api/community/post/${p.id}`)).body.post as CommunityPost;
    expect(seen.reactions.like).toBe(1);
    expect(seen.myReaction).toBeNull();
  });

  it('lists pinned posts first, then the newest, a page at a time with the total', async () => {
    const space = await saveSpace({ name: 'Paging' });
    const made: CommunityPost[] = [];
    for (let i = 0; i < 5; i++) made.push(await post(coach, space.id, `Post ${i}`));
    const pin = await coach.agent.post(`/api/community/post/${made[1]!.id}/pin`).send({ pinned: true });
    expect(pin.status).toBe(200);
    expect(pin.body.post.pinned).toBe(true);
    const first = await feed(basic, { spaceId: space.id, itemsPerPage: 2, page: 1 });
    expect(first.total).toBe(5);
    expect(first.posts.map((p) => p.title)).toEqual(['Post 1', 'Post 4']);
    const last = await feed(basic, { spaceId: space.id, itemsPerPage: 2, page: 3 });
    expect(last.posts.map((p) => p.title)).toEqual(['Post 0']);
    expect((await basic.agent.get('/api/community/posts').query({ itemsPerPage: 500 })).status).toBe(400);
    expect((await basic.agent.get('/api/community/posts').query({ page: 0 })).status).toBe(400);
  });
});

describe('moderation', () => {
  it('pins, locks and hides only for coaches and admins, each audited', async () => {
    const p = await post(basic, seeded.Questions!, 'Moderate me');
    for (const verb of ['pin', 'lock', 'hide'] as const) {
      const field = { pin: 'pinned', lock: 'locked', hide: 'hidden' }[verb];
      expect((await premium.agent.post(`/api/community/post/${p.id}/${verb}`).send({ [field]: true })).status).toBe(
        403,
      );
      expect((await basic.agent.post(`/api/community/post/${p.id}/${verb}`).send({ [field]: true })).status).toBe(403);
      expect((await coach.agent.post(`/api/community/post/${p.id}/${verb}`).send({})).status).toBe(400);
    }
    const before = await auditCount('community.post.lock');
    const locked = await coach.agent.post(`/api/community/post/${p.id}/lock`).send({ locked: true });
    expect(locked.body.post.locked).toBe(true);
    expect(await auditCount('community.post.lock')).toBe(before + 1);

    // Locked: no comments or edits from members; moderators still comment.
    const refused = await premium.agent.post('/api/community/comment/upsert').send({ postId: p.id, body: 'hello?' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.communityPostLocked);
    const edit = await basic.agent
      .post('/api/community/post/upsert')
      .send({ id: p.id, spaceId: seeded.Questions, title: 'changed', body: 'changed' });
    expect(edit.status).toBe(403);
    expect(edit.body.error.message).toBe(MESSAGES.communityPostLocked);
    await comment(coach, p.id, 'Locked, see the pinned post.');
    expect((await premium.agent.get(`/api/community/post/${p.id}`)).body.post.canComment).toBe(false);

    // Hidden: gone for other members, still there for its author (marked) and moderators.
    const hidden = await admin.agent.post(`/api/community/post/${p.id}/hide`).send({ hidden: true });
    expect(hidden.body.post.hidden).toBe(true);
    expect((await premium.agent.get(`/api/community/post/${p.id}`)).status).toBe(404);
    expect(
      (await feed(premium, { spaceId: seeded.Questions!, itemsPerPage: 50 })).posts.map((x) => x.id),
    ).not.toContain(p.id);
    expect((await basic.agent.get(`/api/community/post/${p.id}`)).body.post.hidden).toBe(true);
    expect((await feed(coach, { spaceId: seeded.Questions!, itemsPerPage: 50 })).posts.map((x) => x.id)).toContain(
      p.id,
    );
    const audited = await t.knex('audit_log').where({ action: 'community.post.hide' }).orderBy('id', 'desc').first();
    expect(audited).toMatchObject({ actor_id: admin.user.id, target_user_id: basic.user.id });
    expect(audited.details).toMatchObject({ postId: p.id, hidden: true });
  });

  it('hides a comment from everyone but its author and moderators; counts follow', async () => {
    const p = await post(premium, seeded.Wins!, 'Reached 100 units');
    const a = await comment(basic, p.id, 'Congratulations!');
    const b = await comment(courseOnly, p.id, 'Buy my course at spam.example');
    expect((await basic.agent.post(`/api/community/comment/${b.id}/hide`).send({ hidden: true })).status).toBe(403);
    const hid = await coach.agent.post(`/api/community/comment/${b.id}/hide`).send({ hidden: true });
    expect(hid.status).toBe(200);
    expect(hid.body.comment.hidden).toBe(true);
    const list = async (x: Actor) =>
      ((await x.agent.get(`/api/community/post/${p.id}/comments`)).body.comments as CommunityComment[]).map(
        (c) => c.id,
      );
    expect(await list(basic)).toEqual([a.id]);
    expect(await list(courseOnly)).toEqual([a.id, b.id]);
    expect(await list(coach)).toEqual([a.id, b.id]);
    expect((await basic.agent.get(`/api/community/post/${p.id}`)).body.post.commentCount).toBe(1);
    expect((await coach.agent.get(`/api/community/post/${p.id}`)).body.post.commentCount).toBe(2);
    expect(await auditCount('community.comment.hide')).toBeGreaterThan(0);
  });

  it('takes reports once per member and target, queues them for moderators and closes them', async () => {
    const p = await post(courseOnly, seeded.Introductions!, 'Visit my shop');
    const c = await comment(courseOnly, p.id, 'and my other shop');
    const send = (a: Actor, body: Record<string, unknown>) => a.agent.post('/api/community/report').send(body);
    expect((await send(basic, { postId: p.id })).status).toBe(400);
    expect((await send(basic, { postId: p.id, commentId: c.id, reason: 'spam' })).status).toBe(400);
    expect((await send(basic, { postId: 999999, reason: 'spam' })).status).toBe(404);
    const ok = await send(basic, { postId: p.id, reason: 'Spam' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MESSAGES.communityReportSent);
    const again = await send(basic, { postId: p.id, reason: 'Spam again' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MESSAGES.communityAlreadyReported);
    expect((await send(premium, { commentId: c.id, reason: 'Advertising' })).status).toBe(200);

    expect((await basic.agent.get('/api/community/reports')).status).toBe(403);
    const queue = (await coach.agent.get('/api/community/reports')).body.reports as CommunityReport[];
    const mine = queue.filter((r) => r.postId === p.id);
    expect(mine.map((r) => [r.kind, r.reason, r.commentId])).toEqual([
      ['post', 'Spam', null],
      ['comment', 'Advertising', c.id],
    ]);
    expect(mine[0]).toMatchObject({
      postTitle: 'Visit my shop',
      author: { id: courseOnly.user.id },
      reporter: { id: basic.user.id },
    });
    expect(mine[1]!.excerpt).toBe('and my other shop');

    expect((await premium.agent.post(`/api/community/report/${mine[0]!.id}/resolve`)).status).toBe(403);
    const closed = await admin.agent.post(`/api/community/report/${mine[0]!.id}/resolve`);
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(MESSAGES.communityReportResolved);
    expect((await admin.agent.post(`/api/community/report/${mine[0]!.id}/resolve`)).status).toBe(404);
    const left = ((await admin.agent.get('/api/community/reports')).body.reports as CommunityReport[]).filter(
      (r) => r.postId === p.id,
    );
    expect(left.map((r) => r.kind)).toEqual(['comment']);
    // Once closed, the same member may report it again.
    expect((await send(basic, { postId: p.id, reason: 'Still spam' })).status).toBe(200);
    expect(await auditCount('community.report.resolve')).toBeGreaterThan(0);
  });
});

describe('rate limits', () => {
  it('stops a member after COMMUNITY_LIMITS.postingMax posts and comments in the window (429 with Retry-After); moderators are not limited', async () => {
    const fast = await actor({ role: 'premium' });
    const first = await post(fast, seeded.Questions!, 'One');
    for (let i = 1; i < COMMUNITY_LIMITS.postingMax; i++) await comment(fast, first.id, `reply ${i}`);
    const over = await fast.agent.post('/api/community/comment/upsert').send({ postId: first.id, body: 'one more' });
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body.error.message).toBe(
      fillMessage(MESSAGES.communityPostingTooFast, { wait: over.body.error.message.match(/wait (.+) and/)![1] }),
    );
    expect(
      (await fast.agent.post('/api/community/post/upsert').send({ spaceId: seeded.Questions, title: 'x', body: 'y' }))
        .status,
    ).toBe(429);
    // Refused writes wrote nothing.
    const written = await t
      .knex('community_comments')
      .where({ author_id: fast.user.id })
      .count<{ n: string }[]>({ n: '*' });
    expect(Number(written[0]!.n)).toBe(COMMUNITY_LIMITS.postingMax - 1);
    for (let i = 0; i < COMMUNITY_LIMITS.postingMax + 2; i++) await comment(coach, first.id, `coach ${i}`);
  });
});

describe('search', () => {
  it('finds posts by title, body and comments, ranked, within the spaces one sees', async () => {
    const space = await saveSpace({ name: 'Search room' });
    const hidden = await saveSpace({ name: 'Search secret', roles: ['coach'] });
    const inTitle = await post(coach, space.id, 'Silicone spatula sourcing', 'Where do you buy?');
    const inBody = await post(coach, space.id, 'Kitchen niche', 'I found a silicone spatula supplier in Ningbo.');
    const inComment = await post(coach, space.id, 'Supplier question', 'Any tips?');
    await comment(premium, inComment.id, 'Try the spatula factory I used.');
    await post(coach, space.id, 'Unrelated', 'Garden hoses.');
    await post(coach, hidden.id, 'Spatula secret', 'spatula spatula');

    const found = await feed(basic, { q: 'spatula', itemsPerPage: 50 });
    expect(found.posts.map((p) => p.id)).toEqual([inTitle.id, inBody.id, inComment.id]);
    expect(found.total).toBe(3);
    expect(
      (await feed(basic, { q: 'spatula', spaceId: space.id, itemsPerPage: 1, page: 2 })).posts.map((p) => p.id),
    ).toEqual([inBody.id]);
    expect((await feed(coach, { q: 'spatula', itemsPerPage: 50 })).total).toBe(4);
    expect((await feed(basic, { q: '"garden hoses"' })).posts.map((p) => p.title)).toEqual(['Unrelated']);
    expect((await feed(basic, { q: 'spatula -silicone', spaceId: space.id })).posts.map((p) => p.id)).toEqual([
      inComment.id,
    ]);
    expect((await feed(basic, { q: 'the' })).total).toBe(0);
    expect(
      (await basic.agent.get('/api/community/posts').query({ q: 'x'.repeat(COMMUNITY_LIMITS.queryMax + 1) })).status,
    ).toBe(400);
  });

  it('keeps markdown as written (the UI renders it sanitised)', async () => {
    const body = '<img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(2)</script>';
    const p = await post(basic, seeded.Questions!, 'Payload', body);
    expect((await premium.agent.get(`/api/community/post/${p.id}`)).body.post.body).toBe(body);
  });
});

describe('member profiles', () => {
  it('shows name, location, role, member since and posts, as the member chooses; moderators see it all', async () => {
    const member = await actor({
      role: 'premium',
      fullName: 'Pat Profile',
      city: 'Austin',
      state: 'Texas',
      country: 'USA',
    });
    const premiumOnly = await saveSpace({ name: 'Profile lounge', roles: ['premium'] });
    await post(member, seeded.Wins!, 'Public win');
    await post(member, premiumOnly.id, 'Premium-only win');

    const full = await basic.agent.get(`/api/community/member/${member.user.id}`);
    expect(full.status).toBe(200);
    expect(full.body.visibility).toBeNull();
    expect(full.body.profile).toMatchObject({
      id: member.user.id,
      fullName: 'Pat Profile',
      avatar: null,
      location: 'Austin, Texas, USA',
      role: 'premium',
      postCount: 1,
    });
    expect(full.body.profile.memberSince).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Only the posts the viewer may see: the premium space's post is not a basic member's to read.
    expect((full.body.profile.posts as CommunityPost[]).map((p) => p.title)).toEqual(['Public win']);
    expect((await premium.agent.get(`/api/community/member/${member.user.id}`)).body.profile.postCount).toBe(2);

    const own = await member.agent.get('/api/community/profile');
    expect(own.body.visibility).toEqual({ showLocation: true, showRole: true, showMemberSince: true, showPosts: true });
    expect((await member.agent.put('/api/community/profile').send({ showLocation: false })).status).toBe(400);
    const saved = await member.agent
      .put('/api/community/profile')
      .send({ showLocation: false, showRole: false, showMemberSince: true, showPosts: false });
    expect(saved.status).toBe(200);
    expect(saved.body.visibility).toEqual({
      showLocation: false,
      showRole: false,
      showMemberSince: true,
      showPosts: false,
    });

    const hidden = (await basic.agent.get(`/api/community/member/${member.user.id}`)).body.profile;
    expect(hidden).toMatchObject({ fullName: 'Pat Profile', location: null, role: null, postCount: null, posts: [] });
    expect(hidden.memberSince).not.toBeNull();
    // Moderators and the member themself see everything.
    expect((await coach.agent.get(`/api/community/member/${member.user.id}`)).body.profile).toMatchObject({
      location: 'Austin, Texas, USA',
      role: 'premium',
      postCount: 2,
    });
    const mine = await member.agent.get(`/api/community/member/${member.user.id}`);
    expect(mine.body.profile.role).toBe('premium');
    expect(mine.body.visibility.showPosts).toBe(false);

    expect((await basic.agent.get('/api/community/member/999999')).status).toBe(404);
    expect((await t.request().get(`/api/community/member/${member.user.id}`)).status).toBe(401);
  });
});
