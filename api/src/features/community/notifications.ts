import type { Knex } from 'knex';
import { fillMessage, MESSAGES } from '@shared/messages';
import { canSeeContribution, canSeeSpace, type Principal } from '@shared/policies';
import type { NotificationType } from '@shared/schemas/notifications';
import { USER_TAGS_JSON_SQL } from '../../db/sql';
import { toSessionUser } from '../../core/load-session-user';
import { CommunitySpaceRow, type UserRow } from '../../models';
import { enqueueNotificationMails, notify, quoteOf, type NotificationDraft } from '../notifications';
import { spaceRules, type PostRead } from './queries';

/**
 * Who a post or a comment tells (docs/areas/community.md#notifications), in the transaction of the
 * write: the members it mentions (`community_mention`, once per member and post), the post's author
 * of a new comment (`community_comment`), and those who commented on the post before
 * (`community_reply`). Only members who may see the post are told; never the writer. Each row
 * reaches the bell live and, per the recipient's preference, a mail job (or the digest).
 */

/** The people a notification may go to, as principals: one query with their tags. */
async function principals(trx: Knex.Transaction, ids: readonly number[]): Promise<Principal[]> {
  if (ids.length === 0) return [];
  const result = await trx.raw<{ rows: Array<UserRow & { tags: Array<{ id: number; name: string }> | string }> }>(
    `select u.*, ${USER_TAGS_JSON_SQL} as tags from users u where u.id = any(?::int[])`,
    [[...new Set(ids)]],
  );
  return result.rows.map((r) => toSessionUser(r));
}

/** Mentioned members who have not been told of a mention in this post yet. */
async function notYetMentioned(trx: Knex.Transaction, postId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const told = await trx('notifications')
    .where({ post_id: postId, type: 'community_mention' })
    .whereIn('user_id', ids)
    .pluck<number[]>('user_id');
  return ids.filter((id) => !told.includes(id));
}

export interface CommunityWrite {
  actor: { id: number; fullName: string };
  post: PostRead;
  /** The text written (quoted in the notification). */
  text: string;
  mentionedUserIds: readonly number[];
  /** A new comment (the post's author and the earlier commenters are told); else a post or an edit. */
  newComment: boolean;
}

export async function notifyCommunityWrite(trx: Knex.Transaction, w: CommunityWrite): Promise<number> {
  const mentioned = await notYetMentioned(
    trx,
    w.post.id,
    [...new Set(w.mentionedUserIds)].filter((id) => id !== w.actor.id),
  );
  const commenters = w.newComment
    ? await trx('community_comments')
        .where({ post_id: w.post.id, hidden: false })
        .whereNot({ author_id: w.actor.id })
        .distinct()
        .pluck<number[]>('author_id')
    : [];
  const candidates = await principals(trx, [...mentioned, ...commenters, ...(w.newComment ? [w.post.author_id] : [])]);
  // Most posts mention no one: nobody to tell, no space to read.
  if (candidates.length === 0) return 0;
  const space = await CommunitySpaceRow.query(trx).findById(w.post.space_id);
  if (!space) return 0;
  const facts = { authorId: w.post.author_id, hidden: w.post.hidden };
  const allowed = new Set(
    candidates.filter((u) => canSeeSpace(u, spaceRules(space)) && canSeeContribution(u, facts)).map((u) => u.id),
  );
  const values = { actor: w.actor.fullName, post: w.post.title };
  const base = { actorId: w.actor.id, postId: w.post.id, quote: quoteOf(w.text) };
  const draft = (userId: number, type: NotificationType, template: string): NotificationDraft => ({
    ...base,
    userId,
    type,
    text: fillMessage(template, values),
  });
  // One per recipient (notify keeps the first): a mention, else a comment on their post, else a reply.
  const drafts: NotificationDraft[] = [
    ...mentioned
      .filter((id) => allowed.has(id))
      .map((id) => draft(id, 'community_mention', MESSAGES.notificationCommunityMention)),
    ...(w.newComment && allowed.has(w.post.author_id)
      ? [draft(w.post.author_id, 'community_comment', MESSAGES.notificationCommunityComment)]
      : []),
    ...commenters
      .filter((id) => allowed.has(id))
      .map((id) => draft(id, 'community_reply', MESSAGES.notificationCommunityReply)),
  ];
  const rows = await notify(trx, drafts);
  await enqueueNotificationMails(trx, rows);
  return rows.length;
}
