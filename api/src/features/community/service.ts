import type { Knex } from 'knex';
import { fillMessage, formatWait, MESSAGES } from '@shared/messages';
import {
  canCommentOn,
  canDeleteContribution,
  canEditComment,
  canEditPost,
  canPostInSpace,
  canSeeContribution,
  canSeeSpace,
  isCommunityModerator,
  type Principal,
} from '@shared/policies';
import {
  COMMUNITY_LIMITS,
  type CommunityCommentUpsertInput,
  type CommunityPostUpsertInput,
  type CommunityReportInput,
  type CommunitySpaceUpsertInput,
} from '@shared/schemas/community';
import type { AuditAction } from '@shared/types/audit';
import { audit } from '../../core/audit';
import { publishCommunityChange } from '../../core/live-events';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  isUniqueViolation,
  notFound,
  tooManyRequests,
} from '../../core/errors';
import { hitRateLimit } from '../../core/rate-limit';
import {
  CommunityCommentRow,
  CommunityPostRow,
  CommunityReactionRow,
  CommunityReportRow,
  CommunitySpaceRow,
} from '../../models';
import { notifyCommunityWrite } from './notifications';
import { readComment, readPost, spaceRules, type CommentRead, type PostRead } from './queries';

/**
 * The community's writes (docs/areas/community.md). Every write runs in the endpoint's transaction;
 * moderators' actions on others' posts and comments, and every change to a space, write an audit row
 * in that same transaction.
 */
type Trx = Knex.Transaction;
type Db = Knex | Knex.Transaction;
export interface Actor {
  user: Principal;
  ip: string;
}
/** A writer: the notifications they cause name them. */
type Writer = Principal & { fullName: string };

const facts = (p: { author_id: number; hidden: boolean; locked?: boolean }) => ({
  authorId: p.author_id,
  hidden: p.hidden,
  locked: p.locked ?? false,
});

// Spaces ---------------------------------------------------------------------------------------

async function checkTags(trx: Trx, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  const found = await trx('tags').whereIn('id', tagIds).count<{ n: string }[]>({ n: '*' });
  if (Number(found[0]?.n ?? 0) !== new Set(tagIds).size) {
    throw badRequest(MESSAGES.communitySpaceTagsUnknown, { tagIds: MESSAGES.communitySpaceTagsUnknown });
  }
}

export async function saveSpace(
  trx: Trx,
  actor: Actor,
  input: CommunitySpaceUpsertInput,
): Promise<{ space: CommunitySpaceRow; isNew: boolean }> {
  const tagIds = [...new Set(input.tagIds)];
  await checkTags(trx, tagIds);
  const values = {
    name: input.name,
    description: input.description,
    roles: [...new Set(input.roles)],
    tag_ids: tagIds,
    posting_roles: [...new Set(input.postingRoles)],
  };
  try {
    if (input.id !== undefined) {
      const found = await CommunitySpaceRow.query(trx).findById(input.id).forUpdate();
      if (!found) throw notFound(MESSAGES.communitySpaceNotFound);
      const space = await CommunitySpaceRow.query(trx).patchAndFetchById(input.id, {
        ...values,
        ...(input.position !== undefined ? { position: input.position } : {}),
        updated_at: new Date(),
      });
      await audit(trx, {
        actorId: actor.user.id,
        action: 'community.space.update',
        details: { spaceId: space.id, name: space.name },
        ip: actor.ip,
      });
      return { space, isNew: false };
    }
    const last = await CommunitySpaceRow.query(trx).max('position as max').first();
    const position = input.position ?? Number((last as unknown as { max: number | null } | undefined)?.max ?? -1) + 1;
    const space = await CommunitySpaceRow.query(trx).insertAndFetch({ ...values, position });
    await audit(trx, {
      actorId: actor.user.id,
      action: 'community.space.create',
      details: { spaceId: space.id, name: space.name },
      ip: actor.ip,
    });
    return { space, isNew: true };
  } catch (err) {
    if (isUniqueViolation(err, 'community_spaces_name')) {
      throw conflict(MESSAGES.communitySpaceNameTaken, { name: MESSAGES.communitySpaceNameTaken });
    }
    throw err;
  }
}

/** Deletes a space with its posts (and their comments, likes and reports). */
export async function deleteSpace(trx: Trx, actor: Actor, id: number): Promise<void> {
  const found = await CommunitySpaceRow.query(trx).findById(id).forUpdate();
  if (!found) throw notFound(MESSAGES.communitySpaceNotFound);
  const posts = await CommunityPostRow.query(trx).where({ space_id: id }).resultSize();
  await CommunitySpaceRow.query(trx).deleteById(id);
  await audit(trx, {
    actorId: actor.user.id,
    action: 'community.space.delete',
    details: { spaceId: id, name: found.name, posts },
    ip: actor.ip,
  });
}

/** The space if the user sees it, else 404 (a space one may not see does not exist for them). */
export async function spaceInView(db: Db, user: Principal, id: number): Promise<CommunitySpaceRow> {
  const space = await CommunitySpaceRow.query(db).findById(id);
  if (!space || !canSeeSpace(user, spaceRules(space))) throw notFound(MESSAGES.communitySpaceNotFound);
  return space;
}

// Posts ----------------------------------------------------------------------------------------

/** The post if the user sees it (its space and, if hidden, as author or moderator), else 404. */
export async function postInView(db: Db, user: Principal, id: number, lock = false): Promise<PostRead> {
  const post = await readPost(db, user, id, lock);
  if (!post || !canSeeContribution(user, facts(post))) throw notFound(MESSAGES.communityPostNotFound);
  const space = await CommunitySpaceRow.query(db).findById(post.space_id);
  if (!space || !canSeeSpace(user, spaceRules(space))) throw notFound(MESSAGES.communityPostNotFound);
  return post;
}

/** Posts and comments together: COMMUNITY_LIMITS.postingMax per window and member; moderators are not limited. */
async function checkPostingRate(trx: Trx, user: Principal): Promise<void> {
  if (isCommunityModerator(user)) return;
  const hit = await hitRateLimit(trx, `community-post:${user.id}`, COMMUNITY_LIMITS.postingWindowMs);
  if (hit.count > COMMUNITY_LIMITS.postingMax) {
    throw tooManyRequests(
      fillMessage(MESSAGES.communityPostingTooFast, { wait: formatWait(hit.retryAfterSeconds) }),
      hit.retryAfterSeconds,
    );
  }
}

export async function savePost(
  trx: Trx,
  user: Writer,
  input: CommunityPostUpsertInput,
): Promise<{ post: PostRead; isNew: boolean }> {
  const space = await spaceInView(trx, user, input.spaceId);
  if (input.id !== undefined) {
    const found = await postInView(trx, user, input.id, true);
    if (!canEditPost(user, facts(found))) {
      throw forbidden(found.locked ? MESSAGES.communityPostLocked : MESSAGES.communityCannotEdit);
    }
    if (found.space_id !== space.id && !canPostInSpace(user, spaceRules(space))) {
      throw forbidden(MESSAGES.communityCannotPost);
    }
    await CommunityPostRow.query(trx).patchAndFetchById(found.id, {
      space_id: space.id,
      title: input.title,
      body: input.body,
      edited_at: new Date(),
    });
    await publishCommunityChange(trx, { kind: 'post', spaceId: space.id, postId: found.id });
    if (found.space_id !== space.id) {
      await publishCommunityChange(trx, { kind: 'deleted', spaceId: found.space_id, postId: found.id });
    }
    const post = (await readPost(trx, user, found.id))!;
    await notifyCommunityWrite(trx, {
      actor: user,
      post,
      text: input.body,
      mentionedUserIds: input.mentionedUserIds,
      newComment: false,
    });
    return { post, isNew: false };
  }
  if (!canPostInSpace(user, spaceRules(space))) throw forbidden(MESSAGES.communityCannotPost);
  await checkPostingRate(trx, user);
  const row = await CommunityPostRow.query(trx).insert({
    space_id: space.id,
    author_id: user.id,
    title: input.title,
    body: input.body,
  });
  await publishCommunityChange(trx, { kind: 'post', spaceId: space.id, postId: row.id });
  const post = (await readPost(trx, user, row.id))!;
  await notifyCommunityWrite(trx, {
    actor: user,
    post,
    text: input.body,
    mentionedUserIds: input.mentionedUserIds,
    newComment: false,
  });
  return { post, isNew: true };
}

export async function deletePost(trx: Trx, actor: Actor, id: number): Promise<PostRead> {
  const post = await postInView(trx, actor.user, id, true);
  if (!canDeleteContribution(actor.user, facts(post))) throw forbidden();
  await CommunityPostRow.query(trx).deleteById(id);
  await publishCommunityChange(trx, { kind: 'deleted', spaceId: post.space_id, postId: id });
  if (post.author_id !== actor.user.id) {
    await audit(trx, {
      actorId: actor.user.id,
      action: 'community.post.delete',
      targetUserId: post.author_id,
      details: { postId: id, spaceId: post.space_id, title: post.title },
      ip: actor.ip,
    });
  }
  return post;
}

/** Likes or unlikes a post; the same answer twice changes nothing. */
export async function reactToPost(trx: Trx, user: Principal, id: number, like: boolean): Promise<PostRead> {
  const post = await postInView(trx, user, id);
  if (like) {
    await CommunityReactionRow.query(trx)
      .insert({ post_id: id, user_id: user.id, kind: 'like' })
      .onConflict(['post_id', 'user_id', 'kind'])
      .ignore();
  } else {
    await CommunityReactionRow.query(trx).where({ post_id: id, user_id: user.id, kind: 'like' }).delete();
  }
  await publishCommunityChange(trx, { kind: 'reaction', spaceId: post.space_id, postId: id });
  return (await readPost(trx, user, post.id))!;
}

const FLAG_AUDIT: Record<'pinned' | 'locked' | 'hidden', AuditAction> = {
  pinned: 'community.post.pin',
  locked: 'community.post.lock',
  hidden: 'community.post.hide',
};

/** A moderator pins, locks or hides a post (audited with the value set). */
export async function setPostFlag(
  trx: Trx,
  actor: Actor,
  id: number,
  flag: 'pinned' | 'locked' | 'hidden',
  value: boolean,
): Promise<PostRead> {
  const post = await postInView(trx, actor.user, id, true);
  await CommunityPostRow.query(trx)
    .patch({ [flag]: value })
    .where({ id });
  await publishCommunityChange(trx, { kind: 'moderation', spaceId: post.space_id, postId: id });
  await audit(trx, {
    actorId: actor.user.id,
    action: FLAG_AUDIT[flag],
    targetUserId: post.author_id,
    details: { postId: id, spaceId: post.space_id, title: post.title, [flag]: value },
    ip: actor.ip,
  });
  return (await readPost(trx, actor.user, id))!;
}

// Comments -------------------------------------------------------------------------------------

/** The comment if the user sees it and its post, else 404. */
async function commentInView(db: Db, user: Principal, id: number): Promise<{ comment: CommentRead; post: PostRead }> {
  const comment = await readComment(db, id);
  if (!comment || !canSeeContribution(user, facts(comment))) throw notFound(MESSAGES.communityCommentNotFound);
  try {
    return { comment, post: await postInView(db, user, comment.post_id) };
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw notFound(MESSAGES.communityCommentNotFound);
    throw err;
  }
}

export async function saveComment(
  trx: Trx,
  user: Writer,
  input: CommunityCommentUpsertInput,
): Promise<{ comment: CommentRead; post: PostRead; isNew: boolean }> {
  const post = await postInView(trx, user, input.postId, true);
  if (input.id !== undefined) {
    const { comment } = await commentInView(trx, user, input.id);
    if (comment.post_id !== post.id) throw notFound(MESSAGES.communityCommentNotFound);
    if (!canEditComment(user, facts(comment), facts(post))) {
      throw forbidden(post.locked ? MESSAGES.communityPostLocked : MESSAGES.communityCannotEdit);
    }
    await CommunityCommentRow.query(trx).patch({ body: input.body, edited_at: new Date() }).where({ id: comment.id });
    await publishCommunityChange(trx, {
      kind: 'comment',
      spaceId: post.space_id,
      postId: post.id,
      commentId: comment.id,
    });
    await notifyCommunityWrite(trx, {
      actor: user,
      post,
      text: input.body,
      mentionedUserIds: input.mentionedUserIds,
      newComment: false,
    });
    return { comment: (await readComment(trx, comment.id))!, post, isNew: false };
  }
  if (!canCommentOn(user, facts(post))) throw forbidden(MESSAGES.communityPostLocked);
  await checkPostingRate(trx, user);
  const row = await CommunityCommentRow.query(trx).insert({ post_id: post.id, author_id: user.id, body: input.body });
  await publishCommunityChange(trx, { kind: 'comment', spaceId: post.space_id, postId: post.id, commentId: row.id });
  await notifyCommunityWrite(trx, {
    actor: user,
    post,
    text: input.body,
    mentionedUserIds: input.mentionedUserIds,
    newComment: true,
  });
  return { comment: (await readComment(trx, row.id))!, post, isNew: true };
}

export async function deleteComment(trx: Trx, actor: Actor, id: number): Promise<CommentRead> {
  const { comment, post } = await commentInView(trx, actor.user, id);
  if (!canDeleteContribution(actor.user, facts(comment))) throw forbidden();
  await CommunityCommentRow.query(trx).deleteById(id);
  await publishCommunityChange(trx, { kind: 'comment', spaceId: post.space_id, postId: post.id, commentId: id });
  if (comment.author_id !== actor.user.id) {
    await audit(trx, {
      actorId: actor.user.id,
      action: 'community.comment.delete',
      targetUserId: comment.author_id,
      details: { commentId: id, postId: post.id },
      ip: actor.ip,
    });
  }
  return comment;
}

export async function hideComment(trx: Trx, actor: Actor, id: number, hidden: boolean): Promise<CommentRead> {
  const { comment, post } = await commentInView(trx, actor.user, id);
  await CommunityCommentRow.query(trx).patch({ hidden }).where({ id });
  await publishCommunityChange(trx, { kind: 'moderation', spaceId: post.space_id, postId: post.id, commentId: id });
  await audit(trx, {
    actorId: actor.user.id,
    action: 'community.comment.hide',
    targetUserId: comment.author_id,
    details: { commentId: id, postId: post.id, hidden },
    ip: actor.ip,
  });
  return (await readComment(trx, id))!;
}

// Reports --------------------------------------------------------------------------------------

export async function fileReport(trx: Trx, user: Principal, input: CommunityReportInput): Promise<void> {
  if (input.postId !== undefined) await postInView(trx, user, input.postId);
  else await commentInView(trx, user, input.commentId!);
  const hit = await hitRateLimit(trx, `community-report:${user.id}`, COMMUNITY_LIMITS.reportWindowMs);
  if (hit.count > COMMUNITY_LIMITS.reportMax) {
    throw tooManyRequests(
      fillMessage(MESSAGES.communityReportingTooFast, { wait: formatWait(hit.retryAfterSeconds) }),
      hit.retryAfterSeconds,
    );
  }
  const inserted = await trx.raw<{ rows: unknown[] }>(
    `insert into community_reports (post_id, comment_id, reporter_id, reason) values (?, ?, ?, ?)
     on conflict (reporter_id, coalesce(post_id, 0), coalesce(comment_id, 0)) where resolved_at is null do nothing
     returning id`,
    [input.postId ?? null, input.commentId ?? null, user.id, input.reason],
  );
  if (inserted.rows.length === 0) throw conflict(MESSAGES.communityAlreadyReported);
}

export interface ReportRead {
  id: number;
  reason: string;
  created_at: Date | string;
  reporter_id: number;
  reporter_name: string;
  reporter_photo: string | null;
  post_id: number;
  comment_id: number | null;
  post_title: string;
  excerpt: string;
  author_id: number;
  author_name: string;
  author_photo: string | null;
  hidden: boolean;
}

/** The open reports, oldest first (the moderation queue). */
export async function openReports(db: Db): Promise<ReportRead[]> {
  const result = await db.raw<{ rows: ReportRead[] }>(
    `select r.id, r.reason, r.created_at, r.reporter_id, ru.full_name as reporter_name, ru.photo_url as reporter_photo,
            p.id as post_id, r.comment_id, p.title as post_title,
            left(coalesce(c.body, p.body), 500) as excerpt,
            au.id as author_id, au.full_name as author_name, au.photo_url as author_photo,
            coalesce(c.hidden, p.hidden) as hidden
       from community_reports r
       join users ru on ru.id = r.reporter_id
       left join community_comments c on c.id = r.comment_id
       join community_posts p on p.id = coalesce(r.post_id, c.post_id)
       join users au on au.id = coalesce(c.author_id, p.author_id)
      where r.resolved_at is null
      order by r.created_at, r.id
      limit 500`,
  );
  return result.rows;
}

/** Closes a report (and every other open report of the same post or comment). */
export async function resolveReport(trx: Trx, actor: Actor, id: number): Promise<number> {
  const report = await CommunityReportRow.query(trx).findById(id).forUpdate();
  if (!report || report.resolved_at !== null) throw notFound(MESSAGES.communityReportNotFound);
  const closed = await CommunityReportRow.query(trx)
    .patch({ resolved_at: new Date(), resolved_by: actor.user.id })
    .whereNull('resolved_at')
    .where(report.post_id !== null ? { post_id: report.post_id } : { comment_id: report.comment_id });
  await audit(trx, {
    actorId: actor.user.id,
    action: 'community.report.resolve',
    details: { reportId: id, postId: report.post_id, commentId: report.comment_id, closed },
    ip: actor.ip,
  });
  return closed;
}
