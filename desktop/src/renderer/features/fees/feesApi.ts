import type {
  FeeCategoriesResponse,
  FeeEstimateResponse,
  FeeRateCardListResponse,
  FeeRateCardUpsertResponse,
  Marketplace,
} from '@shared/types';
import type { RateCardUpsertInput } from '@shared/schemas';
import { api } from '../../app/api';

export interface FeeEstimateRequest {
  marketplace: Marketplace;
  length: number;
  width: number;
  height: number;
  unit: 'in' | 'cm';
  weight: number;
  weightUnit: 'lb' | 'oz' | 'kg' | 'g';
  price: number;
  category?: string;
}

/** Fees from dimensions and the rate cards behind them (docs/areas/seller-tools.md). */
export const feesApi = api.injectEndpoints({
  endpoints: (build) => ({
    estimateFees: build.query<FeeEstimateResponse, FeeEstimateRequest>({
      query: (q) => ({
        url: '/api/fees/estimate',
        params: Object.fromEntries(
          Object.entries(q)
            .filter(([, v]) => v !== undefined && v !== '')
            .map(([k, v]) => [k, String(v)]),
        ),
      }),
      providesTags: ['FeeRateCard'],
    }),
    getFeeCategories: build.query<FeeCategoriesResponse, Marketplace>({
      query: (marketplace) => ({ url: '/api/fees/categories', params: { marketplace } }),
      providesTags: ['FeeRateCard'],
    }),
    getRateCards: build.query<FeeRateCardListResponse, void>({
      query: () => '/api/fees/rate-cards',
      providesTags: ['FeeRateCard'],
    }),
    upsertRateCard: build.mutation<FeeRateCardUpsertResponse, RateCardUpsertInput>({
      query: (body) => ({ url: '/api/fees/rate-cards', method: 'POST', body }),
      invalidatesTags: ['FeeRateCard'],
    }),
  }),
});

export const { useLazyEstimateFeesQuery, useGetFeeCategoriesQuery, useGetRateCardsQuery, useUpsertRateCardMutation } =
  feesApi;
