import type { UnknownAction } from '@reduxjs/toolkit';
import { apiErrorFromAction } from './errors';

/** Shared message builders for the toast rules of every feature (see app/listeners.ts). */

/** Always the same text. */
export const fixed = (message: string) => () => ({ message });

/** The server's message (SPEC §8: a string response is the error). */
export const serverMessage = (action: UnknownAction) => ({ message: apiErrorFromAction(action).message });

/** The server's message, unless the open form shows the error under its fields (then no toast). */
export const serverMessageUnlessFields = (action: UnknownAction) => {
  const err = apiErrorFromAction(action);
  return Object.keys(err.fields).length > 0 ? null : { message: err.message };
};

/** Whether an upsert's payload says it created a new row. */
export const isNewPayload = (action: UnknownAction) =>
  Boolean((action as UnknownAction & { payload?: { isNew?: boolean } }).payload?.isNew);

/** 'created' or 'saved' text for an upsert, by the payload's isNew flag. */
export const newOrUpdated = (added: string, updated: string) => (action: UnknownAction) => ({
  message: isNewPayload(action) ? added : updated,
});
