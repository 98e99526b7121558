import type {
  ReviewDestination,
  ReviewQueueResponse,
  ReviewScope,
  ReviewSendResponse,
  ReviewSort,
} from '@shared/types';
import { api } from '../../app/api';

export interface ReviewQueueArgs {
  scope: ReviewScope;
  /** Only the cards past the review deadline (true), or within it (false); all when left out. */
  overdue?: boolean;
  sort?: ReviewSort;
  page?: number;
  itemsPerPage?: number;
}

export interface ReviewSendArgs {
  cardId: number;
  to: ReviewDestination;
  comment?: string;
}

/** The coach's review queue (docs/areas/review.md). A send-on refreshes the queue, the member's board and its card. */
export const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReviewQueue: build.query<ReviewQueueResponse, ReviewQueueArgs>({
      query: ({ scope, overdue, sort, page = 1, itemsPerPage = 50 }) => ({
        url: '/api/move-the-needle/review-queue',
        params: {
          scope,
          ...(overdue === undefined ? {} : { overdue }),
          ...(sort && sort !== 'oldest' ? { sort } : {}),
          page,
          itemsPerPage,
        },
      }),
      providesTags: [{ type: 'ReviewQueue', id: 'LIST' }],
    }),
    sendOnReview: build.mutation<ReviewSendResponse, ReviewSendArgs>({
      query: ({ cardId, to, comment }) => ({
        url: `/api/move-the-needle/review-queue/${cardId}/send`,
        method: 'POST',
        body: comment ? { to, comment } : { to },
      }),
      invalidatesTags: (_res, _err, { cardId }) => [
        { type: 'ReviewQueue', id: 'LIST' },
        'Board',
        'BoardSummary',
        { type: 'BoardCard', id: cardId },
      ],
    }),
  }),
});

export const { useGetReviewQueueQuery, useSendOnReviewMutation } = reviewApi;
