import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import { apiErrorFromAction } from '../../app/errors';
import type { ToastRule } from '../../app/listeners';
import { resourcesApi } from './resourcesApi';

const e = resourcesApi.endpoints;
const fixed = (message: string) => () => ({ message });
/** Field errors show beside the fields of the open form; anything else as a toast. */
const unlessFields = (action: UnknownAction) => {
  const err = apiErrorFromAction(action);
  return Object.keys(err.fields).length > 0 ? null : { message: err.message };
};
const serverMessage = (action: UnknownAction) => ({ message: apiErrorFromAction(action).message });

/** SPEC §8 resource toasts: created/saved/deleted; category saved/deleted; upload failure. */
export const RESOURCE_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.upsertResource.matchFulfilled,
    kind: 'success',
    message: (action) => {
      const payload = (action as UnknownAction & { payload?: { isNew?: boolean } }).payload;
      return { message: payload?.isNew ? MESSAGES.resourceCreated : MESSAGES.resourceSaved };
    },
  },
  { matcher: e.upsertResource.matchRejected, kind: 'error', message: unlessFields },
  { matcher: e.deleteResource.matchFulfilled, kind: 'success', message: fixed(MESSAGES.resourceDeleted) },
  { matcher: e.deleteResource.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.upsertResourceCategory.matchFulfilled, kind: 'success', message: fixed(MESSAGES.categorySaved) },
  { matcher: e.deleteResourceCategory.matchFulfilled, kind: 'success', message: fixed(MESSAGES.categoryDeleted) },
  { matcher: e.deleteResourceCategory.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.uploadResourceImage.matchRejected,
    kind: 'error',
    message: (action) => {
      const err = apiErrorFromAction(action, MESSAGES.uploadFailed);
      return {
        message: MESSAGES.uploadFailed,
        detail: err.message !== MESSAGES.uploadFailed ? err.message : undefined,
      };
    },
  },
];
