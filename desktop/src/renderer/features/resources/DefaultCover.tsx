import type { ResourceType } from '@shared/types';
import { assetUrl } from '../../lib/assetUrl';
import { cn } from '../../lib/cn';

const TONES: Record<ResourceType, string> = {
  Link: 'from-sky-100 to-brand-100 text-brand-700',
  Article: 'from-amber-50 to-orange-100 text-orange-700',
  Course: 'from-emerald-50 to-teal-100 text-teal-700',
};

function TypeIcon({ type, className = 'size-8' }: { type: ResourceType; className?: string }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.6,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  if (type === 'Link') {
    return (
      <svg viewBox="0 0 24 24" className={className} aria-hidden="true" {...common}>
        <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
        <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
      </svg>
    );
  }
  if (type === 'Article') {
    return (
      <svg viewBox="0 0 24 24" className={className} aria-hidden="true" {...common}>
        <path d="M6 3h9l4 4v14H6z" />
        <path d="M14 3v5h5M9 12h7M9 16h7" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" {...common}>
      <path d="M3 8l9-4 9 4-9 4z" />
      <path d="M7 10v5c3 2 7 2 10 0v-5" />
    </svg>
  );
}

/**
 * A resource's cover photo, or the default image for its type (docs/areas/resources.md#screens: cover or default image);
 * `compact` for a thumbnail (a smaller icon).
 */
export function ResourceCover({
  resource,
  className,
  compact = false,
}: {
  resource: { coverPhotoUrl: string | null; type: ResourceType };
  className?: string;
  compact?: boolean;
}) {
  if (resource.coverPhotoUrl) {
    return (
      <img src={assetUrl(resource.coverPhotoUrl)} alt="" className={cn('object-cover', className)} loading="lazy" />
    );
  }
  return (
    <div
      className={cn('flex items-center justify-center bg-linear-to-br', TONES[resource.type], className)}
      aria-hidden="true"
      data-testid="default-cover"
    >
      <TypeIcon type={resource.type} className={compact ? 'size-6' : 'size-8'} />
    </div>
  );
}
