import type {
  CommunityAuthor,
  CommunityComment,
  CommunityPost,
  CommunityProfileResponse,
  CommunityReport,
  CommunitySpace,
} from '@shared/types';
import { mockFetch, type FetchCall, type MockHandler } from './render';

let nextId = 500;
const HOUR = 3600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export const author = (id: number, fullName = `Member ${id}`): CommunityAuthor => ({ id, fullName, avatar: null });

export function makeSpace(over: Partial<CommunitySpace> = {}): CommunitySpace {
  const id = over.id ?? nextId++;
  return {
    id,
    name: `Space ${id}`,
    description: '',
    roles: [],
    tagIds: [],
    postingRoles: [],
    position: 0,
    canPost: true,
    postCount: 0,
    ...over,
  };
}

export function makePost(over: Partial<CommunityPost> = {}): CommunityPost {
  const id = over.id ?? nextId++;
  return {
    id,
    spaceId: 1,
    title: `Post ${id}`,
    body: `What post ${id} says`,
    author: author(900),
    createdAt: ago(2 * HOUR),
    editedAt: null,
    pinned: false,
    locked: false,
    hidden: false,
    reactions: { like: 0 },
    myReaction: null,
    commentCount: 0,
    canEdit: false,
    canDelete: false,
    canComment: true,
    ...over,
  };
}

export function makeComment(over: Partial<CommunityComment> = {}): CommunityComment {
  const id = over.id ?? nextId++;
  return {
    id,
    postId: 1,
    body: `Comment ${id}`,
    author: author(901),
    createdAt: ago(HOUR),
    editedAt: null,
    hidden: false,
    canEdit: false,
    canDelete: false,
    ...over,
  };
}

export function makeReport(over: Partial<CommunityReport> = {}): CommunityReport {
  const id = over.id ?? nextId++;
  return {
    id,
    reason: 'Spam',
    createdAt: ago(HOUR),
    reporter: author(902, 'Rita Reporter'),
    kind: 'post',
    postId: 1,
    commentId: null,
    postTitle: `Reported post ${id}`,
    excerpt: 'Buy my course now',
    author: author(903, 'Sam Spammer'),
    hidden: false,
    ...over,
  };
}

export interface FakeCommunity {
  spaces: CommunitySpace[];
  posts: CommunityPost[];
  comments: CommunityComment[];
  reports: CommunityReport[];
  /** Who the @ picker offers, per space id (absent: nobody). */
  mentionable: Record<number, CommunityAuthor[]>;
  /** GET /api/community/member/:id answers, by member id (absent: 404). */
  profiles: Record<number, CommunityProfileResponse>;
}

/** A profile as GET /api/community/member/:id answers it; `visibility` only for one's own. */
export function makeProfile(
  over: Partial<CommunityProfileResponse['profile']> = {},
  visibility: CommunityProfileResponse['visibility'] = null,
): CommunityProfileResponse {
  const id = over.id ?? nextId++;
  return {
    profile: {
      id,
      fullName: `Member ${id}`,
      avatar: null,
      location: null,
      role: null,
      memberSince: null,
      postCount: 0,
      posts: [],
      ...over,
    },
    visibility,
  };
}

/**
 * A stand-in for /api/community/*: lists, reads and writes on the state passed in (which the test can
 * inspect); `override` answers first (errors, held requests). Returns the calls made.
 */
export function fakeCommunityServer(
  initial: Partial<FakeCommunity> = {},
  { override, me = author(7, 'Dana Rivers') }: { override?: MockHandler; me?: CommunityAuthor } = {},
): { state: FakeCommunity; calls: FetchCall[] } {
  const state: FakeCommunity = {
    spaces: [],
    posts: [],
    comments: [],
    reports: [],
    mentionable: {},
    profiles: {},
    ...initial,
  };
  const find = (id: number) => state.posts.find((p) => p.id === id);
  const calls = mockFetch((req) => {
    const answer = override?.(req);
    if (answer) return answer;
    const { method, path, search, body } = req;
    const b = (body ?? {}) as Record<string, unknown>;
    if (path === '/api/community/spaces') return { body: { spaces: state.spaces } };
    const mentionable = /^\/api\/community\/space\/(\d+)\/mentionable$/.exec(path);
    if (mentionable && method === 'GET') {
      // Like the API: any word of the name starts with q, any case, at most 10.
      const q = (search.get('q') ?? '').trim().toLowerCase();
      const people = (state.mentionable[Number(mentionable[1])] ?? []).filter(
        (p) => !q || ` ${p.fullName.toLowerCase()}`.includes(` ${q}`),
      );
      return { body: { members: people.slice(0, 10) } };
    }
    const member = /^\/api\/community\/member\/(\d+)$/.exec(path);
    if (member && method === 'GET') {
      const found = state.profiles[Number(member[1])];
      return found
        ? { body: found }
        : { status: 404, body: { error: { code: 'not_found', message: 'User not found' } } };
    }
    if (path === '/api/community/profile' && method === 'PUT') {
      const own = state.profiles[me.id];
      const visibility = b as unknown as NonNullable<CommunityProfileResponse['visibility']>;
      if (own) own.visibility = visibility;
      return { body: { visibility } };
    }
    if (path === '/api/community/posts') {
      const spaceId = search.get('spaceId');
      const q = (search.get('q') ?? '').toLowerCase();
      const page = Number(search.get('page') ?? 1);
      const per = Number(search.get('itemsPerPage') ?? 20);
      const shown = state.posts
        .filter((p) => !spaceId || p.spaceId === Number(spaceId))
        .filter((p) => !q || `${p.title} ${p.body}`.toLowerCase().includes(q))
        .sort((x, y) => Number(y.pinned) - Number(x.pinned) || Date.parse(y.createdAt) - Date.parse(x.createdAt));
      return { body: { posts: shown.slice((page - 1) * per, page * per), total: shown.length } };
    }
    if (method === 'POST' && path === '/api/community/post/upsert') {
      if (b.id) {
        const p = find(Number(b.id))!;
        Object.assign(p, { title: b.title, body: b.body, spaceId: b.spaceId, editedAt: new Date().toISOString() });
        return { body: { post: p, isNew: false } };
      }
      const p = makePost({
        spaceId: Number(b.spaceId),
        title: String(b.title),
        body: String(b.body),
        author: me,
        createdAt: new Date().toISOString(),
        canEdit: true,
        canDelete: true,
      });
      state.posts.push(p);
      return { body: { post: p, isNew: true } };
    }
    const react = /^\/api\/community\/post\/(\d+)\/react$/.exec(path);
    if (react && method === 'PUT') {
      const p = find(Number(react[1]))!;
      const like = Boolean(b.like);
      if (like !== (p.myReaction === 'like')) p.reactions = { like: p.reactions.like + (like ? 1 : -1) };
      p.myReaction = like ? 'like' : null;
      return { body: { reactions: p.reactions, myReaction: p.myReaction } };
    }
    const flag = /^\/api\/community\/post\/(\d+)\/(pin|lock|hide)$/.exec(path);
    if (flag && method === 'POST') {
      const p = find(Number(flag[1]))!;
      Object.assign(p, b);
      if ('locked' in b || 'hidden' in b) p.canComment = !p.locked && !p.hidden;
      state.reports.filter((r) => r.kind === 'post' && r.postId === p.id).forEach((r) => (r.hidden = p.hidden));
      return { body: { post: p } };
    }
    const comments = /^\/api\/community\/post\/(\d+)\/comments$/.exec(path);
    if (comments) return { body: { comments: state.comments.filter((c) => c.postId === Number(comments[1])) } };
    const one = /^\/api\/community\/post\/(\d+)$/.exec(path);
    if (one && method === 'GET') {
      const p = find(Number(one[1]));
      return p
        ? { body: { post: p } }
        : { status: 404, body: { error: { code: 'not_found', message: 'Post not found' } } };
    }
    if (one && method === 'DELETE') {
      state.posts = state.posts.filter((p) => p.id !== Number(one[1]));
      return { body: { success: true, message: 'Post deleted' } };
    }
    if (method === 'POST' && path === '/api/community/comment/upsert') {
      const p = find(Number(b.postId))!;
      if (b.id) {
        const c = state.comments.find((x) => x.id === Number(b.id))!;
        Object.assign(c, { body: b.body, editedAt: new Date().toISOString() });
        return { body: { comment: c, isNew: false } };
      }
      const c = makeComment({
        postId: p.id,
        body: String(b.body),
        author: me,
        createdAt: new Date().toISOString(),
        canEdit: true,
        canDelete: true,
      });
      state.comments.push(c);
      p.commentCount += 1;
      return { body: { comment: c, isNew: true } };
    }
    const hideComment = /^\/api\/community\/comment\/(\d+)\/hide$/.exec(path);
    if (hideComment) {
      const c = state.comments.find((x) => x.id === Number(hideComment[1]))!;
      c.hidden = Boolean(b.hidden);
      state.reports.filter((r) => r.commentId === c.id).forEach((r) => (r.hidden = c.hidden));
      return { body: { comment: c } };
    }
    const comment = /^\/api\/community\/comment\/(\d+)$/.exec(path);
    if (comment && method === 'DELETE') {
      state.comments = state.comments.filter((c) => c.id !== Number(comment[1]));
      return { body: { success: true, message: 'Comment deleted' } };
    }
    if (method === 'POST' && path === '/api/community/report')
      return { body: { success: true, message: 'Thanks: the moderators will take a look.' } };
    if (path === '/api/community/reports') return { body: { reports: state.reports } };
    const resolve = /^\/api\/community\/report\/(\d+)\/resolve$/.exec(path);
    if (resolve) {
      state.reports = state.reports.filter((r) => r.id !== Number(resolve[1]));
      return { body: { success: true, message: 'Report closed' } };
    }
    if (method === 'POST' && path === '/api/community/space/upsert') {
      if (b.id) {
        const s = state.spaces.find((x) => x.id === Number(b.id))!;
        Object.assign(s, b);
        return { body: { space: s, isNew: false } };
      }
      const s = makeSpace(b);
      state.spaces.push(s);
      return { body: { space: s, isNew: true } };
    }
    const space = /^\/api\/community\/space\/(\d+)$/.exec(path);
    if (space && method === 'DELETE') {
      state.spaces = state.spaces.filter((s) => s.id !== Number(space[1]));
      return { body: { success: true, message: 'Space deleted' } };
    }
    if (path === '/api/tag/read-many')
      return {
        body: {
          tags: [
            { id: 31, name: 'VIP' },
            { id: 32, name: 'Wholesale' },
          ],
        },
      };
    return undefined;
  });
  return { state, calls };
}
