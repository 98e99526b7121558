import type { PublicUser, Role, UserListResponse } from '@shared/types';
import { COMMUNITY_PAGE_SIZE } from '@shared/limits';
import { api } from '../../app/api';

export type CommunityRoleFilter = Extract<Role, 'basic' | 'premium'> | '';

export interface CommunityQuery {
  page: number;
  search: string;
  role: CommunityRoleFilter;
  cityOrState: string;
}

export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCommunity: build.query<UserListResponse<PublicUser>, CommunityQuery>({
      query: ({ page, search, role, cityOrState }) => ({
        url: '/api/user/read-many',
        params: { scope: 'community', page, usersPerPage: COMMUNITY_PAGE_SIZE, search, role, cityOrState },
      }),
      providesTags: ['Community'],
    }),
  }),
});

export const { useGetCommunityQuery } = communityApi;
