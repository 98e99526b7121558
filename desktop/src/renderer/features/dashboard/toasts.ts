import { MESSAGES } from '@shared/messages';
import { serverMessage, type ToastRule } from '../../app/toastHelpers';
import { firstRunApi } from './firstRunApi';

const e = firstRunApi.endpoints;

/** The getting-started checklist: hidden (how to get it back) or shown again; the server's reason on failure. */
export const DASHBOARD_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.setFirstRunDismissed.matchFulfilled,
    kind: 'success',
    message: (action) => ({
      message: (action as { payload?: { dismissed?: boolean } }).payload?.dismissed
        ? MESSAGES.firstRunHidden
        : MESSAGES.firstRunShown,
    }),
  },
  { matcher: e.setFirstRunDismissed.matchRejected, kind: 'error', message: serverMessage },
];
