import { useState } from 'react';
import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { pickFile } from '../../../platform/files';
import { useUploadBoardImageMutation, useUpsertAttachmentMutation } from '../boardApi';

/**
 * 'From Computer': the native picker on desktop or the file input on the web (platform/files),
 * a local check of type and size, the upload, then the attachment. Failures toast from the
 * listener ('Error uploading file.'); a wrong file is reported here before anything is sent.
 */
export function useAttachImage(cardId: number) {
  const [upload, uploadState] = useUploadBoardImageMutation();
  const [attach, attachState] = useUpsertAttachmentMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const pickAndAttach = async () => {
    setProblem(null);
    const file = await pickFile('image');
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return setProblem(MESSAGES.unsupportedImage);
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setProblem(MESSAGES.fileTooLarge);
    try {
      const { latestUploadedFileUrl } = await upload(file).unwrap();
      await attach({
        fileUrl: latestUploadedFileUrl,
        fileName: file.name.slice(0, 255) || 'image',
        CardId: cardId,
      }).unwrap();
    } catch {
      // Toasted by the listener middleware.
    }
  };
  return {
    pickAndAttach,
    busy: uploadState.isLoading || attachState.isLoading,
    uploading: uploadState.isLoading,
    problem,
  };
}

export type AttachImage = ReturnType<typeof useAttachImage>;
