import type { Marketplace } from '@shared/calc/fees';
import type { StoredReorderInputs } from '@shared/calc/reorder';
import { BaseModel, type Timestamp } from './base';

/** `products` */
export class Product extends BaseModel {
  static override tableName = 'products';
  static override idColumn = 'id';
  static override jsonAttributes = ['reorder_inputs'];
  static override columns = [
    'id',
    'user_id',
    'title',
    'description',
    'position',
    'units',
    'cost_per_unit',
    'shipping_cost',
    'amazon_fees',
    'amazon_retail',
    'additional_fees',
    'type_additional_fees',
    'promotion_units_per_day',
    'promotion_percentage',
    'promotion_days',
    'daily_advertising_cost',
    'spend',
    'sales',
    'projected_units',
    'created_at',
    'updated_at',
    'fba_fee',
    'referral_fee',
    'storage_fee',
    'fees_estimated',
    'marketplace',
    'reorder_inputs',
  ] as const;

  declare id: number;
  declare user_id: number;
  declare title: string;
  declare description: string | null;
  declare position: number;
  declare units: number;
  declare cost_per_unit: string;
  declare shipping_cost: string;
  declare amazon_fees: string;
  declare amazon_retail: string;
  declare additional_fees: string;
  declare type_additional_fees: string;
  declare promotion_units_per_day: number | null;
  declare promotion_percentage: string | null;
  declare promotion_days: number | null;
  declare daily_advertising_cost: string | null;
  declare spend: string | null;
  declare sales: string | null;
  declare projected_units: number | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
  declare fba_fee: string | null;
  declare referral_fee: string | null;
  declare storage_fee: string | null;
  declare fees_estimated: boolean;
  declare marketplace: Marketplace;
  /** The reorder planner's last inputs (docs/areas/seller-tools.md, "Reorder planner"), or null. */
  declare reorder_inputs: StoredReorderInputs | null;
}

/** `product_scenarios` */
export class ProductScenario extends BaseModel {
  static override tableName = 'product_scenarios';
  static override idColumn = 'id';
  static override columns = [
    'id',
    'product_id',
    'name',
    'position',
    'amazon_retail',
    'cost_per_unit',
    'shipping_cost',
    'amazon_fees',
    'additional_fees',
    'daily_advertising_cost',
    'spend',
    'sales',
    'units',
    'projected_units',
    'created_at',
    'updated_at',
  ] as const;

  declare id: number;
  declare product_id: number;
  declare name: string;
  declare position: number;
  declare amazon_retail: string | null;
  declare cost_per_unit: string | null;
  declare shipping_cost: string | null;
  declare amazon_fees: string | null;
  declare additional_fees: string | null;
  declare daily_advertising_cost: string | null;
  declare spend: string | null;
  declare sales: string | null;
  declare units: number | null;
  declare projected_units: number | null;
  declare created_at: Timestamp;
  declare updated_at: Timestamp;
}

/** `qualifier_progress` */
export class QualifierProgress extends BaseModel {
  static override tableName = 'qualifier_progress';
  static override idColumn = 'user_id';
  static override columns = [
    'user_id',
    'answers',
    'size_tier',
    'score',
    'result',
    'rated',
    'updated_at',
    'launch_keyword',
    'launch_product_id',
    'launch_card_id',
  ] as const;
  static override jsonAttributes = ['answers'];

  declare user_id: number;
  declare answers: unknown;
  declare size_tier: string | null;
  declare score: number;
  declare result: string;
  declare rated: boolean;
  declare updated_at: Timestamp;
  declare launch_keyword: string | null;
  declare launch_product_id: number | null;
  declare launch_card_id: number | null;
}

Product.relationMappings = () => ({
  scenarios: {
    relation: BaseModel.HasManyRelation,
    modelClass: ProductScenario,
    join: { from: 'products.id', to: 'product_scenarios.product_id' },
  },
});
