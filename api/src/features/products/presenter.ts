import {
  computeProduct,
  MARKETPLACE_CURRENCY,
  priceWithoutVat,
  round2,
  storedReorderPlan,
  type AdditionalFeesType,
  type ProductInputs,
  type VatRates,
} from '@shared/calc';
import type { Product, ProductFields } from '@shared/types';
import type { ModelObject } from 'objection';
import { iso } from '../../core/dates';
import { Product as ProductModel } from '../../models';

/** A products row, as its model declares it (numeric columns arrive as strings). */
export type ProductRow = Omit<ModelObject<ProductModel>, 'type_additional_fees'> & {
  type_additional_fees: AdditionalFeesType;
};

const num = (v: string | number): number => Number(v);
const optional = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The inputs of a stored product, named as in docs/areas/seller-tools.md#data. */
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
    fbaFee: optional(row.fba_fee),
    referralFee: optional(row.referral_fee),
    storageFee: optional(row.storage_fee),
    feesEstimated: row.fees_estimated,
    marketplace: row.marketplace,
  };
}

/**
 * The calculator's inputs of a stored product: its fields and the VAT % its price includes, the
 * rate of its marketplace's card in force (docs/areas/seller-tools.md, "Marketplaces").
 */
export function productInputs(row: ProductRow, vat: VatRates): ProductFields & ProductInputs {
  return { ...productFields(row), vatRate: vat[row.marketplace] ?? 0 };
}

/** The product's stored reorder inputs and their plan (docs/areas/seller-tools.md, "Reorder planner"). */
export function presentReorder(row: ProductRow): Product['reorder'] {
  const stored = row.reorder_inputs;
  return stored ? { inputs: stored, plan: storedReorderPlan(stored) } : null;
}

/** An ISO-8601 timestamp; the list query already formats them in SQL (no Date round trip). */
function timestamp(value: Date | string): string {
  return typeof value === 'string' && value.endsWith('Z') ? value : iso(value);
}

/**
 * A product as the API sends it: an explicit whitelist of its fields plus every computed field
 * of docs/areas/seller-tools.md#data from the shared calculator (written out, not spread: this runs 500 times per list).
 */
export function presentProduct(row: ProductRow, vat: VatRates): Product {
  const f = productInputs(row, vat);
  const c = computeProduct(f);
  const vatRate = f.vatRate as number;
  return {
    id: row.id,
    marketplace: f.marketplace,
    currency: MARKETPLACE_CURRENCY[f.marketplace],
    vatRate,
    amazonRetailExVat: round2(priceWithoutVat(f.amazonRetail, vatRate)),
    reorder: presentReorder(row),
    position: row.position,
    title: f.title,
    description: f.description,
    units: f.units,
    costPerUnit: f.costPerUnit,
    shippingCost: f.shippingCost,
    amazonFees: f.amazonFees,
    amazonRetail: f.amazonRetail,
    additionalFees: f.additionalFees,
    typeAdditionalFees: f.typeAdditionalFees,
    promotionUnitsPerDay: f.promotionUnitsPerDay,
    promotionPercentage: f.promotionPercentage,
    promotionDays: f.promotionDays,
    dailyAdvertisingCost: f.dailyAdvertisingCost,
    spend: f.spend,
    sales: f.sales,
    projectedUnits: f.projectedUnits,
    fbaFee: f.fbaFee,
    referralFee: f.referralFee,
    storageFee: f.storageFee,
    feesEstimated: f.feesEstimated,
    ACOSBreakEven: c.ACOSBreakEven,
    campaignACOS: c.campaignACOS,
    monthlyGross: c.monthlyGross,
    monthlyProfit: c.monthlyProfit,
    potentialProfit: c.potentialProfit,
    profitMargin: c.profitMargin,
    promotionCost: c.promotionCost,
    promotionRevenue: c.promotionRevenue,
    totalCost: c.totalCost,
    totalManufacturingShippingCustomsCost: c.totalManufacturingShippingCustomsCost,
    totalCostPerUnit: c.totalCostPerUnit,
    totalAmazonFees: c.totalAmazonFees,
    totalAdditionalFees: c.totalAdditionalFees,
    totalEstimatedProfitPerUnit: c.totalEstimatedProfitPerUnit,
    totalEstimatedBulkOrderProfit: c.totalEstimatedBulkOrderProfit,
    amazonNet: c.amazonNet,
    netProfitPerUnit: c.netProfitPerUnit,
    createdAt: timestamp(row.created_at),
    updatedAt: timestamp(row.updated_at),
  };
}
