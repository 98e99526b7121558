import { MESSAGES } from '@shared/messages';
import { qualifierApi } from './qualifierApi';
import { serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';

const e = qualifierApi.endpoints;

/** 'Start this product': success, or the server's reason unless the dialog shows it under a field. */
export const QUALIFIER_TOAST_RULES: ToastRule[] = [
  {
    matcher: e.startQualifiedProduct.matchFulfilled,
    kind: 'success',
    message: () => ({ message: MESSAGES.productStarted }),
  },
  { matcher: e.startQualifiedProduct.matchRejected, kind: 'error', message: serverMessageUnlessFields },
];
