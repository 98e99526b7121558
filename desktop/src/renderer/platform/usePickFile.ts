import { useCallback, useState } from 'react';
import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { PickAccept } from '../../shared-ipc/contract';
import { PickFileError, pickFile } from './files';

/** A local check of a picked file: the message to show when it is refused, else null. */
export type FileCheck = (file: File) => string | null;

/** Images the API accepts (type and size), checked before anything is sent. */
export const checkImage: FileCheck = (file) => {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return MESSAGES.unsupportedImage;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return MESSAGES.fileTooLarge;
  return null;
};

/**
 * The one way to let the user choose a file: pickFile (native dialog on desktop, file input on the
 * web), then an optional local check. `pick` never rejects: it resolves to the file, or to null
 * when the user cancels or the file is refused. A refusal, by the desktop picker (PickFileError:
 * too large, wrong content...) or by `check`, becomes `problem`, a message to show the user.
 */
export function usePickFile(accept: PickAccept, check?: FileCheck) {
  const [problem, setProblem] = useState<string | null>(null);
  const pick = useCallback(async (): Promise<File | null> => {
    setProblem(null);
    let file: File | null;
    try {
      file = await pickFile(accept);
    } catch (err) {
      setProblem(err instanceof PickFileError ? err.message : MESSAGES.uploadFailed);
      return null;
    }
    if (!file) return null;
    const refused = check?.(file) ?? null;
    setProblem(refused);
    return refused ? null : file;
  }, [accept, check]);
  return { pick, problem };
}
