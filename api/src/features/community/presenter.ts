import {
  canCommentOn,
  canDeleteContribution,
  canEditComment,
  canEditPost,
  canPostInSpace,
  type Principal,
} from '@shared/policies';
import type { CommunityAuthor, CommunityComment, CommunityPost, CommunityReport, CommunitySpace } from '@shared/types';
import { iso } from '../../core/dates';
import type { CommunitySpaceRow } from '../../models';
import { spaceRules, type CommentRead, type MentionableRow, type PostRead } from './queries';
import type { ReportRead } from './service';

/** The community's JSON (shared/src/types/community.ts), with what the caller may do from the shared policy. */
export function presentSpace(s: CommunitySpaceRow, user: Principal, postCount: number): CommunitySpace {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    roles: s.roles,
    tagIds: s.tag_ids,
    postingRoles: s.posting_roles,
    position: s.position,
    canPost: canPostInSpace(user, spaceRules(s)),
    postCount,
  };
}

const author = (id: number, name: string, photo: string | null) => ({ id, fullName: name, avatar: photo });
const postFacts = (p: PostRead) => ({ authorId: p.author_id, hidden: p.hidden, locked: p.locked });

export function presentPost(p: PostRead, user: Principal): CommunityPost {
  return {
    id: p.id,
    spaceId: p.space_id,
    title: p.title,
    body: p.body,
    author: author(p.author_id, p.author_name, p.author_photo),
    createdAt: iso(p.created_at),
    editedAt: p.edited_at === null ? null : iso(p.edited_at),
    pinned: p.pinned,
    locked: p.locked,
    hidden: p.hidden,
    reactions: { like: p.like_count },
    myReaction: p.my_like ? 'like' : null,
    commentCount: p.comment_count,
    canEdit: canEditPost(user, postFacts(p)),
    canDelete: canDeleteContribution(user, postFacts(p)),
    canComment: canCommentOn(user, postFacts(p)),
  };
}

export function presentComment(c: CommentRead, post: PostRead, user: Principal): CommunityComment {
  const facts = { authorId: c.author_id, hidden: c.hidden };
  return {
    id: c.id,
    postId: c.post_id,
    body: c.body,
    author: author(c.author_id, c.author_name, c.author_photo),
    createdAt: iso(c.created_at),
    editedAt: c.edited_at === null ? null : iso(c.edited_at),
    hidden: c.hidden,
    canEdit: canEditComment(user, facts, postFacts(post)),
    canDelete: canDeleteContribution(user, facts),
  };
}

export function presentReport(r: ReportRead): CommunityReport {
  return {
    id: r.id,
    reason: r.reason,
    createdAt: iso(r.created_at),
    reporter: author(r.reporter_id, r.reporter_name, r.reporter_photo),
    kind: r.comment_id === null ? 'post' : 'comment',
    postId: r.post_id,
    commentId: r.comment_id,
    postTitle: r.post_title,
    excerpt: r.excerpt,
    author: author(r.author_id, r.author_name, r.author_photo),
    hidden: r.hidden,
  };
}

/** A member the @ picker offers: as an author is shown. */
export function presentMentionable(m: MentionableRow): CommunityAuthor {
  return author(m.id, m.full_name, m.photo_url);
}
