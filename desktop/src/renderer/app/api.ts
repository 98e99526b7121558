import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from '../platform/apiBaseUrl';

/** Cache tags. Identity changes (sign in/out, switch role, sign in as) invalidate all of them. */
export const TAG_TYPES = [
  'Tag',
  'Playbook',
  'Recurring',
  'User',
  'Community',
  'Product',
  'Qualifier',
  'Board',
  'BoardCard',
  'BoardSummary',
  'BoardArchive',
  'Label',
  'Course',
  'Module',
  'Banner',
  'AiTools',
  'Resource',
  'ResourceCategory',
  'Setting',
  'Notification',
  'ReviewQueue',
  'Jobs',
  'FeeRateCard',
  'Calendar',
  'CalendarFeed',
  'CommunitySpace',
  'CommunityPost',
  'CommunityComment',
  'CommunityReport',
  'CommunityProfile',
] as const;

/**
 * The one RTK Query API of the renderer. Every feature adds its endpoints with
 * api.injectEndpoints (see features/*\/…Api.ts). All requests send the session cookie.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: apiBaseUrl(), credentials: 'include' }),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
