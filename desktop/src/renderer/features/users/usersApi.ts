import { createAction } from '@reduxjs/toolkit';
import type {
  AddTagsBody,
  TestToolsResponse,
  BulkUpdateBody,
  BulkUpdateResponse,
  CoachOption,
  ImportUsersResponse,
  Role,
  UpgradeRoleBody,
  UpgradeRoleResponse,
  User,
  UserListResponse,
  ValidateUsersCsvResponse,
} from '@shared/types';
import { api } from '../../app/api';

/** Dispatched when Download CSV fails (exportUsers.ts); toasts.ts turns it into the error toast. */
export const usersExportFailed = createAction<{ message: string }>('users/exportFailed');

export interface UserListArgs {
  page: number;
  usersPerPage: number;
  search: string;
  /** '' or a Sub. Problems filter: a blocking status, or 'blocked' for all of them (Options → Sub. Problems). */
  stripeStatus: string;
  /** '' for everyone; coaches look at premium members. */
  role: Role | '';
  /** 'mine' for the viewer's own members ("My members"), '' for everyone (docs/areas/review.md). */
  coach?: 'mine' | '';
}

/** What the user form sends (POST /api/user/upsert); a coach sends only id and Tags. */
export interface UserUpsertBody {
  id?: number;
  fullName?: string;
  email?: string;
  password?: string;
  role?: Role;
  alwaysGrantAccess?: boolean;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  Tags?: Array<{ id: number }>;
  /** Admin only: the resources the user owns (Owned Resources). */
  Resources?: Array<{ id: number }>;
  /** Admin only (docs/areas/review.md#a-members-coach): the member's coach, or null for no coach. */
  coachId?: number | null;
}

const LIST = { type: 'User' as const, id: 'LIST' };

/** docs/areas/users.md#api Users: the User Dashboard's calls. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<UserListResponse<User>, UserListArgs>({
      query: ({ page, usersPerPage, search, stripeStatus, role, coach }) => {
        const params = new URLSearchParams({ page: String(page), usersPerPage: String(usersPerPage) });
        if (search) params.set('search', search);
        if (stripeStatus) params.set('stripeStatus', stripeStatus);
        if (role) params.set('role', role);
        if (coach) params.set('coach', coach);
        return `/api/user/read-many?${params.toString()}`;
      },
      providesTags: (res) => [LIST, ...(res?.users ?? []).map((u) => ({ type: 'User' as const, id: u.id }))],
    }),
    /** Who may coach a member (coaches and admins): the user form's Coach select (admins). */
    getCoachOptions: build.query<CoachOption[], void>({
      query: () => '/api/user/coaches',
      transformResponse: (res: { coaches: CoachOption[] }) => res.coaches,
      providesTags: [LIST],
    }),
    upsertUser: build.mutation<{ user: User; isNew: boolean }, UserUpsertBody>({
      query: (body) => ({ url: '/api/user/upsert', method: 'POST', body }),
      invalidatesTags: [LIST, 'Community'],
      // The saved user goes into every cached page that lists them at once: the list is read again
      // (invalidated above), but a row clicked before that read answers must not open with the old
      // values (re-opening Edit right after Save showed the tags as they were before).
      async onQueryStarted(_body, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data || data.isNew) return;
        for (const args of usersApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'getUsers'))
          dispatch(
            usersApi.util.updateQueryData('getUsers', args, (draft) => {
              const at = draft.users.findIndex((u) => u.id === data.user.id);
              if (at >= 0) draft.users[at] = { ...draft.users[at]!, ...data.user };
            }),
          );
      },
    }),
    deleteUser: build.mutation<{ success: boolean; message: string }, number>({
      query: (id) => ({ url: `/api/user/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST, 'Community'],
    }),
    upgradeRole: build.mutation<UpgradeRoleResponse, UpgradeRoleBody>({
      query: (body) => ({ url: '/api/user/upgrade-role', method: 'POST', body }),
      invalidatesTags: [LIST, 'Community'],
    }),
    validateUsersCsv: build.mutation<ValidateUsersCsvResponse, { userEmails: string[] }>({
      query: (body) => ({ url: '/api/user/validate-users-csv', method: 'PUT', body }),
    }),
    bulkUpdate: build.mutation<BulkUpdateResponse, BulkUpdateBody>({
      query: (body) => ({ url: '/api/user/bulk-update', method: 'PUT', body }),
      invalidatesTags: [LIST, 'Community'],
    }),
    /** GET /api/v2/user/test-tools: the test helpers this server offers (404 in production). */
    getTestTools: build.query<TestToolsResponse, void>({
      query: () => '/api/v2/user/test-tools',
    }),
    /** POST /api/v2/user/add-tags (the hidden test button of docs/areas/users.md#api). */
    addTagsTest: build.mutation<{ user: User }, AddTagsBody>({
      query: (body) => ({ url: '/api/v2/user/add-tags', method: 'POST', body }),
      invalidatesTags: (res) => [LIST, 'Community', ...(res ? [{ type: 'User' as const, id: res.user.id }] : [])],
    }),
    /** POST /api/user/import, multipart field `file` (CSV or .xlsx). */
    importUsers: build.mutation<ImportUsersResponse, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return { url: '/api/user/import', method: 'POST', body: form };
      },
      invalidatesTags: [LIST, 'Community'],
    }),
  }),
});

export const {
  useGetUsersQuery,
  useGetCoachOptionsQuery,
  useUpsertUserMutation,
  useDeleteUserMutation,
  useUpgradeRoleMutation,
  useValidateUsersCsvMutation,
  useBulkUpdateMutation,
  useImportUsersMutation,
  useGetTestToolsQuery,
  useAddTagsTestMutation,
} = usersApi;
