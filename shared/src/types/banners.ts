/** docs/areas/banners.md#data Banner type: one banner per member group. */
export const BANNER_TYPES = ['basic', 'premium', 'course only'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

/** docs/areas/banners.md#data Banner, with the spec's snake_case field names. */
export interface DashboardBanner {
  type: BannerType;
  title: string;
  /** Markdown (rendered without raw HTML). */
  content: string;
  video_url: string | null;
  button_text: string;
  button_url: string;
  /** Premium banner only: the current average shipping rate in dollars, or null. */
  average_shipping_rate: number | null;
  updatedAt: string;
}

/** GET /api/dashboard-banner/{type}: null when no banner of that type is set. */
export interface BannerResponse {
  banner: DashboardBanner | null;
}

/** GET /api/dashboard-banner/read-many: the banners the user may read (others null). */
export interface BannerReadManyResponse {
  premium: DashboardBanner | null;
  basic: DashboardBanner | null;
  courseOnly: DashboardBanner | null;
}

/** POST /api/dashboard-banner body. */
export interface BannerUpsertBody {
  title: string;
  content: string;
  video_url?: string | null;
  button_text: string;
  button_url: string;
  type: BannerType;
  average_shipping_rate?: number | string | null;
}

/** POST /api/dashboard-banner answer: isNew tells 'created' from 'updated'. */
export interface BannerUpsertResponse {
  banner: DashboardBanner;
  isNew: boolean;
}
