import { useImageUpload } from '../../uploads/useImageUpload';
import { useUpsertAttachmentMutation } from '../boardApi';

/**
 * 'From Computer': the shared image flow (features/uploads: pick, check, upload to the board's
 * upload endpoint), then the attachment. Failures toast from the listener ('Error uploading
 * file.'); a refused file is reported here (`problem`) before anything is sent.
 */
export function useAttachImage(cardId: number) {
  const image = useImageUpload('board');
  const [attach, attachState] = useUpsertAttachmentMutation();

  const pickAndAttach = async () => {
    const uploaded = await image.choose();
    if (!uploaded) return;
    try {
      await attach({
        fileUrl: uploaded.url,
        fileName: uploaded.file.name.slice(0, 255) || 'image',
        CardId: cardId,
      }).unwrap();
    } catch {
      // Toasted by the listener middleware.
    }
  };
  return {
    pickAndAttach,
    busy: image.uploading || attachState.isLoading,
    uploading: image.uploading,
    problem: image.problem,
  };
}

export type AttachImage = ReturnType<typeof useAttachImage>;
