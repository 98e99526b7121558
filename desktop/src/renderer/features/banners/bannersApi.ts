import type {
  BannerReadManyResponse,
  BannerResponse,
  BannerType,
  BannerUpsertBody,
  BannerUpsertResponse,
  DashboardBanner,
} from '@shared/types';
import { bannerTypePath } from '@shared/schemas/banners';
import { api } from '../../app/api';

const ALL = { type: 'Banner' as const, id: 'ALL' };
const one = (type: BannerType) => ({ type: 'Banner' as const, id: type });

/** Dashboard banner calls (docs/areas/banners.md#api). Every write refreshes the banners it touched. */
export const bannersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The banner of one type (members: their role's), or null when none is set. */
    getBanner: build.query<DashboardBanner | null, BannerType>({
      query: (type) => `/api/dashboard-banner/${bannerTypePath(type)}`,
      transformResponse: (res: BannerResponse) => res.banner,
      providesTags: (_res, _err, type) => [one(type)],
    }),
    /** All three banners (admins; members get theirs and nulls). */
    getBanners: build.query<BannerReadManyResponse, void>({
      query: () => '/api/dashboard-banner/read-many',
      providesTags: [ALL],
    }),
    upsertBanner: build.mutation<BannerUpsertResponse, BannerUpsertBody>({
      query: (body) => ({ url: '/api/dashboard-banner', method: 'POST', body }),
      invalidatesTags: (_res, _err, body) => [ALL, one(body.type)],
    }),
    deleteBanner: build.mutation<{ success: boolean; message: string }, BannerType>({
      query: (type) => ({ url: `/api/dashboard-banner/${bannerTypePath(type)}`, method: 'DELETE' }),
      invalidatesTags: (_res, _err, type) => [ALL, one(type)],
    }),
  }),
});

export const { useGetBannerQuery, useGetBannersQuery, useUpsertBannerMutation, useDeleteBannerMutation } = bannersApi;
