import type {
  Product,
  ProductCountResponse,
  ProductListResponse,
  ProductScenario,
  ProductScenarioListResponse,
  ProductScenarioUpsertBody,
  ProductScenarioUpsertResponse,
  ProductSolveResponse,
  ProductPpcResponse,
  ProductReorderResponse,
  ProductReorderSaveResponse,
  ReorderCardResponse,
  ProductUpsertBody,
  ProductUpsertResponse,
  SolveTarget,
} from '@shared/types';
import { createAction } from '@reduxjs/toolkit';
import { api } from '../../app/api';

/** Dispatched when Download CSV fails (exportProducts.ts); toasts.ts turns it into the error toast. */
export const productsExportFailed = createAction<{ message: string }>('products/exportFailed');

const LIST = { type: 'Product' as const, id: 'LIST' };
const COUNT = { type: 'Product' as const, id: 'COUNT' };
/** A product's scenarios (one cache entry per product). */
export const scenariosTag = (productId: number) => ({ type: 'Product' as const, id: `SCENARIOS-${productId}` });

export interface PpcRequest {
  productId: number;
  targetMargin: number;
  conversionRate: number;
}

export interface ReorderRequest {
  productId: number;
  onHand: number;
  dailySales: number;
  leadTimeDays: number;
  coverDays: number;
  safetyDays: number;
  timeZone: string;
}

export interface SolveRequest {
  productId: number;
  target: SolveTarget;
  value: number;
}

/** Power Profit Tool calls (docs/areas/seller-tools.md#api). The list cache is patched from each answer; the count refetches. */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Product[], void>({
      query: () => '/api/product/read-many',
      transformResponse: (res: ProductListResponse) => res.products,
      providesTags: [LIST],
    }),
    getProductCount: build.query<number, void>({
      query: () => '/api/product/count',
      transformResponse: (res: ProductCountResponse) => res.total,
      providesTags: [COUNT],
    }),
    upsertProduct: build.mutation<ProductUpsertResponse, ProductUpsertBody>({
      query: (body) => ({ url: '/api/product/upsert', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            productsApi.util.updateQueryData('getProducts', undefined, (list) => {
              const at = list.findIndex((p) => p.id === data.product.id);
              if (at >= 0) list[at] = data.product;
              else list.unshift(data.product); // new products on top
            }),
          );
        } catch {
          // The error reaches the form and the toast listener.
        }
      },
      invalidatesTags: (res) => (res?.isNew ? [COUNT] : []),
    }),
    deleteProduct: build.mutation<{ success: boolean; message: string }, number>({
      query: (id) => ({ url: `/api/product/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            productsApi.util.updateQueryData('getProducts', undefined, (list) => list.filter((p) => p.id !== id)),
          );
        } catch {
          // Reported by the toast listener.
        }
      },
      invalidatesTags: [COUNT],
    }),
    getScenarios: build.query<ProductScenario[], number>({
      query: (productId) => `/api/product/${productId}/scenarios`,
      transformResponse: (res: ProductScenarioListResponse) => res.scenarios,
      providesTags: (_res, _err, productId) => [scenariosTag(productId)],
    }),
    upsertScenario: build.mutation<
      ProductScenarioUpsertResponse,
      { productId: number; body: ProductScenarioUpsertBody }
    >({
      query: ({ productId, body }) => ({ url: `/api/product/${productId}/scenarios`, method: 'POST', body }),
      invalidatesTags: (_res, _err, { productId }) => [scenariosTag(productId)],
    }),
    deleteScenario: build.mutation<{ success: boolean; message: string }, { productId: number; id: number }>({
      query: ({ productId, id }) => ({ url: `/api/product/${productId}/scenarios/${id}`, method: 'DELETE' }),
      invalidatesTags: (_res, _err, { productId }) => [scenariosTag(productId)],
    }),
    /** Reverse solve on the server (the same shared function the bench measures). Not cached. */
    solveProduct: build.query<ProductSolveResponse, SolveRequest>({
      query: ({ productId, target, value }) => ({
        url: `/api/product/${productId}/solve`,
        params: { target, value: String(value) },
      }),
      keepUnusedDataFor: 0,
    }),
    /** Ad targets at a target margin and conversion rate (docs/areas/seller-tools.md, "Ad targets"). */
    getPpc: build.query<ProductPpcResponse, PpcRequest>({
      query: ({ productId, targetMargin, conversionRate }) => ({
        url: `/api/product/${productId}/ppc`,
        params: { targetMargin: String(targetMargin), conversionRate: String(conversionRate) },
      }),
      // The figures follow the product's price, fees and costs.
      providesTags: (_res, _err, { productId }) => [{ type: 'Product', id: `PLAN-${productId}` }, LIST],
    }),
    getReorder: build.query<ProductReorderResponse, ReorderRequest>({
      query: ({ productId, ...plan }) => ({
        url: `/api/product/${productId}/reorder`,
        params: Object.fromEntries(Object.entries(plan).map(([k, v]) => [k, String(v)])),
      }),
    }),
    /** Plans the reorder and keeps the inputs on the product (PUT): the list then carries the plan. */
    saveReorder: build.mutation<ProductReorderSaveResponse, ReorderRequest>({
      query: ({ productId, ...plan }) => ({
        url: `/api/product/${productId}/reorder`,
        method: 'PUT',
        body: plan,
      }),
      invalidatesTags: [LIST],
    }),
    createReorderCard: build.mutation<ReorderCardResponse, ReorderRequest>({
      query: ({ productId, ...plan }) => ({
        url: `/api/product/${productId}/reorder/card`,
        method: 'POST',
        body: plan,
      }),
      invalidatesTags: ['Board'],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductCountQuery,
  useUpsertProductMutation,
  useDeleteProductMutation,
  useGetScenariosQuery,
  useUpsertScenarioMutation,
  useDeleteScenarioMutation,
  useLazySolveProductQuery,
  useGetPpcQuery,
  useLazyGetReorderQuery,
  useSaveReorderMutation,
  useCreateReorderCardMutation,
} = productsApi;
