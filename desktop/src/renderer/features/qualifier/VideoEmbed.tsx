import { isAllowedVideoUrl } from '@shared/content/qualifier';
import { cn } from '../../lib/cn';

/**
 * A responsive 16:9 video frame for a configured embed URL (YouTube or Vimeo, as the CSP allows).
 * Renders nothing for an empty or disallowed URL. The frame sends its origin as referrer, which
 * YouTube embeds require, although the app itself sends no referrer.
 */
export function VideoEmbed({ url, title, className }: { url: string; title: string; className?: string }) {
  if (!url || !isAllowedVideoUrl(url)) return null;
  return (
    <div className={cn('relative aspect-video w-full overflow-hidden rounded-lg bg-gray-900', className)}>
      <iframe
        src={url}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        className="absolute inset-0 size-full border-0"
      />
    </div>
  );
}
