import * as yup from 'yup';
import { BOARD_LIMITS } from './board';
import { REVIEW_DESTINATIONS, REVIEW_SCOPES, REVIEW_SORTS } from '../types/review';
import { integer } from './fields';

/** At most this many cards per page of the review queue (docs/areas/review.md). */
export const REVIEW_QUEUE_PAGE_MAX = 100;

/**
 * GET /api/move-the-needle/review-queue?scope=mine|unassigned|all&overdue=true&sort=oldest|newest&page=&itemsPerPage=
 * (`overdue=true`: only the cards past the review deadline).
 */
export const reviewQueueQuerySchema = yup.object({
  scope: yup.string().oneOf(REVIEW_SCOPES, 'Choose mine, unassigned or all').default('mine'),
  overdue: yup.boolean().typeError('Choose true or false').optional(),
  sort: yup.string().oneOf(REVIEW_SORTS, 'Choose oldest or newest').default('oldest'),
  page: integer().min(1).max(1_000_000).default(1),
  itemsPerPage: integer().min(1).max(REVIEW_QUEUE_PAGE_MAX).default(50),
});
export type ReviewQueueQuery = yup.InferType<typeof reviewQueueQuerySchema>;

/** POST /api/move-the-needle/review-queue/:cardId/send: where to, and an optional comment. */
export const reviewSendSchema = yup.object({
  to: yup
    .string()
    .oneOf(REVIEW_DESTINATIONS, 'Choose IN PROGRESS or COMPLETED')
    .required('Choose IN PROGRESS or COMPLETED'),
  comment: yup.string().trim().max(BOARD_LIMITS.comment).optional(),
});
export type ReviewSendInput = yup.InferType<typeof reviewSendSchema>;
