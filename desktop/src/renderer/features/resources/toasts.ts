import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import { resourcesApi } from './resourcesApi';
import { fixed, serverMessage, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';

const e = resourcesApi.endpoints;

/** Resource toasts (docs/errors.md): created/saved/deleted; category saved/deleted; upload failure. */
export const RESOURCE_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.upsertResource.matchFulfilled,
    kind: 'success',
    message: (action) => {
      const payload = (action as UnknownAction & { payload?: { isNew?: boolean } }).payload;
      return { message: payload?.isNew ? MESSAGES.resourceCreated : MESSAGES.resourceSaved };
    },
  },
  { matcher: e.upsertResource.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: e.deleteResource.matchFulfilled, kind: 'success', message: fixed(MESSAGES.resourceDeleted) },
  { matcher: e.deleteResource.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.upsertResourceCategory.matchFulfilled, kind: 'success', message: fixed(MESSAGES.categorySaved) },
  { matcher: e.deleteResourceCategory.matchFulfilled, kind: 'success', message: fixed(MESSAGES.categoryDeleted) },
  { matcher: e.deleteResourceCategory.matchRejected, kind: 'error', message: serverMessage },
];
