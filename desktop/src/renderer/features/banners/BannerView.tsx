import { lazy, Suspense } from 'react';
import { bannerVideoEmbedUrl } from '@shared/schemas/banners';
import type { DashboardBanner } from '@shared/types';
import { buttonClasses } from '../../components/Button';
import { ExternalLink } from '../../components/ExternalLink';
import { cn } from '../../lib/cn';
import { VideoFrame } from './VideoFrame';

const BannerMarkdown = lazy(async () => ({ default: (await import('./BannerMarkdown')).BannerMarkdown }));

/**
 * A dashboard banner (docs/areas/banners.md#screens): title, markdown content, an optional video (YouTube or Vimeo
 * only) and the button, which opens its https URL outside the app.
 */
export function BannerView({ banner, className }: { banner: DashboardBanner; className?: string }) {
  const video = bannerVideoEmbedUrl(banner.video_url);
  return (
    <section
      aria-labelledby={`banner-${banner.type.replace(' ', '-')}-title`}
      className={cn(
        'overflow-hidden rounded-xl border border-brand-200 bg-linear-to-br from-brand-50 to-white p-5 shadow-xs sm:p-6',
        className,
      )}
      data-testid="dashboard-banner"
    >
      <div className={cn('grid gap-6', video && 'lg:grid-cols-2 lg:items-center')}>
        <div className="min-w-0">
          <h2 id={`banner-${banner.type.replace(' ', '-')}-title`} className="text-xl font-semibold text-gray-900">
            {banner.title}
          </h2>
          <div className="mt-2 text-gray-700">
            <Suspense fallback={<p className="text-sm whitespace-pre-line">{banner.content}</p>}>
              <BannerMarkdown>{banner.content}</BannerMarkdown>
            </Suspense>
          </div>
          <ExternalLink href={banner.button_url} className={buttonClasses('primary', 'md', 'mt-4')}>
            {banner.button_text}
          </ExternalLink>
        </div>
        {video && <VideoFrame src={video} title={`${banner.title} video`} />}
      </div>
    </section>
  );
}
