import { MESSAGES } from '@shared/messages';
import { badRequest } from '../../../core/errors';
import { Activity, ActivityMention, User } from '../../../models';
import { enqueueNotificationMails, notifyComment } from '../../notifications';
import type { Db } from '../read-model/queries';
import { record, type BoardWrite } from './board-write';
import { enqueueMentionMails } from './mention-mail';
import { touched, type BoardTouch } from './touch';

/**
 * Comments on cards (activities), with the coaches they mention: the comment, its mentions, a
 * mention mail to each coach it newly mentions and the notifications (the board's owner of a new
 * comment, each newly mentioned coach), all in the board write's transaction.
 */

/** Mentioned users must all be coaches; 400 otherwise. */
async function checkMentions(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await User.query(db).whereIn('id', unique).where({ role: 'coach' }).select('id');
  if (rows.length !== unique.length) {
    throw badRequest(MESSAGES.onlyCoachesMentioned, { mentionedUsers: MESSAGES.onlyCoachesMentioned });
  }
  return unique;
}

export interface CommentInput {
  /** The comment to change; none for a new one. */
  id?: number;
  /** The card of a new comment (a changed one stays on its card). */
  cardId: number;
  comment: string;
  mentionedUsers?: readonly number[];
}

export interface CommentOptions {
  /** The public URL the mention mails link to. */
  publicUrl: string;
  /**
   * Whether the comment notifies (default: yes). The review queue's send says no: the move out of
   * FOR REVIEW is what tells the member, and the comment travels with it.
   */
  notify?: boolean;
}

/**
 * A new comment by the actor on `input.cardId`, or a change of comment `input.id` (the route's
 * policy: its author or an admin). Answers the comment's id and what it touched (its card).
 */
export async function comment(
  w: BoardWrite,
  input: CommentInput,
  options: CommentOptions,
): Promise<{ activityId: number; touch: BoardTouch }> {
  const { trx, actor } = w;
  const mentions = await checkMentions(trx, input.mentionedUsers ?? []);
  let activityId: number;
  let newlyMentioned: number[];
  if (input.id !== undefined) {
    activityId = input.id;
    const before = await ActivityMention.query(trx).where({ activity_id: activityId }).select('user_id');
    await Activity.query(trx).patch({ comment: input.comment, updated_at: trx.fn.now() }).where({ id: activityId });
    await ActivityMention.query(trx).delete().where({ activity_id: activityId });
    newlyMentioned = mentions.filter((id) => !before.some((m) => m.user_id === id));
  } else {
    const created = await Activity.query(trx)
      .insert({ card_id: input.cardId, user_id: actor.id, comment: input.comment })
      .returning('id');
    activityId = created.id;
    newlyMentioned = mentions;
  }
  if (mentions.length > 0) {
    await ActivityMention.query(trx).insert(mentions.map((u) => ({ activity_id: activityId, user_id: u })));
  }
  if (options.notify !== false) {
    await enqueueMentionMails(trx, options.publicUrl, {
      author: actor,
      cardId: input.cardId,
      comment: input.comment,
      coachIds: newlyMentioned,
    });
    const notified = await notifyComment(trx, {
      actor,
      cardId: input.cardId,
      isNew: input.id === undefined,
      newlyMentioned,
      comment: input.comment,
    });
    await enqueueNotificationMails(trx, notified);
  }
  return { activityId, touch: record(w, touched(w.ownerId, 'comment-changed', { cards: [input.cardId] })) };
}

/** Deletes comment `found` (the route's policy: its author or an admin). */
export async function deleteComment(w: BoardWrite, found: Pick<Activity, 'id' | 'card_id'>): Promise<BoardTouch> {
  await Activity.query(w.trx).delete().where({ id: found.id });
  return record(w, touched(w.ownerId, 'comment-changed', { cards: [found.card_id] }));
}
