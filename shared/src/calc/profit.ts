/**
 * Power Profit Tool calculator (docs/areas/seller-tools.md#formulas, docs/areas/seller-tools.md#data).
 *
 * One pure function used by the API (server-computed product fields) and the UI
 * (live preview). Intermediates are never rounded; every output is rounded to
 * 2 decimals at the end with `round2` (half away from zero).
 */
import { ADDITIONAL_FEES_DEFAULT, type AdditionalFeesType } from './additional-fees';
import { priceWithoutVat } from './fees';
import { isMissing, round2, toFiniteNumber } from './round';

/** A numeric form/DB value: a blank (null/undefined) counts as 0 (additionalFees: 25). */
export type NumberInput = number | null | undefined;

/**
 * Calculator inputs, named as in docs/areas/seller-tools.md#data. The keys of the product-required numbers
 * (units, costPerUnit, shippingCost, amazonFees, amazonRetail) must be present but may be
 * blank while a form is being filled in; requiredness is enforced by validation, not here.
 * Non-finite numbers (NaN, Infinity) count as 0; numeric strings are tolerated at run time.
 */
export interface ProductInputs {
  title?: string | null;
  description?: string | null;
  /** n: units in the bulk order. */
  units: NumberInput;
  /** c: manufacturing cost per unit ($). */
  costPerUnit: NumberInput;
  /** S: freight + customs for the whole order ($), not per unit (D1). */
  shippingCost: NumberInput;
  /** F: Amazon referral + FBA fee per unit ($). */
  amazonFees: NumberInput;
  /** The Amazon retail price the customer pays ($; VAT-inclusive where `vatRate` is above 0). */
  amazonRetail: NumberInput;
  /**
   * The VAT % the retail price includes (UK, DE: the rate card's `vatRate` for the product's
   * marketplace); blank or 0: none. Every figure uses P, the price without VAT
   * (docs/areas/seller-tools.md, "Marketplaces").
   */
  vatRate?: NumberInput;
  /** a: the STORED additional fees as % of P (see applyAdditionalFees). Missing: 25. */
  additionalFees?: NumberInput;
  /** How the user last entered additional fees; display only, `additionalFees` is always a %. */
  typeAdditionalFees?: AdditionalFeesType | null;
  /** u */
  promotionUnitsPerDay?: NumberInput;
  /** d: % off P during the promotion. */
  promotionPercentage?: NumberInput;
  /** t */
  promotionDays?: NumberInput;
  /** A: daily advertising budget during the promotion ($). */
  dailyAdvertisingCost?: NumberInput;
  spend?: NumberInput;
  sales?: NumberInput;
  /** m: projected units per month. */
  projectedUnits?: NumberInput;
}

export const PRODUCT_COMPUTED_FIELDS = [
  'ACOSBreakEven',
  'campaignACOS',
  'monthlyGross',
  'monthlyProfit',
  'potentialProfit',
  'profitMargin',
  'promotionCost',
  'promotionRevenue',
  'totalCost',
  'totalManufacturingShippingCustomsCost',
  'totalCostPerUnit',
  'totalAmazonFees',
  'totalAdditionalFees',
  'totalEstimatedProfitPerUnit',
  'totalEstimatedBulkOrderProfit',
  'amazonNet',
  'netProfitPerUnit',
] as const;

export type ProductComputedField = (typeof PRODUCT_COMPUTED_FIELDS)[number];

/** The server-computed product fields (docs/areas/seller-tools.md#data). Dollars or plain percents (54.27 = 54.27 %). */
export type ProductComputed = Record<ProductComputedField, number>;

/** The numeric inputs after normalisation (blanks to 0, additionalFees to 25). */
export interface NormalizedProductInputs {
  n: number;
  c: number;
  S: number;
  F: number;
  /** The price without VAT: `amazonRetail / (1 + v/100)`. */
  P: number;
  /** The VAT % included in `amazonRetail` (0: none). */
  v: number;
  a: number;
  u: number;
  d: number;
  t: number;
  A: number;
  spend: number;
  sales: number;
  m: number;
}

export function normalizeProductInputs(inputs: ProductInputs): NormalizedProductInputs {
  const num = (x: unknown): number => toFiniteNumber(x, 0);
  const rawA: unknown = inputs.additionalFees;
  const v = Math.max(0, num(inputs.vatRate));
  return {
    n: num(inputs.units),
    c: num(inputs.costPerUnit),
    S: num(inputs.shippingCost),
    F: num(inputs.amazonFees),
    P: priceWithoutVat(num(inputs.amazonRetail), v),
    v,
    // Missing (or not a finite number) counts as the 25 % default.
    a: isMissing(rawA) ? ADDITIONAL_FEES_DEFAULT : toFiniteNumber(rawA, ADDITIONAL_FEES_DEFAULT),
    u: num(inputs.promotionUnitsPerDay),
    d: num(inputs.promotionPercentage),
    t: num(inputs.promotionDays),
    A: num(inputs.dailyAdvertisingCost),
    spend: num(inputs.spend),
    sales: num(inputs.sales),
    m: num(inputs.projectedUnits),
  };
}

/**
 * The formula table of docs/areas/seller-tools.md#formulas with NO rounding (for tests and for callers that
 * need to combine outputs). Values may be non-finite for absurd inputs (overflow);
 * `computeProduct` guards that.
 */
export function computeProductUnrounded(inputs: ProductInputs): ProductComputed {
  const { n, c, S, F, P, a, u, d, t, A, spend, sales, m } = normalizeProductInputs(inputs);

  const addlPerUnit = (P * a) / 100;
  const promoUnits = u * t;

  const totalManufacturingShippingCustomsCost = n * c + S;
  const totalCostPerUnit = n > 0 ? totalManufacturingShippingCustomsCost / n : 0;
  const amazonNet = P - F;
  const netProfitPerUnit = amazonNet - totalCostPerUnit;
  const totalAmazonFees = F * n;
  const totalAdditionalFees = addlPerUnit * n;
  const totalEstimatedProfitPerUnit = netProfitPerUnit - addlPerUnit;
  const totalEstimatedBulkOrderProfit = totalEstimatedProfitPerUnit * n;
  const profitMargin = P > 0 ? (totalEstimatedProfitPerUnit / P) * 100 : 0;
  const ACOSBreakEven = P > 0 ? (netProfitPerUnit / P) * 100 : 0;
  const campaignACOS = sales > 0 ? (spend / sales) * 100 : 0;
  const promotionRevenue = promoUnits * P * (1 - d / 100);
  const promotionCost = promoUnits * (totalCostPerUnit + F) - promotionRevenue;
  const totalCost = promotionCost + A * t;
  const monthlyGross = m * P;
  const monthlyProfit = m * totalEstimatedProfitPerUnit;
  const potentialProfit = monthlyProfit * 12;

  return {
    ACOSBreakEven,
    campaignACOS,
    monthlyGross,
    monthlyProfit,
    potentialProfit,
    profitMargin,
    promotionCost,
    promotionRevenue,
    totalCost,
    totalManufacturingShippingCustomsCost,
    totalCostPerUnit,
    totalAmazonFees,
    totalAdditionalFees,
    totalEstimatedProfitPerUnit,
    totalEstimatedBulkOrderProfit,
    amazonNet,
    netProfitPerUnit,
  };
}

/**
 * Computes every server-computed product field (docs/areas/seller-tools.md#data) from the inputs,
 * rounded to 2 decimals at the end. Never returns NaN or Infinity: an output
 * that overflows (absurd inputs such as 1e308) is 0.
 */
export function computeProduct(inputs: ProductInputs): ProductComputed {
  const raw = computeProductUnrounded(inputs);
  const out = {} as ProductComputed;
  for (const key of PRODUCT_COMPUTED_FIELDS) out[key] = round2(raw[key]);
  return out;
}
