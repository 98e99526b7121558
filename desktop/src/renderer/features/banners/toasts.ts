import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import type { BannerUpsertResponse } from '@shared/types';
import { apiErrorFromAction } from '../../app/errors';
import type { ToastRule } from '../../app/listeners';
import { bannersApi } from './bannersApi';

const e = bannersApi.endpoints;

/** SPEC §8: 'Banner created/updated/deleted successfully'; failures show the server's message. */
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
    // Field errors are shown beside the fields of the open form.
    message: (action) => {
      const err = apiErrorFromAction(action);
      return Object.keys(err.fields).length > 0 ? null : { message: err.message };
    },
  },
  { matcher: e.deleteBanner.matchFulfilled, kind: 'success', message: () => ({ message: MESSAGES.bannerDeleted }) },
  {
    matcher: e.deleteBanner.matchRejected,
    kind: 'error',
    message: (action) => ({ message: apiErrorFromAction(action).message }),
  },
];
