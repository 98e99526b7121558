import { cn } from '../../lib/cn';

/**
 * A responsive 16:9 frame for an embed URL the caller has already checked against the video
 * allowlist (the CSP frame-src would block anything else). Sends its origin as referrer, which
 * YouTube embeds require, although the app itself sends none.
 */
export function VideoFrame({ src, title, className }: { src: string; title: string; className?: string }) {
  return (
    <div className={cn('relative aspect-video w-full overflow-hidden rounded-lg bg-gray-900', className)}>
      <iframe
        src={src}
        title={title}
        loading="lazy"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        className="absolute inset-0 size-full border-0"
      />
    </div>
  );
}
