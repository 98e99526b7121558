import type { PaymentIntentResult, StripeClientConfig, StripeStatusResult, StripeSyncResult } from '@shared/types';
import { api } from '../../app/api';

/** docs/areas/payments.md#api /api/stripe/* calls the renderer makes (the customer portal is in auth/authApi). */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStripeConfig: build.query<StripeClientConfig, void>({
      query: () => '/api/stripe/config',
    }),
    /** The session member's purchase: no userId is sent (the server would ignore it anyway). */
    createPaymentIntent: build.mutation<PaymentIntentResult, { resourceId: number; paymentMethodId: string }>({
      query: (body) => ({ url: '/api/stripe/create-payment-intent', method: 'POST', body }),
      invalidatesTags: (result, _e, { resourceId }) =>
        result?.status === 'succeeded'
          ? [
              { type: 'Resource', id: 'LIST' },
              { type: 'Resource', id: resourceId },
            ]
          : [],
    }),
    confirmPayment: build.mutation<PaymentIntentResult, { paymentIntentId: string; resourceId: number }>({
      query: ({ paymentIntentId }) => ({
        url: '/api/stripe/confirm-payment',
        method: 'POST',
        body: { paymentIntentId },
      }),
      invalidatesTags: (result, _e, { resourceId }) =>
        result?.status === 'succeeded'
          ? [
              { type: 'Resource', id: 'LIST' },
              { type: 'Resource', id: resourceId },
            ]
          : [],
    }),
    syncWithStripe: build.mutation<StripeSyncResult, void>({
      query: () => ({ url: '/api/stripe/sync', method: 'POST' }),
      invalidatesTags: ['User'],
    }),
    checkPayment: build.mutation<StripeStatusResult, void>({
      query: () => ({ url: '/api/stripe/check-payment', method: 'POST' }),
    }),
  }),
});

export const {
  useGetStripeConfigQuery,
  useCreatePaymentIntentMutation,
  useConfirmPaymentMutation,
  useSyncWithStripeMutation,
  useCheckPaymentMutation,
} = paymentsApi;
