import type {
  QualifierProgress,
  QualifierProgressResponse,
  QualifierSaveBody,
  QualifierSendBody,
  QualifierStartBody,
  QualifierStartResponse,
} from '@shared/types';
import { api } from '../../app/api';

/** Product Qualifier calls (docs/areas/seller-tools.md#api): the saved progress, saving it, and mailing the result. */
export const qualifierApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQualifierProgress: build.query<QualifierProgress | null, void>({
      query: () => '/api/product-qualifier',
      transformResponse: (res: QualifierProgressResponse) => res.progress,
      providesTags: ['Qualifier'],
    }),
    saveQualifierProgress: build.mutation<QualifierProgress, QualifierSaveBody>({
      query: (body) => ({ url: '/api/product-qualifier/save', method: 'POST', body }),
      transformResponse: (res: { progress: QualifierProgress }) => res.progress,
      // Keep the cached copy current without refetching (the page holds the answers being edited).
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(qualifierApi.util.upsertQueryData('getQualifierProgress', undefined, data));
        } catch {
          // Shown by the page.
        }
      },
    }),
    /** 'Start this product': the product (and launch card) in one call; the products list refetches. */
    startQualifiedProduct: build.mutation<QualifierStartResponse, QualifierStartBody>({
      query: (body) => ({ url: '/api/product-qualifier/start', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(qualifierApi.util.upsertQueryData('getQualifierProgress', undefined, data.progress));
        } catch {
          // Shown by the dialog and the toast listener.
        }
      },
      invalidatesTags: (res) =>
        res
          ? [
              { type: 'Product', id: 'LIST' },
              { type: 'Product', id: 'COUNT' },
              ...(res.cardId !== null ? (['Board', 'BoardSummary'] as const) : []),
            ]
          : [],
    }),
    sendQualifierResults: build.mutation<{ success: boolean; message: string }, QualifierSendBody>({
      query: (body) => ({ url: '/api/product-qualifier/send', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetQualifierProgressQuery,
  useSaveQualifierProgressMutation,
  useSendQualifierResultsMutation,
  useStartQualifiedProductMutation,
} = qualifierApi;
