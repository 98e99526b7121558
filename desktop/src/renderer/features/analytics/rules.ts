import type { UnknownAction } from '@reduxjs/toolkit';
import type { AnalyticsClientEventName } from '@shared/schemas/analytics';
import type { PaymentIntentResult, ProductUpsertResponse, QualifierProgress } from '@shared/types';
import { boardApi, type MoveCardArgs } from '../board/boardApi';
import { coursesApi } from '../courses/coursesApi';
import { paymentsApi } from '../payments/paymentsApi';
import { productsApi } from '../products/productsApi';
import { qualifierApi } from '../qualifier/qualifierApi';

/**
 * The key actions that are mutations, recorded when the server confirmed them (a listener of the
 * store, app/listeners.ts): no component calls track() for these. Sign-in is recorded by the API
 * itself; page views come from PageViews, resource and AI tool opens from their pages.
 */
export interface AnalyticsRule {
  matcher: (action: UnknownAction) => boolean;
  event: (action: UnknownAction) => { name: AnalyticsClientEventName; props?: Record<string, unknown> } | null;
}

interface Fulfilled<R, A> {
  payload: R;
  meta: { arg: { originalArgs: A } };
}
const of = <R, A>(action: UnknownAction) => action as unknown as Fulfilled<R, A>;

const bought = (action: UnknownAction) => {
  const a = of<PaymentIntentResult, { resourceId: number }>(action);
  return a.payload.status === 'succeeded'
    ? { name: 'resource_bought' as const, props: { resourceId: a.meta.arg.originalArgs.resourceId } }
    : null;
};

export const ANALYTICS_RULES: AnalyticsRule[] = [
  {
    matcher: boardApi.endpoints.moveCard.matchFulfilled,
    event: (action) => {
      const args = of<unknown, MoveCardArgs>(action).meta.arg.originalArgs;
      return {
        name: 'card_moved',
        props: { cardId: args.cardId, fromListId: args.sourceListId, toListId: args.destListId },
      };
    },
  },
  {
    matcher: coursesApi.endpoints.markCompleted.matchFulfilled,
    event: (action) => ({
      name: 'lesson_completed',
      props: { lessonId: of<unknown, number>(action).meta.arg.originalArgs },
    }),
  },
  {
    matcher: productsApi.endpoints.upsertProduct.matchFulfilled,
    event: (action) => {
      const res = of<ProductUpsertResponse, unknown>(action).payload;
      return { name: 'product_saved', props: { productId: res.product.id, kind: res.isNew ? 'new' : 'edit' } };
    },
  },
  {
    matcher: qualifierApi.endpoints.saveQualifierProgress.matchFulfilled,
    event: (action) => {
      const a = of<QualifierProgress, { rated?: boolean }>(action);
      return a.meta.arg.originalArgs.rated === true
        ? { name: 'qualifier_rated', props: { score: a.payload.score, result: a.payload.result } }
        : null;
    },
  },
  { matcher: paymentsApi.endpoints.createPaymentIntent.matchFulfilled, event: bought },
  { matcher: paymentsApi.endpoints.confirmPayment.matchFulfilled, event: bought },
];
