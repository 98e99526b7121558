/** The coach's review queue (cards waiting in a FOR REVIEW list; docs/areas/review.md). */

/** The queue's scopes: the coach's own members, premium members without a coach, or everyone. */
export const REVIEW_SCOPES = ['mine', 'unassigned', 'all'] as const;
export type ReviewScope = (typeof REVIEW_SCOPES)[number];
/** The queue's orders: oldest waiting first (the overdue ones on top), or newest first. */
export const REVIEW_SORTS = ['oldest', 'newest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The list a card waits in and where it is sent on: decided with the other list roles. */
export { REVIEW_DESTINATIONS, REVIEW_LIST_NAME, type ReviewDestination } from '../board/list-roles';

export interface ReviewCard {
  id: number;
  title: string;
  /** The member whose board the card is on. */
  ownerId: number;
  ownerName: string;
  /** When the card entered FOR REVIEW (ISO 8601). */
  waitingSince: string;
  /** When the card is due (ISO 8601, UTC), or null. */
  dueAt: string | null;
  /** It has waited longer than the review deadline (the portal setting `reviewSlaHours`). */
  overdue: boolean;
}

/** GET /api/move-the-needle/review-queue: a page of the queue, oldest first, and how many wait in all. */
export interface ReviewQueueResponse {
  cards: ReviewCard[];
  total: number;
  /** How many of the scope's cards (whatever the `overdue` filter) are past the deadline. */
  overdueCount: number;
  /** The review deadline in effect, in hours. */
  slaHours: number;
}

/** POST /api/move-the-needle/review-queue/:cardId/send: where the card went (the top of the list). */
export interface ReviewSendResponse {
  success: true;
  message: string;
  card: { id: number; ListId: number; position: number };
  activityId: number | null;
}
