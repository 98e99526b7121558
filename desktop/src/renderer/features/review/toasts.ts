import type { UnknownAction } from '@reduxjs/toolkit';
import type { ReviewSendResponse } from '@shared/types';
import { serverMessage, type ToastRule } from '../../app/toastHelpers';
import { reviewApi } from './reviewApi';

const e = reviewApi.endpoints;

/** A send-on says where the card went (the server's message); a failure (409: no longer waiting) its reason. */
export const REVIEW_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.sendOnReview.matchFulfilled,
    kind: 'success',
    message: (action) => ({ message: (action as UnknownAction & { payload: ReviewSendResponse }).payload.message }),
  },
  { matcher: e.sendOnReview.matchRejected, kind: 'error', message: serverMessage },
];
