import type { BannerType, DashboardBanner } from '@shared/types';
import type { ModelObject } from 'objection';
import { iso } from '../../core/dates';
import type { DashboardBanner as DashboardBannerModel } from '../../models';

/** A dashboard_banners row, as its model declares it (numeric arrives as a string). */
export type BannerRow = Omit<ModelObject<DashboardBannerModel>, 'type'> & { type: BannerType };

/** docs/areas/banners.md#data Banner, a whitelist of the row (who last edited it stays on the server). */
export function presentBanner(row: BannerRow): DashboardBanner {
  return {
    type: row.type,
    title: row.title,
    content: row.content,
    video_url: row.video_url,
    button_text: row.button_text,
    button_url: row.button_url,
    average_shipping_rate: row.average_shipping_rate === null ? null : Number(row.average_shipping_rate),
    updatedAt: iso(row.updated_at),
  };
}
