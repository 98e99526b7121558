import type {
  PublicSettings,
  PublicSettingsResponse,
  SettingsReadManyResponse,
  SettingsUpsertResponse,
} from '@shared/types';
import type { SettingsValuesInput } from '@shared/schemas/settings';
import { api } from '../../app/api';

const TAG = { type: 'Setting' as const, id: 'ALL' };

/** Portal settings calls: the public values for everyone, the admin list and the save. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPortalSettings: build.query<PublicSettings, void>({
      query: () => '/api/settings',
      transformResponse: (res: PublicSettingsResponse) => res.settings,
      providesTags: [TAG],
    }),
    getAdminSettings: build.query<SettingsReadManyResponse, void>({
      query: () => '/api/settings/read-many',
      providesTags: [TAG],
    }),
    upsertSettings: build.mutation<SettingsUpsertResponse, SettingsValuesInput>({
      query: (values) => ({ url: '/api/settings/upsert', method: 'POST', body: { values } }),
      // The chat widget is served by the AI Toolkit's route.
      invalidatesTags: [TAG, 'AiTools'],
    }),
  }),
});

export const { useGetPortalSettingsQuery, useGetAdminSettingsQuery, useUpsertSettingsMutation } = settingsApi;
