import type { PlaybookApplyInput, PlaybookUpsertInput, RecurringUpsertInput } from '@shared/schemas/playbooks';
import type {
  PlaybookApplyResponse,
  PlaybookLaunchResponse,
  PlaybookReadManyResponse,
  PlaybookUpsertResponse,
  PlanMembersResponse,
  RecurringReadManyResponse,
  RecurringUpsertResponse,
} from '@shared/types';
import { api } from '../../app/api';

/** Recurring cards and playbooks (docs/areas/playbooks.md). Applying one refreshes the boards. */
export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecurring: build.query<RecurringReadManyResponse, void>({
      query: () => '/api/move-the-needle/recurring/read-many',
      providesTags: ['Recurring'],
    }),
    upsertRecurring: build.mutation<RecurringUpsertResponse, RecurringUpsertInput>({
      query: (body) => ({ url: '/api/move-the-needle/recurring/upsert', method: 'POST', body }),
      invalidatesTags: ['Recurring'],
    }),
    deleteRecurring: build.mutation<{ success: true; message: string }, number>({
      query: (id) => ({ url: `/api/move-the-needle/recurring/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Recurring'],
    }),
    getPlaybooks: build.query<PlaybookReadManyResponse, void>({
      query: () => '/api/playbooks/read-many',
      providesTags: ['Playbook'],
    }),
    getPlanMembers: build.query<PlanMembersResponse, void>({
      query: () => '/api/playbooks/members',
      providesTags: ['User'],
    }),
    getLaunchPlaybook: build.query<PlaybookLaunchResponse, void>({
      query: () => '/api/playbooks/launch',
      providesTags: ['Playbook'],
    }),
    upsertPlaybook: build.mutation<PlaybookUpsertResponse, PlaybookUpsertInput>({
      query: (body) => ({ url: '/api/playbooks/upsert', method: 'POST', body }),
      invalidatesTags: ['Playbook'],
    }),
    deletePlaybook: build.mutation<{ success: true; message: string }, number>({
      query: (id) => ({ url: `/api/playbooks/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Playbook'],
    }),
    applyPlaybook: build.mutation<PlaybookApplyResponse, PlaybookApplyInput>({
      query: (body) => ({ url: '/api/playbooks/apply', method: 'POST', body }),
      invalidatesTags: ['Board', 'BoardSummary'],
    }),
  }),
});

export const {
  useGetRecurringQuery,
  useUpsertRecurringMutation,
  useDeleteRecurringMutation,
  useGetPlaybooksQuery,
  useGetLaunchPlaybookQuery,
  useGetPlanMembersQuery,
  useUpsertPlaybookMutation,
  useDeletePlaybookMutation,
  useApplyPlaybookMutation,
} = plansApi;
