import { BaseModel, type Timestamp } from './base';

/**
 * `fee_rate_cards`: dated Amazon fee data per marketplace (docs/areas/seller-tools.md, "Rate
 * cards"). `effective_from` is a date: reads select it as text (YYYY-MM-DD), never as a Date.
 */
export class FeeRateCard extends BaseModel {
  static override tableName = 'fee_rate_cards';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'marketplace',
    'name',
    'effective_from',
    'source',
    'rates',
    'created_by',
    'updated_by',
    'created_at',
    'updated_at',
  ] as const;
  static override jsonAttributes = ['rates'];

  declare id: number;
  declare marketplace: string;
  declare name: string;
  declare effective_from: string;
  declare source: string;
  declare rates: unknown;
  declare created_by: number | null;
  declare updated_by: number | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}
