import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import { fixed, newOrUpdated, serverMessage, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';
import { communityApi, type CommunityMessage, type CommunityPostFlagArgs } from './communityApi';

const e = communityApi.endpoints;

/** The arguments a fulfilled mutation was called with. */
const argsOf = <T>(action: UnknownAction) =>
  (action as UnknownAction & { meta: { arg: { originalArgs: T } } }).meta.arg.originalArgs;

/** The server's own words ("Post deleted", "Thanks: the moderators will take a look."), else `fallback`. */
const payloadMessage = (fallback: string) => (action: UnknownAction) => ({
  message: (action as UnknownAction & { payload?: Partial<CommunityMessage> }).payload?.message || fallback,
});

const FLAG_DONE: Record<CommunityPostFlagArgs['flag'], [on: string, off: string]> = {
  pin: [MESSAGES.communityPostPinned, MESSAGES.communityPostUnpinned],
  lock: [MESSAGES.communityPostLockedDone, MESSAGES.communityPostUnlocked],
  hide: [MESSAGES.communityPostHidden, MESSAGES.communityPostUnhidden],
};

/**
 * The community's toasts: what was saved, deleted, reported or moderated; a refusal's reason (403, 404,
 * 409, and 429 when posting too fast) in the server's words. Field errors stay under the form's fields,
 * and a report's refusal in its dialog.
 */
export const COMMUNITY_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.upsertCommunityPost.matchFulfilled,
    kind: 'success',
    message: newOrUpdated(MESSAGES.communityPostCreated, MESSAGES.communityPostSaved),
  },
  { matcher: e.upsertCommunityPost.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  {
    matcher: e.deleteCommunityPost.matchFulfilled,
    kind: 'success',
    message: payloadMessage(MESSAGES.communityPostDeleted),
  },
  { matcher: e.deleteCommunityPost.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.reactToCommunityPost.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.setCommunityPostFlag.matchFulfilled,
    kind: 'success',
    message: (action) => {
      const { flag, value } = argsOf<CommunityPostFlagArgs>(action);
      return { message: FLAG_DONE[flag][value ? 0 : 1] };
    },
  },
  { matcher: e.setCommunityPostFlag.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.upsertCommunityComment.matchFulfilled,
    kind: 'success',
    message: newOrUpdated(MESSAGES.communityCommentAdded, MESSAGES.communityCommentSaved),
  },
  { matcher: e.upsertCommunityComment.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  {
    matcher: e.deleteCommunityComment.matchFulfilled,
    kind: 'success',
    message: payloadMessage(MESSAGES.communityCommentDeleted),
  },
  { matcher: e.deleteCommunityComment.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.hideCommunityComment.matchFulfilled,
    kind: 'success',
    message: (action) => ({
      message: argsOf<{ hidden: boolean }>(action).hidden
        ? MESSAGES.communityCommentHidden
        : MESSAGES.communityCommentUnhidden,
    }),
  },
  { matcher: e.hideCommunityComment.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.reportCommunity.matchFulfilled, kind: 'success', message: payloadMessage(MESSAGES.communityReportSent) },
  {
    matcher: e.resolveCommunityReport.matchFulfilled,
    kind: 'success',
    message: payloadMessage(MESSAGES.communityReportResolved),
  },
  { matcher: e.resolveCommunityReport.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.upsertCommunitySpace.matchFulfilled,
    kind: 'success',
    message: newOrUpdated(MESSAGES.communitySpaceCreated, MESSAGES.communitySpaceSaved),
  },
  { matcher: e.upsertCommunitySpace.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  {
    matcher: e.deleteCommunitySpace.matchFulfilled,
    kind: 'success',
    message: payloadMessage(MESSAGES.communitySpaceDeleted),
  },
  { matcher: e.deleteCommunitySpace.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.saveCommunityVisibility.matchFulfilled,
    kind: 'success',
    message: fixed(MESSAGES.communityVisibilitySaved),
  },
  { matcher: e.saveCommunityVisibility.matchRejected, kind: 'error', message: serverMessage },
];
