import type { Resource, ResourceCategory, ResourceCourseOption, ResourceListType } from '@shared/types';
import { api } from '../../app/api';

export interface ResourceListArgs {
  search?: string;
  type?: ResourceListType;
  categories?: readonly number[];
  itemsPerPage?: number;
}

/** The resource upsert body (docs/areas/resources.md#data field names); null clears a field. */
export interface ResourceUpsertBody {
  id?: number;
  title: string;
  description: string | null;
  coverPhotoUrl: string | null;
  type: Resource['type'];
  visibility: Resource['visibility'];
  content: string | null;
  url: string | null;
  price: number | null;
  purchaseUrl: string | null;
  CourseId: number | null;
  publishedAt: string | null;
  hidden: boolean;
  ResourceCategories: Array<{ id: number }>;
  Tags: Array<{ id: number }>;
}

/** ?search=..&type=..&categories=1&categories=2 (categories repeat, as docs/areas/resources.md#screens words it). */
export function resourceListQuery(args: ResourceListArgs = {}): string {
  const q = new URLSearchParams();
  if (args.search) q.set('search', args.search);
  if (args.type && args.type !== 'all') q.set('type', args.type);
  for (const id of args.categories ?? []) q.append('categories', String(id));
  if (args.itemsPerPage) q.set('itemsPerPage', String(args.itemsPerPage));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const LIST = { type: 'Resource' as const, id: 'LIST' };
const CATEGORIES = { type: 'ResourceCategory' as const, id: 'LIST' };

/** Resource and category calls (docs/areas/resources.md#api). */
export const resourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getResources: build.query<Resource[], ResourceListArgs | void>({
      query: (args) => `/api/resource/read-many${resourceListQuery(args ?? {})}`,
      transformResponse: (res: { resources: Resource[] }) => res.resources,
      providesTags: (rows) => [LIST, ...(rows ?? []).map((r) => ({ type: 'Resource' as const, id: r.id }))],
    }),
    getResource: build.query<Resource, number>({
      query: (id) => `/api/resource/${id}`,
      transformResponse: (res: { resource: Resource }) => res.resource,
      providesTags: (_r, _e, id) => [{ type: 'Resource', id }],
    }),
    upsertResource: build.mutation<{ resource: Resource; isNew: boolean }, ResourceUpsertBody>({
      query: (body) => ({ url: '/api/resource/upsert', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [LIST, ...(body.id ? [{ type: 'Resource' as const, id: body.id }] : [])],
    }),
    deleteResource: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `/api/resource/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'Resource', id }],
    }),
    getResourceCategories: build.query<ResourceCategory[], void>({
      query: () => '/api/resource/category/read-many',
      transformResponse: (res: { resourceCategories: ResourceCategory[] }) => res.resourceCategories,
      providesTags: [CATEGORIES],
    }),
    upsertResourceCategory: build.mutation<
      { resourceCategory: ResourceCategory; isNew: boolean },
      { id?: number; name: string; premiumSlides?: boolean }
    >({
      query: (body) => ({ url: '/api/resource/category/upsert', method: 'POST', body }),
      // Resources carry their categories' names.
      invalidatesTags: [CATEGORIES, LIST, 'Resource'],
    }),
    deleteResourceCategory: build.mutation<{ success: boolean }, number>({
      query: (id) => ({ url: `/api/resource/category/${id}`, method: 'DELETE' }),
      invalidatesTags: [CATEGORIES, LIST, 'Resource'],
    }),
    getResourceCourseOptions: build.query<ResourceCourseOption[], void>({
      query: () => '/api/resource/course-options',
      transformResponse: (res: { courses: ResourceCourseOption[] }) => res.courses,
    }),
  }),
});

export const {
  useGetResourcesQuery,
  useGetResourceQuery,
  useUpsertResourceMutation,
  useDeleteResourceMutation,
  useGetResourceCategoriesQuery,
  useUpsertResourceCategoryMutation,
  useDeleteResourceCategoryMutation,
  useGetResourceCourseOptionsQuery,
} = resourcesApi;
