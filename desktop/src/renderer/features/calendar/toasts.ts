import { MESSAGES } from '@shared/messages';
import { fixed, serverMessage, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';
import { calendarApi } from './calendarApi';

const e = calendarApi.endpoints;

/** The calendar's mutations: a success toast each, the server's reason on failure (field errors stay in the form). */
export const CALENDAR_TOAST_RULES: ToastRule[] = [
  { matcher: e.upsertCall.matchFulfilled, kind: 'success', message: fixed(MESSAGES.callSaved) },
  { matcher: e.upsertCall.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: e.deleteCall.matchFulfilled, kind: 'success', message: fixed(MESSAGES.callDeleted) },
  { matcher: e.deleteCall.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.rsvpCall.matchFulfilled, kind: 'success', message: fixed(MESSAGES.callRsvpSaved) },
  { matcher: e.rsvpCall.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.rotateCalendarFeed.matchFulfilled, kind: 'success', message: fixed(MESSAGES.calendarFeedRotated) },
  { matcher: e.rotateCalendarFeed.matchRejected, kind: 'error', message: serverMessage },
];
