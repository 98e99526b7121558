import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import { boardApi } from './boardApi';
import { shareWinAfterMove } from './shareWin';
import {
  fixed,
  isNewPayload,
  newOrUpdated,
  serverMessage,
  serverMessageUnlessFields,
  type ToastRule,
} from '../../app/toastHelpers';

const e = boardApi.endpoints;
const ifNew = (message: string) => (action: UnknownAction) => (isNewPayload(action) ? { message } : null);

/** Toasts of Move the Needle (docs/errors.md). A failed drag is undone and says 'Something went wrong.' */
export const BOARD_TOAST_RULES: ToastRule[] = [
  { matcher: e.resetBoard.matchFulfilled, kind: 'success', message: fixed(MESSAGES.mtnReset) },
  { matcher: e.resetBoard.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.deleteCard.matchFulfilled, kind: 'success', message: fixed(MESSAGES.cardRemoved) },
  { matcher: e.deleteCard.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.archiveCard.matchFulfilled, kind: 'success', message: fixed(MESSAGES.cardArchived) },
  { matcher: e.archiveCard.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.restoreCard.matchFulfilled, kind: 'success', message: fixed(MESSAGES.cardRestored) },
  { matcher: e.restoreCard.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.moveCard.matchFulfilled,
    kind: 'success',
    // Into COMPLETED on one's own board, the toast offers "Share as a win" (shareWin.ts).
    message: (action, state) => ({ message: MESSAGES.cardMoved, action: shareWinAfterMove(action, state) }),
  },
  { matcher: e.reorderCard.matchFulfilled, kind: 'success', message: fixed(MESSAGES.cardMoved) },
  { matcher: e.moveCard.matchRejected, kind: 'error', message: fixed(MESSAGES.somethingWentWrong) },
  { matcher: e.reorderCard.matchRejected, kind: 'error', message: fixed(MESSAGES.somethingWentWrong) },
  {
    matcher: e.upsertCard.matchFulfilled,
    kind: 'success',
    message: (a) => (isNewPayload(a) ? null : { message: MESSAGES.cardUpdated }),
  },
  {
    matcher: e.upsertCard.matchRejected,
    kind: 'error',
    // The dialog and the add-card form keep the title; any other refusal is told in a toast.
    message: serverMessage,
  },
  { matcher: e.upsertList.matchFulfilled, kind: 'success', message: ifNew(MESSAGES.listAdded) },
  { matcher: e.upsertList.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: e.deleteList.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.upsertLabel.matchFulfilled, kind: 'success', message: fixed(MESSAGES.labelUpdated) },
  { matcher: e.upsertLabel.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: e.deleteLabel.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.addLabel.matchFulfilled, kind: 'success', message: fixed(MESSAGES.labelAdded) },
  { matcher: e.addLabel.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.removeLabel.matchFulfilled, kind: 'success', message: fixed(MESSAGES.labelRemoved) },
  { matcher: e.removeLabel.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.upsertAttachment.matchFulfilled, kind: 'success', message: ifNew(MESSAGES.attachmentAdded) },
  { matcher: e.upsertAttachment.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.deleteAttachment.matchFulfilled, kind: 'success', message: fixed(MESSAGES.attachmentDeleted) },
  { matcher: e.deleteAttachment.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.upsertActivity.matchFulfilled, kind: 'success', message: ifNew(MESSAGES.commentAdded) },
  { matcher: e.upsertActivity.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.deleteActivity.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.upsertCheckList.matchFulfilled,
    kind: 'success',
    message: newOrUpdated(MESSAGES.checklistAdded, MESSAGES.checklistUpdated),
  },
  { matcher: e.upsertCheckList.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.deleteCheckList.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.upsertCheckListItem.matchFulfilled,
    kind: 'success',
    message: newOrUpdated(MESSAGES.checkItemAdded, MESSAGES.checkItemUpdated),
  },
  { matcher: e.upsertCheckListItem.matchRejected, kind: 'error', message: serverMessage },
  { matcher: e.deleteCheckListItem.matchRejected, kind: 'error', message: serverMessage },
];
