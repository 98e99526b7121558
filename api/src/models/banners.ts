import { BaseModel, type Timestamp } from './base';

/** `dashboard_banners` */
export class DashboardBanner extends BaseModel {
  static override tableName = 'dashboard_banners';
  static override idColumn = 'type';
  static override columns = [
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

  declare type: string;
  declare title: string;
  declare content: string;
  declare video_url: string | null;
  declare button_text: string;
  declare button_url: string;
  declare average_shipping_rate: string | null;
  declare updated_by: number | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}
