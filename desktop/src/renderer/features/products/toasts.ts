import type { UnknownAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@shared/messages';
import type { ProductUpsertResponse } from '@shared/types';
import { apiErrorFromAction } from '../../app/errors';
import type { ToastRule } from '../../app/listeners';
import { productsApi } from './productsApi';

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
    // Field errors are shown beside the fields of the open form.
    message: (action) => {
      const err = apiErrorFromAction(action);
      return Object.keys(err.fields).length > 0 ? null : { message: err.message };
    },
  },
  { matcher: e.deleteProduct.matchFulfilled, kind: 'success', message: () => ({ message: MESSAGES.productDeleted }) },
  {
    matcher: e.deleteProduct.matchRejected,
    kind: 'error',
    message: (action) => ({ message: apiErrorFromAction(action).message }),
  },
];
