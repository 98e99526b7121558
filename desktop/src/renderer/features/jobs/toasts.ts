import { MESSAGES } from '@shared/messages';
import { fixed, serverMessage, type ToastRule } from '../../app/toastHelpers';
import { jobsApi } from './jobsApi';

const e = jobsApi.endpoints;

/** Retry and Discard on the Jobs screen: a success toast each, the server's reason on failure. */
export const JOB_TOAST_RULES: ToastRule[] = [
  { matcher: e.retryJob.matchFulfilled, kind: 'success', message: fixed(MESSAGES.jobRetried) },
  { matcher: e.retryJob.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.discardJob.matchFulfilled, kind: 'success', message: fixed(MESSAGES.jobDiscarded) },
  { matcher: e.discardJob.matchRejected, kind: 'error', message: serverMessage },
];
