import { useState } from 'react';
import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { pickFile } from '../../platform/files';
import { useUploadCourseImageMutation } from './coursesApi';

/**
 * Picks an image (native dialog on desktop, file input on the web), checks type and size, and
 * uploads it with POST /api/upload. Resolves to the stored URL, or null when cancelled or failed
 * (the failure toast, 'Error uploading file.', comes from the listener).
 */
export function useImageUpload() {
  const [upload, { isLoading }] = useUploadCourseImageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (): Promise<string | null> => {
    setProblem(null);
    const file = await pickFile('image');
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

/** Copies text to the clipboard; false when the browser refuses (no permission, insecure page). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
