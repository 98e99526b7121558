import { fillMessage, MESSAGES } from '@shared/messages';
import type { SentOn } from './service';

/**
 * The notification a send-on owes the member (issue 13 §2: "your card moved out of FOR REVIEW by a
 * coach"). The notification inbox is built in parallel (the notif part); at merge, the route's
 * `memberNotifiedOfSendOn` line hands this to its `notify(trx, ...)` in the same transaction.
 */
export interface SentOnNotification {
  userId: number;
  actorId: number;
  type: 'card-left-review';
  cardId: number;
  text: string;
}

export function sentOnNotification(sent: SentOn): SentOnNotification {
  const template = sent.to === 'COMPLETED' ? MESSAGES.reviewCompletedNotice : MESSAGES.reviewSentBackNotice;
  return {
    userId: sent.ownerId,
    actorId: sent.actorId,
    type: 'card-left-review',
    cardId: sent.cardId,
    text: fillMessage(template, { title: sent.cardTitle }),
  };
}
