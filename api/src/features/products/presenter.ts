import { computeProduct, type AdditionalFeesType } from '@shared/calc';
import type { Product, ProductFields } from '@shared/types';
import { iso } from '../../core/session-user';

/** A products row as PostgreSQL returns it (numeric columns arrive as strings). */
export interface ProductRow {
  id: number;
  user_id: number;
  title: string;
  description: string | null;
  position: number;
  units: number;
  cost_per_unit: string | number;
  shipping_cost: string | number;
  amazon_fees: string | number;
  amazon_retail: string | number;
  additional_fees: string | number;
  type_additional_fees: AdditionalFeesType;
  promotion_units_per_day: number | null;
  promotion_percentage: string | number | null;
  promotion_days: number | null;
  daily_advertising_cost: string | number | null;
  spend: string | number | null;
  sales: string | number | null;
  projected_units: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const PRODUCT_COLUMNS = [
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
] as const;

const num = (v: string | number): number => Number(v);
const optional = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The inputs of a stored product, named as in SPEC §3. */
export function productFields(row: ProductRow): ProductFields {
  return {
    title: row.title,
    description: row.description,
    units: num(row.units),
    costPerUnit: num(row.cost_per_unit),
    shippingCost: num(row.shipping_cost),
    amazonFees: num(row.amazon_fees),
    amazonRetail: num(row.amazon_retail),
    additionalFees: num(row.additional_fees),
    typeAdditionalFees: row.type_additional_fees,
    promotionUnitsPerDay: optional(row.promotion_units_per_day),
    promotionPercentage: optional(row.promotion_percentage),
    promotionDays: optional(row.promotion_days),
    dailyAdvertisingCost: optional(row.daily_advertising_cost),
    spend: optional(row.spend),
    sales: optional(row.sales),
    projectedUnits: optional(row.projected_units),
  };
}

/** A product as the API sends it: a whitelist of its fields plus the computed ones (shared calc). */
export function presentProduct(row: ProductRow): Product {
  const fields = productFields(row);
  return {
    id: row.id,
    position: row.position,
    ...fields,
    ...computeProduct(fields),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
