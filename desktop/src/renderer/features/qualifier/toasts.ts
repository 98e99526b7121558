import { MESSAGES } from '@shared/messages';
import { qualifierApi } from './qualifierApi';
import { serverMessageUnlessFields, type ToastRule } from '../../app/toastHelpers';

const e = qualifierApi.endpoints;

/** The result email; 'Start this product': success, or the server's reason unless the dialog shows it under a field. */
export const QUALIFIER_TOAST_RULES: ToastRule[] = [
  // docs/errors.md 'Email sent successfully': the result email went out (the form also says so in place).
  { matcher: e.sendQualifierResults.matchFulfilled, kind: 'success', message: () => ({ message: MESSAGES.emailSent }) },
  {
    matcher: e.startQualifiedProduct.matchFulfilled,
    kind: 'success',
    message: () => ({ message: MESSAGES.productStarted }),
  },
  { matcher: e.startQualifiedProduct.matchRejected, kind: 'error', message: serverMessageUnlessFields },
];
