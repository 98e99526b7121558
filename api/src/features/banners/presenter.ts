import type { BannerType, DashboardBanner } from '@shared/types';
import { iso } from '../../core/dates';

export interface BannerRow {
  type: BannerType;
  title: string;
  content: string;
  video_url: string | null;
  button_text: string;
  button_url: string;
  /** numeric arrives as a string. */
  average_shipping_rate: string | number | null;
  updated_by: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const BANNER_COLUMNS = [
  'type',
  'title',
  'content',
  'video_url',
  'button_text',
  'button_url',
  'average_shipping_rate',
  'updated_by',
  'created_at',
  'updated_at',
] as const;

/** SPEC §3 Banner, a whitelist of the row (who last edited it stays on the server). */
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
