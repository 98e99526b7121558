import { useEffect, useState } from 'react';
import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { PickFileError, pickFile } from '../../platform/files';
import { useUploadImageMutation } from './profileApi';

/**
 * Avatar upload: pickFile('image') (native dialog on desktop, file input on the web), a local
 * preview while POST /api/upload runs, then onChange(url). Failure toast comes from the listener.
 */
export function PhotoPicker({
  fullName,
  photoUrl,
  onChange,
}: {
  fullName: string;
  photoUrl: string | null;
  onChange: (url: string | null) => void;
}) {
  const [upload, { isLoading }] = useUploadImageMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async () => {
    setProblem(null);
    let file: File | null;
    try {
      file = await pickFile('image');
    } catch (err) {
      return setProblem(err instanceof PickFileError ? err.message : MESSAGES.uploadFailed);
    }
    if (!file) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return setProblem(MESSAGES.unsupportedImage);
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setProblem(MESSAGES.fileTooLarge);
    setPreview(URL.createObjectURL(file));
    try {
      const { latestUploadedFileUrl } = await upload(file).unwrap();
      onChange(latestUploadedFileUrl);
    } catch {
      // 'Error uploading file.' toast from the listener middleware.
    } finally {
      setPreview(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-5">
      <div className="relative">
        {preview ? (
          <img src={preview} alt="" className="size-20 rounded-full object-cover opacity-60" />
        ) : (
          <Avatar photoUrl={photoUrl} fullName={fullName} size="lg" />
        )}
        {isLoading && (
          <span className="absolute inset-0 flex items-center justify-center">
            <Spinner className="size-6 text-brand-700" />
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void choose()} loading={isLoading}>
            {isLoading ? 'Uploading…' : 'Change photo'}
          </Button>
          {photoUrl && !isLoading && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-gray-500" aria-live="polite">
          {isLoading ? 'Uploading your photo…' : 'PNG, JPEG, GIF or WebP, up to 5 MB.'}
        </p>
        {problem && (
          <p role="alert" className="text-xs text-red-600">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
