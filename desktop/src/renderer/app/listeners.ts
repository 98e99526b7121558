import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import { api, TAG_TYPES } from './api';
import { toastAdded } from './toastsSlice';
import { authApi } from '../features/auth/authApi';
import { passwordsMismatched } from '../features/auth/authSlice';
import { tagsApi } from '../features/tags/tagsApi';
import { profileApi } from '../features/profile/profileApi';
import { PRODUCT_TOAST_RULES } from '../features/products/toasts';
import { QUALIFIER_TOAST_RULES } from '../features/qualifier/toasts';
import { USER_TOAST_RULES } from '../features/users/toasts';
import { BOARD_TOAST_RULES } from '../features/board/toasts';
import { COURSE_TOAST_RULES } from '../features/courses/toasts';
import { BANNER_TOAST_RULES } from '../features/banners/toasts';
import { RESOURCE_TOAST_RULES } from '../features/resources/toasts';
import { PAYMENT_TOAST_RULES } from '../features/payments/toasts';
import { UPLOAD_TOAST_RULES } from '../features/uploads/toasts';
import { SETTINGS_TOAST_RULES } from '../features/settings/toasts';
import { NOTIFICATION_TOAST_RULES } from '../features/notifications/toasts';
import { REVIEW_TOAST_RULES } from '../features/review/toasts';
import { AUDIT_TOAST_RULES } from '../features/audit/toasts';
import { JOB_TOAST_RULES } from '../features/jobs/toasts';
import { FEE_TOAST_RULES } from '../features/fees/toasts';
import { CALENDAR_TOAST_RULES } from '../features/calendar/toasts';
import { COMMUNITY_TOAST_RULES } from '../features/community/toasts';
import { DASHBOARD_TOAST_RULES } from '../features/dashboard/toasts';
import { ANALYTICS_RULES } from '../features/analytics/rules';
import { track } from '../features/analytics/tracker';
import { fixed, serverMessage, serverMessageUnlessFields, type ToastRule } from './toastHelpers';

const a = authApi.endpoints;
const t = tagsApi.endpoints;
const p = profileApi.endpoints;

/**
 * Every toast of the renderer, in one place (docs/architecture.md#renderer: toasts come from listener
 * middleware reacting to mutations, never from components).
 */
export const TOAST_RULES: ToastRule[] = [
  { matcher: t.upsertTag.matchFulfilled, kind: 'success', message: fixed(MESSAGES.tagSaved) },
  { matcher: t.upsertTag.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: t.deleteTag.matchFulfilled, kind: 'success', message: fixed(MESSAGES.tagDeleted) },
  { matcher: t.deleteTag.matchRejected, kind: 'error', message: serverMessage },
  { matcher: p.saveProfile.matchFulfilled, kind: 'success', message: fixed(MESSAGES.profileSaved) },
  { matcher: p.saveProfile.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: a.signOut.matchRejected, kind: 'error', message: fixed(MESSAGES.signOutFailed) },
  { matcher: a.resetPassword.matchFulfilled, kind: 'success', message: fixed(MESSAGES.passwordReset) },
  { matcher: passwordsMismatched.match, kind: 'error', message: fixed(MESSAGES.passwordsDoNotMatchBanner) },
  { matcher: a.switchRole.matchFulfilled, kind: 'success', message: fixed(MESSAGES.roleSwitched) },
  { matcher: a.switchRole.matchRejected, kind: 'error', message: serverMessage },
  { matcher: a.signInAsReturn.matchRejected, kind: 'error', message: serverMessage },
  { matcher: a.createCustomerPortal.matchRejected, kind: 'error', message: serverMessage },
  ...PRODUCT_TOAST_RULES,
  ...QUALIFIER_TOAST_RULES,
  ...USER_TOAST_RULES,
  ...REVIEW_TOAST_RULES,
  ...BOARD_TOAST_RULES,
  ...COURSE_TOAST_RULES,
  ...BANNER_TOAST_RULES,
  ...RESOURCE_TOAST_RULES,
  ...PAYMENT_TOAST_RULES,
  ...UPLOAD_TOAST_RULES,
  ...SETTINGS_TOAST_RULES,
  ...NOTIFICATION_TOAST_RULES,
  ...AUDIT_TOAST_RULES,
  ...JOB_TOAST_RULES,
  ...FEE_TOAST_RULES,
  ...CALENDAR_TOAST_RULES,
  ...COMMUNITY_TOAST_RULES,
  ...DASHBOARD_TOAST_RULES,
];

/** Whenever the session's user changes, data cached for the previous identity is stale. */
const identityChanged = isAnyOf(
  a.signIn.matchFulfilled,
  a.signUp.matchFulfilled,
  a.signOut.matchFulfilled,
  a.resetPassword.matchFulfilled,
  a.signInAs.matchFulfilled,
  a.signInAsReturn.matchFulfilled,
  a.switchRole.matchFulfilled,
);

/** A fresh listener middleware per store (tests build many stores). */
export function createAppListenerMiddleware() {
  const listener = createListenerMiddleware();
  for (const rule of TOAST_RULES) {
    listener.startListening({
      predicate: (action) => rule.matcher(action),
      effect: (action, listenerApi) => {
        // A query/mutation aborted by its condition is not a failure worth telling anyone about.
        const meta = (action as { meta?: { condition?: boolean; aborted?: boolean } }).meta;
        if (meta?.condition || meta?.aborted) return;
        const toast = rule.message(action, listenerApi.getState());
        if (toast) listenerApi.dispatch(toastAdded({ kind: rule.kind, ...toast }));
      },
    });
  }
  // The key actions that are mutations, once the server confirmed them (docs/areas/insights.md).
  for (const rule of ANALYTICS_RULES) {
    listener.startListening({
      predicate: (action) => rule.matcher(action),
      effect: (action) => {
        const event = rule.event(action);
        if (event) track(event.name, event.props);
      },
    });
  }
  listener.startListening({
    matcher: identityChanged,
    effect: (_action, { dispatch }) => {
      dispatch(api.util.invalidateTags([...TAG_TYPES]));
    },
  });
  return listener;
}
