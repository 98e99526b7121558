import type {
  NotificationMarkReadResponse,
  NotificationPreferencesResponse,
  NotificationReadManyResponse,
} from '@shared/types';
import type { NotificationMarkReadInput, NotificationPreferencesInput } from '@shared/schemas/notifications';
import { api } from '../../app/api';

/** How many the bell's panel lists; the bell's count comes from the same read. */
export const LATEST_COUNT = 5;
/**
 * The bell's slow fallback: live events patch its cache, but nothing announces a mark-read made on
 * another device, so it asks again this often anyway.
 */
export const BELL_POLL_MS = 300_000;

/** The inbox's cache tag (a live `resync` invalidates it). */
export const INBOX_TAG = { type: 'Notification' as const, id: 'INBOX' };
const INBOX = INBOX_TAG;
const PREFERENCES = { type: 'Notification' as const, id: 'PREFERENCES' };

/**
 * The notification inbox (docs/areas/notifications.md). `getNotifications({page: 1, itemsPerPage: LATEST_COUNT})`
 * is the bell's one read: its `unread` is the count the live stream patches (LiveNotifications.tsx,
 * every cached first page, without a read).
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationReadManyResponse, { page: number; itemsPerPage: number }>({
      query: ({ page, itemsPerPage }) => ({ url: '/api/notification/read-many', params: { page, itemsPerPage } }),
      providesTags: [INBOX],
    }),
    markNotificationsRead: build.mutation<NotificationMarkReadResponse, NotificationMarkReadInput>({
      query: (body) => ({ url: '/api/notification/mark-read', method: 'PUT', body }),
      invalidatesTags: [INBOX],
    }),
    getNotificationPreferences: build.query<NotificationPreferencesResponse, void>({
      query: () => '/api/notification/preferences',
      providesTags: [PREFERENCES],
    }),
    saveNotificationPreferences: build.mutation<NotificationPreferencesResponse, NotificationPreferencesInput>({
      query: (body) => ({ url: '/api/notification/preferences', method: 'PUT', body }),
      invalidatesTags: [PREFERENCES],
    }),
  }),
});

/** The arguments of the bell's read (the cache entry the live part patches). */
export const BELL_ARGS = { page: 1, itemsPerPage: LATEST_COUNT } as const;

export const {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} = notificationsApi;
