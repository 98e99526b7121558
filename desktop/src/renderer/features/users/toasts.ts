import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import { rolesUpdatedMessage } from '@shared/schemas/user-admin';
import type { ImportUsersResponse, UpgradeRoleResponse } from '@shared/types';
import { authApi } from '../auth/authApi';
import { usersApi, usersExportFailed } from './usersApi';
import { fixed, serverMessage, serverMessageUnlessFields, withReason, type ToastRule } from '../../app/toastHelpers';

const u = usersApi.endpoints;

const payloadOf = <T>(action: UnknownAction) => (action as unknown as { payload: T }).payload;

function importSummary(result: ImportUsersResponse): string {
  const parts = [`${result.created} created`, `${result.updated} updated`, `${result.unchanged} unchanged`];
  if (result.skipped > 0) parts.push(`${result.skipped} rows skipped`);
  return parts.join(', ');
}

/** The User Dashboard's toasts (docs/errors.md), spread into TOAST_RULES by app/listeners.ts. */
export const USER_TOAST_RULES: ToastRule[] = [
  {
    matcher: u.upsertUser.matchFulfilled,
    kind: 'success',
    message: (action) => ({
      message: payloadOf<{ isNew: boolean }>(action).isNew ? MESSAGES.userCreated : MESSAGES.userUpdated,
    }),
  },
  { matcher: u.upsertUser.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: u.deleteUser.matchFulfilled, kind: 'success', message: fixed(MESSAGES.userDeleted) },
  // The add-tags test button: the user was changed.
  { matcher: u.addTagsTest.matchFulfilled, kind: 'success', message: fixed(MESSAGES.userUpdated) },
  { matcher: u.addTagsTest.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  { matcher: u.deleteUser.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: u.upgradeRole.matchFulfilled,
    kind: 'success',
    message: (action) => ({ message: rolesUpdatedMessage(payloadOf<UpgradeRoleResponse>(action).updated) }),
  },
  { matcher: u.upgradeRole.matchRejected, kind: 'error', message: withReason(MESSAGES.bulkUpdateFailed) },
  { matcher: u.validateUsersCsv.matchFulfilled, kind: 'success', message: fixed(MESSAGES.csvUsersValidated) },
  {
    matcher: u.validateUsersCsv.matchRejected,
    kind: 'error',
    message: withReason(MESSAGES.csvValidationFailed),
  },
  { matcher: u.bulkUpdate.matchFulfilled, kind: 'success', message: fixed(MESSAGES.usersBulkUpdated) },
  { matcher: u.bulkUpdate.matchRejected, kind: 'error', message: withReason(MESSAGES.bulkUpdateFailed) },
  {
    matcher: u.importUsers.matchFulfilled,
    kind: 'success',
    message: (action) => ({
      message: MESSAGES.usersImported,
      detail: importSummary(payloadOf<ImportUsersResponse>(action)),
    }),
  },
  // docs/errors.md: import failure shows the server's error text.
  { matcher: u.importUsers.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: usersExportFailed.match,
    kind: 'error',
    message: (action) => ({
      message: MESSAGES.bulkUpdateFailed,
      detail: payloadOf<{ message: string }>(action).message,
    }),
  },
  {
    matcher: authApi.endpoints.signInAs.matchRejected,
    kind: 'error',
    message: serverMessage,
  },
];
