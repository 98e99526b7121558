import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import type { StripeSyncResult } from '@shared/types';
import { paymentsApi } from './paymentsApi';
import { serverMessage, type ToastRule } from '../../app/toastHelpers';

const e = paymentsApi.endpoints;

/** Sync with Stripe (User Dashboard): how many users were checked and changed, or the server's error. */
export const PAYMENT_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.syncWithStripe.matchFulfilled,
    kind: 'success',
    message: (action) => {
      const r = (action as UnknownAction & { payload: StripeSyncResult }).payload;
      return {
        message: MESSAGES.stripeSynced.replace('{checked}', String(r.checked)).replace('{updated}', String(r.updated)),
      };
    },
  },
  {
    matcher: e.syncWithStripe.matchRejected,
    kind: 'error',
    message: serverMessage,
  },
];
