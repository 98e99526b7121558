import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import type { BannerUpsertResponse } from '@shared/types';
import { bannersApi } from './bannersApi';
import { serverMessage, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';

const e = bannersApi.endpoints;

/** docs/errors.md: 'Banner created/updated/deleted successfully'; failures show the server's message. */
export const BANNER_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.upsertBanner.matchFulfilled,
    kind: 'success',
    message: (action) => {
      const res = (action as UnknownAction & { payload: BannerUpsertResponse }).payload;
      return { message: res.isNew ? MESSAGES.bannerCreated : MESSAGES.bannerUpdated };
    },
  },
  {
    matcher: e.upsertBanner.matchRejected,
    kind: 'error',
    message: serverMessageUnlessFields,
  },
  { matcher: e.deleteBanner.matchFulfilled, kind: 'success', message: () => ({ message: MESSAGES.bannerDeleted }) },
  {
    matcher: e.deleteBanner.matchRejected,
    kind: 'error',
    message: serverMessage,
  },
];
