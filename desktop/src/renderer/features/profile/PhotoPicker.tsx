import { useEffect, useState } from 'react';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useImageUpload } from '../uploads/useImageUpload';

/**
 * Avatar upload: the shared image flow (features/uploads), a local preview while POST /api/upload
 * runs, then onChange(url). Failure toast comes from the listener.
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
  const image = useImageUpload();
  const isLoading = image.uploading;
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async () => {
    const uploaded = await image.choose((file) => setPreview(URL.createObjectURL(file)));
    setPreview(null);
    if (uploaded) onChange(uploaded.url);
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
        {image.problem && (
          <p role="alert" className="text-xs text-red-600">
            {image.problem}
          </p>
        )}
      </div>
    </div>
  );
}
