import { COMPLETED_LIST_NAME } from '@shared/board/list-roles';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { SentOn } from './service';

/**
 * The words of a send-on for the member ("your card moved out of FOR REVIEW by a coach",
 * docs/areas/review.md). The notification itself is written by the board's move command
 * (board/commands/move-card.ts) as for any move out of FOR REVIEW by a coach.
 */
export interface SentOnNotification {
  userId: number;
  actorId: number;
  type: 'card-left-review';
  cardId: number;
  text: string;
}

export function sentOnNotification(sent: SentOn): SentOnNotification {
  const template = sent.to === COMPLETED_LIST_NAME ? MESSAGES.reviewCompletedNotice : MESSAGES.reviewSentBackNotice;
  return {
    userId: sent.ownerId,
    actorId: sent.actorId,
    type: 'card-left-review',
    cardId: sent.cardId,
    text: fillMessage(template, { title: sent.cardTitle }),
  };
}
