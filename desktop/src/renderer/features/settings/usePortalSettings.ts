import { useRef } from 'react';
import { SETTING_FALLBACKS } from '@shared/schemas/settings';
import type { PublicSettings } from '@shared/types';
import { selectAuthStatus, useAppSelector } from '../../app/hooks';
import { useGetPortalSettingsQuery } from './settingsApi';

const { chatWidgetUrl: _widget, ...FALLBACK } = SETTING_FALLBACKS;
/** The built-in placeholders, shown until the API answered (or when it cannot be reached). */
export const FALLBACK_SETTINGS: PublicSettings = FALLBACK;

/**
 * The portal settings an admin changes without a deploy (links and videos), for every screen
 * that shows one: read once per session (GET /api/settings, cached by RTK Query) and refreshed
 * when an admin saves. `ready` is false until the first answer (values or an error) arrived, and
 * stays true: RTK Query asks again when a new screen subscribes after an error, and that must not
 * send a waiting screen back to its spinner.
 */
export function usePortalSettings(): { settings: PublicSettings; ready: boolean } {
  const status = useAppSelector(selectAuthStatus);
  const { data, isSuccess, isError } = useGetPortalSettingsQuery(undefined, { skip: status !== 'authenticated' });
  const settled = useRef(false);
  if (isSuccess || isError) settled.current = true;
  return { settings: data ?? FALLBACK_SETTINGS, ready: settled.current || status !== 'authenticated' };
}
