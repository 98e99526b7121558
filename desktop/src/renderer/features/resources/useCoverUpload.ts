import { useState } from 'react';
import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { pickFile, PickFileError } from '../../platform/files';
import { useUploadResourceImageMutation } from './resourcesApi';

/**
 * Picks an image (native dialog on desktop, file input on the web), checks type and size, and
 * uploads it. Resolves to the stored URL, or null when cancelled or refused ('Error uploading
 * file.' comes from the listener).
 */
export function useCoverUpload() {
  const [upload, { isLoading }] = useUploadResourceImageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (): Promise<string | null> => {
    setProblem(null);
    let file: File | null;
    try {
      file = await pickFile('image');
    } catch (err) {
      setProblem(err instanceof PickFileError ? err.message : MESSAGES.uploadFailed);
      return null;
    }
    if (!file) return null;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      setProblem(MESSAGES.unsupportedImage);
      return null;
    }
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setProblem(MESSAGES.fileTooLarge);
      return null;
    }
    try {
      return (await upload(file).unwrap()).latestUploadedFileUrl;
    } catch {
      return null;
    }
  };
  return { choose, uploading: isLoading, problem };
}
