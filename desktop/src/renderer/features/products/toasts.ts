import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import type { ProductUpsertResponse } from '@shared/types';
import { productsApi, productsExportFailed } from './productsApi';
import { serverMessage, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';

const e = productsApi.endpoints;

/** docs/areas/seller-tools.md#behaviour, docs/errors.md: 'Product created/saved/deleted successfully'; failures show the server's message. */
export const PRODUCT_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.upsertProduct.matchFulfilled,
    kind: 'success',
    message: (action) => {
      const res = (action as UnknownAction & { payload: ProductUpsertResponse }).payload;
      return { message: res.isNew ? MESSAGES.productCreated : MESSAGES.productSaved };
    },
  },
  {
    matcher: e.upsertProduct.matchRejected,
    kind: 'error',
    message: serverMessageUnlessFields,
  },
  { matcher: e.deleteProduct.matchFulfilled, kind: 'success', message: () => ({ message: MESSAGES.productDeleted }) },
  {
    matcher: e.deleteProduct.matchRejected,
    kind: 'error',
    message: serverMessage,
  },
  {
    matcher: e.upsertScenario.matchFulfilled,
    kind: 'success',
    message: () => ({ message: MESSAGES.scenarioSaved }),
  },
  { matcher: e.upsertScenario.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  {
    matcher: e.deleteScenario.matchFulfilled,
    kind: 'success',
    message: () => ({ message: MESSAGES.scenarioDeleted }),
  },
  { matcher: e.deleteScenario.matchRejected, kind: 'error', message: serverMessage },
  {
    matcher: e.createReorderCard.matchFulfilled,
    kind: 'success',
    message: () => ({ message: MESSAGES.reorderCardCreated }),
  },
  { matcher: e.createReorderCard.matchRejected, kind: 'error', message: serverMessageUnlessFields },
  {
    matcher: productsExportFailed.match,
    kind: 'error',
    message: (action) => ({
      message: 'The download failed.',
      detail: (action as UnknownAction & { payload: { message: string } }).payload.message,
    }),
  },
];
