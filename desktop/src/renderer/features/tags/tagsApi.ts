import type { Tag } from '@shared/types';
import { api } from '../../app/api';

export interface TagUpsertBody {
  id?: number;
  name: string;
  openForSignup?: boolean;
}

export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTags: build.query<Tag[], void>({
      query: () => '/api/tag/read-many',
      transformResponse: (res: { tags: Tag[] }) => res.tags,
      providesTags: (tags) => [
        { type: 'Tag' as const, id: 'LIST' },
        ...(tags ?? []).map((t) => ({ type: 'Tag' as const, id: t.id })),
      ],
    }),
    upsertTag: build.mutation<{ tag: Tag; isNew: boolean }, TagUpsertBody>({
      query: (body) => ({ url: '/api/tag/upsert', method: 'POST', body }),
      invalidatesTags: [{ type: 'Tag', id: 'LIST' }],
    }),
    deleteTag: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `/api/tag/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Tag', id: 'LIST' }],
    }),
  }),
});

export const { useGetTagsQuery, useUpsertTagMutation, useDeleteTagMutation } = tagsApi;
