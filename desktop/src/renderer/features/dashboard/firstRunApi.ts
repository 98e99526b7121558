import type { FirstRunUpdate } from '@shared/schemas';
import type { FirstRunResponse } from '@shared/types';
import { api } from '../../app/api';

/**
 * The dashboard's getting-started checklist (docs/screens.md#getting-started). The read is asked
 * again each time the dashboard opens (the steps tick from what the member did elsewhere); hiding
 * or showing it puts the answer straight into that read.
 */
export const firstRunApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFirstRun: build.query<FirstRunResponse, void>({
      query: () => '/api/dashboard/first-run',
    }),
    setFirstRunDismissed: build.mutation<FirstRunResponse, FirstRunUpdate>({
      query: (body) => ({ url: '/api/dashboard/first-run', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(firstRunApi.util.upsertQueryData('getFirstRun', undefined, data));
        } catch {
          // The listener shows the error; the checklist stays as it was.
        }
      },
    }),
  }),
});

export const { useGetFirstRunQuery, useSetFirstRunDismissedMutation } = firstRunApi;
