import { checkImage, usePickFile } from '../../platform/usePickFile';
import { useUploadImageMutation, type UploadTarget } from './uploadsApi';

export interface UploadedImage {
  url: string;
  file: File;
}

/**
 * The one pick -> check -> upload flow for images (avatar, course cover, lesson image, resource
 * cover, board attachment). `choose` never rejects: it resolves to the stored URL and the file, or
 * to null when the user cancels, the file is refused (`problem` says why) or the upload fails
 * (the listener toasts 'Error uploading file.'). `onPicked` sees the file before it is sent (for
 * a local preview).
 */
export function useImageUpload(to: UploadTarget = 'portal') {
  const { pick, problem } = usePickFile('image', checkImage);
  const [upload, { isLoading }] = useUploadImageMutation();
  const choose = async (onPicked?: (file: File) => void): Promise<UploadedImage | null> => {
    const file = await pick();
    if (!file) return null;
    onPicked?.(file);
    try {
      const { latestUploadedFileUrl } = await upload({ file, to }).unwrap();
      return { url: latestUploadedFileUrl, file };
    } catch {
      return null;
    }
  };
  return { choose, uploading: isLoading, problem };
}

export type ImageUpload = ReturnType<typeof useImageUpload>;
