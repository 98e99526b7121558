import type {
  Product,
  ProductCountResponse,
  ProductListResponse,
  ProductUpsertBody,
  ProductUpsertResponse,
} from '@shared/types';
import { api } from '../../app/api';

const LIST = { type: 'Product' as const, id: 'LIST' };
const COUNT = { type: 'Product' as const, id: 'COUNT' };

/** Power Profit Tool calls (SPEC §7). The list cache is patched from each answer; the count refetches. */
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
  }),
});

export const { useGetProductsQuery, useGetProductCountQuery, useUpsertProductMutation, useDeleteProductMutation } =
  productsApi;
