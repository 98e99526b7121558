import { MESSAGES } from '@shared/messages';
import { fixed, serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';
import { feesApi } from './feesApi';

const e = feesApi.endpoints;

/** The Fee rate cards screen: a success toast on save; a refusal without field errors on failure. */
export const FEE_TOAST_RULES: ToastRule[] = [
  { matcher: e.upsertRateCard.matchFulfilled, kind: 'success', message: fixed(MESSAGES.feeRateCardSaved) },
  { matcher: e.upsertRateCard.matchRejected, kind: 'error', message: serverMessageUnlessFields },
];
