import { computeProduct, type ProductComputed, type ProductInputs } from '@shared/calc';
import type { Product } from '@shared/types';

/** The numeric product inputs the forms edit (additional fees have their own control). */
export const NUMBER_KEYS = [
  'units',
  'costPerUnit',
  'shippingCost',
  'amazonFees',
  'amazonRetail',
  'promotionUnitsPerDay',
  'promotionPercentage',
  'promotionDays',
  'dailyAdvertisingCost',
  'spend',
  'sales',
  'projectedUnits',
] as const;
export type NumberKey = (typeof NUMBER_KEYS)[number];

/** The fee breakdown behind Amazon fees ("Estimate from dimensions" fills it). */
export const FEE_KEYS = ['fbaFee', 'referralFee', 'storageFee'] as const;
export type FeeKey = (typeof FEE_KEYS)[number];

/** Form values as typed: every field a string ('' when blank). */
export type FormStrings<K extends string> = Record<K, string>;

/** The form's starting values from a product (or blanks for a new one). */
export function formDefaults<K extends NumberKey | FeeKey | 'title' | 'description'>(
  product: Product | null,
  keys: readonly K[],
): FormStrings<K> {
  const out = {} as FormStrings<K>;
  for (const key of keys) {
    const v = product ? product[key] : null;
    out[key] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** A typed number, or null when blank or not a number (the calculator counts it as 0). */
export function typedNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A stored product's calculator inputs (the same the API computes from). */
export function inputsOf(product: Product, additionalFees: number = product.additionalFees): ProductInputs {
  return {
    units: product.units,
    costPerUnit: product.costPerUnit,
    shippingCost: product.shippingCost,
    amazonFees: product.amazonFees,
    amazonRetail: product.amazonRetail,
    promotionUnitsPerDay: product.promotionUnitsPerDay,
    promotionPercentage: product.promotionPercentage,
    promotionDays: product.promotionDays,
    dailyAdvertisingCost: product.dailyAdvertisingCost,
    spend: product.spend,
    sales: product.sales,
    projectedUnits: product.projectedUnits,
    additionalFees,
    vatRate: product.vatRate,
  };
}

/**
 * The live preview while typing: the stored product overlaid with what the form holds, through
 * the same shared calculator the API uses.
 */
export function previewComputed(
  product: Product | null,
  typed: Partial<Record<NumberKey, string>>,
  additionalFees: number,
  vatRate: number = product?.vatRate ?? 0,
): ProductComputed {
  const inputs: ProductInputs = {
    units: product?.units ?? null,
    costPerUnit: product?.costPerUnit ?? null,
    shippingCost: product?.shippingCost ?? null,
    amazonFees: product?.amazonFees ?? null,
    amazonRetail: product?.amazonRetail ?? null,
    promotionUnitsPerDay: product?.promotionUnitsPerDay ?? null,
    promotionPercentage: product?.promotionPercentage ?? null,
    promotionDays: product?.promotionDays ?? null,
    dailyAdvertisingCost: product?.dailyAdvertisingCost ?? null,
    spend: product?.spend ?? null,
    sales: product?.sales ?? null,
    projectedUnits: product?.projectedUnits ?? null,
    additionalFees,
    vatRate,
  };
  for (const key of NUMBER_KEYS) {
    if (key in typed) inputs[key] = typedNumber(typed[key]);
  }
  return computeProduct(inputs);
}
