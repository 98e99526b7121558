import { MESSAGES } from '@shared/messages';
import type { ToastRule } from '../../app/toastHelpers';
import { auditExportFailed } from './auditApi';

/** The audit log changes nothing; only a failed export says so, with its reason. */
export const AUDIT_TOAST_RULES: ToastRule[] = [
  {
    matcher: auditExportFailed.match,
    kind: 'error',
    message: (action) => ({
      message: MESSAGES.auditExportFailed,
      detail: auditExportFailed.match(action) ? action.payload.message : undefined,
    }),
  },
];
