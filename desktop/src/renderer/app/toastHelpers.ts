import type { UnknownAction } from '@reduxjs/toolkit';
import { apiErrorFromAction } from '../lib/apiErrors';
import type { ToastKind } from './toastsSlice';

/**
 * A toast rule: when `matcher` accepts an action, show `message(action)`. Features export lists
 * of rules (features/<area>/toasts.ts, spread into app/listeners.ts); this module and the API slices
 * are all they import, so the listener middleware has no import cycle with them.
 */
export interface ToastRule {
  matcher: (action: unknown) => boolean;
  kind: ToastKind;
  /**
   * The toast text; return null to show nothing (e.g. field errors are shown in the form). `state`
   * is the store's state once the action was handled, for a rule whose toast depends on it.
   */
  message: (
    action: UnknownAction,
    state: unknown,
  ) => { message: string; detail?: string; action?: { label: string; to: string } } | null;
}

/** Shared message builders for the toast rules of every feature (see app/listeners.ts). */

/** Always the same text. */
export const fixed = (message: string) => () => ({ message });

/** The server's message (docs/errors.md: a string response is the error). */
export const serverMessage = (action: UnknownAction) => ({ message: apiErrorFromAction(action).message });

/** The server's message, unless the open form shows the error under its fields (then no toast). */
export const serverMessageUnlessFields = (action: UnknownAction) => {
  const err = apiErrorFromAction(action);
  return Object.keys(err.fields).length > 0 ? null : { message: err.message };
};

/** A fixed failure text, with the server's reason underneath when it says something else. */
export const withReason = (message: string) => (action: UnknownAction) => {
  const err = apiErrorFromAction(action, message);
  return { message, detail: err.message !== message ? err.message : undefined };
};

/** Whether an upsert's payload says it created a new row. */
export const isNewPayload = (action: UnknownAction) =>
  Boolean((action as UnknownAction & { payload?: { isNew?: boolean } }).payload?.isNew);

/** 'created' or 'saved' text for an upsert, by the payload's isNew flag. */
export const newOrUpdated = (added: string, updated: string) => (action: UnknownAction) => ({
  message: isNewPayload(action) ? added : updated,
});
