import type { BannerType } from '@shared/types';

export const BANNER_LABELS: Record<BannerType, string> = {
  premium: 'Premium banner',
  basic: 'Basic banner',
  'course only': 'Course only banner',
};

/** Who sees each banner (docs/areas/banners.md#who-may-do-what: coach sees the premium banner). */
export const BANNER_AUDIENCE: Record<BannerType, string> = {
  premium: 'Premium members and coaches',
  basic: 'Basic members',
  'course only': 'Course only members',
};
