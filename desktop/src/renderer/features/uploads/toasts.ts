import { MESSAGES } from '@shared/messages';
import { withReason, type ToastRule } from '../../app/toastHelpers';
import { uploadsApi } from './uploadsApi';

/** docs/security.md#uploads: a failed upload says 'Error uploading file.', with the server's reason underneath. */
export const UPLOAD_TOAST_RULES: ToastRule[] = [
  {
    matcher: uploadsApi.endpoints.uploadImage.matchRejected,
    kind: 'error',
    message: withReason(MESSAGES.uploadFailed),
  },
];
