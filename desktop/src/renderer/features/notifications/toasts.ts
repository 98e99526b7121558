import { MESSAGES } from '@shared/messages';
import { fixed, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';
import { notificationsApi } from './notificationsApi';

const e = notificationsApi.endpoints;

/** Marking read fails loudly; saving the preferences says so. */
export const NOTIFICATION_TOAST_RULES: ToastRule[] = [
  { matcher: e.markNotificationsRead.matchRejected, kind: 'error', message: fixed(MESSAGES.notificationsMarkFailed) },
  {
    matcher: e.saveNotificationPreferences.matchFulfilled,
    kind: 'success',
    message: fixed(MESSAGES.notificationPreferencesSaved),
  },
  { matcher: e.saveNotificationPreferences.matchRejected, kind: 'error', message: serverMessageUnlessFields },
];
