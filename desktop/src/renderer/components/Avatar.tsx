import { useState } from 'react';
import { assetUrl } from '../lib/assetUrl';
import { cn } from '../lib/cn';

export function initials(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

const SIZES = { xs: 'size-6 text-[10px]', sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-20 text-xl' };

/** The user's photo, or their initials when there is none (or it fails to load). */
export function Avatar({
  photoUrl,
  fullName,
  size = 'md',
  className,
}: {
  photoUrl: string | null | undefined;
  fullName: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = assetUrl(photoUrl);
  const showPhoto = src && failed !== src;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800',
        SIZES[size],
        className,
      )}
    >
      {showPhoto ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-hidden="true">{initials(fullName)}</span>
      )}
    </span>
  );
}
