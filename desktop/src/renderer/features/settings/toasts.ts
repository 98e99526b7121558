import { MESSAGES } from '@shared/messages';
import { fixed, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';
import { settingsApi } from './settingsApi';

const e = settingsApi.endpoints;

/** Saving the portal settings: one success toast; field errors stay under their fields. */
export const SETTINGS_TOAST_RULES: ToastRule[] = [
  { matcher: e.upsertSettings.matchFulfilled, kind: 'success', message: fixed(MESSAGES.settingsSaved) },
  { matcher: e.upsertSettings.matchRejected, kind: 'error', message: serverMessageUnlessFields },
];
