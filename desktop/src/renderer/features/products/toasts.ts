import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import type { ProductUpsertResponse } from '@shared/types';
import type { ToastRule } from '../../app/listeners';
import { productsApi } from './productsApi';
import { serverMessage, serverMessageUnlessFields } from '../../app/toastHelpers';

const e = productsApi.endpoints;

/** SPEC §4 and §8: 'Product created/saved/deleted successfully'; failures show the server's message. */
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
];
