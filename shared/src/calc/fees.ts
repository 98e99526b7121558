/**
 * Amazon fees from a product's dimensions, weight and price, from a dated rate card
 * (docs/areas/seller-tools.md, "Fees from dimensions"). Pure functions: the API answers
 * GET /api/fees/estimate with them, the product form previews nothing of its own.
 *
 * The size tiers follow Amazon US (in inches and pounds); a card gives the fees of each tier, the
 * dimensional-weight divisor, the storage rates, the referral categories and the VAT rate.
 */
import { round2 } from './round';

export const MARKETPLACES = ['US', 'UK', 'DE', 'CA'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];
export const LENGTH_UNITS = ['in', 'cm'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];
export const WEIGHT_UNITS = ['lb', 'oz', 'kg', 'g'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Each marketplace's currency: what a card of that marketplace must be in. */
export const MARKETPLACE_CURRENCY: Readonly<Record<Marketplace, Currency>> = {
  US: 'USD',
  UK: 'GBP',
  DE: 'EUR',
  CA: 'CAD',
};

/** The VAT % each marketplace's prices include, from the cards in force (0 where none: US, CA). */
export type VatRates = Readonly<Record<Marketplace, number>>;
export const NO_VAT: VatRates = { US: 0, UK: 0, DE: 0, CA: 0 };

/** The size tiers, smallest first; the four extra-large bands are tiers of their own. */
export const FEE_SIZE_TIERS = [
  'small standard',
  'large standard',
  'large bulky',
  'extra-large 0 to 50 lb',
  'extra-large 50 to 70 lb',
  'extra-large 70 to 150 lb',
  'extra-large over 150 lb',
] as const;
export type FeeSizeTier = (typeof FEE_SIZE_TIERS)[number];

/** The limits of the standard and bulky tiers (inches, pounds of unit weight); beyond the last, extra-large. */
export const SIZE_TIER_LIMITS = {
  'small standard': { longest: 15, median: 12, shortest: 0.75, weightLb: 1, lengthGirth: null },
  'large standard': { longest: 18, median: 14, shortest: 8, weightLb: 20, lengthGirth: null },
  'large bulky': { longest: 59, median: 33, shortest: 33, weightLb: 50, lengthGirth: 130 },
} as const;

/** The upper billable weight (lb) of the first three extra-large bands; above the last, "over 150 lb". */
export const EXTRA_LARGE_BANDS: ReadonlyArray<readonly [number, FeeSizeTier]> = [
  [50, 'extra-large 0 to 50 lb'],
  [70, 'extra-large 50 to 70 lb'],
  [150, 'extra-large 70 to 150 lb'],
];

/** Bulky and extra-large items' dimensional weight counts each side as at least this many inches. */
export const DIMENSIONAL_MIN_SIDE_IN = 2;

const CM_PER_IN = 2.54;
const G_PER_LB = 453.59237;
const CUBIC_IN_PER_CUBIC_FT = 1728;

/** Whether a tier's fee uses the greater of unit and dimensional weight (else the unit weight alone). */
export function usesDimensionalWeight(tier: FeeSizeTier): boolean {
  return tier !== 'small standard' && tier !== 'extra-large over 150 lb';
}

export function isStandardSize(tier: FeeSizeTier): boolean {
  return tier === 'small standard' || tier === 'large standard';
}

/** A tier's fulfillment fee: a table of weight bands, then a base fee and a fee per step above it. */
export interface TierFees {
  /** Ascending; a billable weight up to `upToLb` costs `fee`. */
  bands: Array<{ upToLb: number; fee: number }>;
  /** Above the last band (or from 0 without bands): `fee` up to `fromLb`, plus `perStep` per started `stepLb`. */
  above: { fromLb: number; fee: number; stepLb: number; perStep: number } | null;
}

/** A referral category: a percent of the price, by price band (`upTo` null is the rest). */
export interface ReferralCategory {
  key: string;
  name: string;
  /** Ascending by `upTo`; the last has `upTo` null. */
  bands: Array<{ upTo: number | null; percent: number }>;
  /** true: each band's percent applies to the portion of the price in it; false: the band of the whole price applies to all of it. */
  portions: boolean;
  minimumFee: number;
}

/** The numbers of a rate card (the `rates` of a `fee_rate_cards` row). */
export interface FeeRates {
  currency: Currency;
  /** Percent included in the selling price (UK, DE); 0 where prices are without VAT. */
  vatRate: number;
  /** Cubic inches per dimensional pound (139 for Amazon US). */
  dimensionalDivisor: number;
  fulfillment: Record<FeeSizeTier, TierFees>;
  /** Per cubic foot per month. */
  storage: {
    standard: { janSep: number; octDec: number };
    oversize: { janSep: number; octDec: number };
  };
  referral: { defaultCategory: string; categories: ReferralCategory[] };
}

export interface FeeItem {
  length: number;
  width: number;
  height: number;
  unit: LengthUnit;
  weight: number;
  weightUnit: WeightUnit;
  /** The selling price as the customer sees it (VAT included where the card has VAT). */
  price: number;
  /** A referral category key of the card; absent: the card's default. */
  category?: string | null;
}

export interface FeeEstimate {
  sizeTier: FeeSizeTier;
  dimensionalWeightLb: number;
  billableWeightLb: number;
  fulfillmentFee: number;
  referralFee: number;
  storageFeePerUnitMonth: { janSep: number; octDec: number };
  /** The price without VAT, which profit is computed on (the price itself without VAT). */
  priceExVat: number;
  currency: Currency;
}

export function toInches(value: number, unit: LengthUnit): number {
  return unit === 'cm' ? value / CM_PER_IN : value;
}

export function toPounds(value: number, unit: WeightUnit): number {
  switch (unit) {
    case 'oz':
      return value / 16;
    case 'kg':
      return (value * 1000) / G_PER_LB;
    case 'g':
      return value / G_PER_LB;
    default:
      return value;
  }
}

/** The sides sorted longest first, and length + girth (longest + 2 × (median + shortest)). */
export function measure(sidesIn: readonly [number, number, number]) {
  const [longest, median, shortest] = [...sidesIn].sort((a, b) => b - a) as [number, number, number];
  return { longest, median, shortest, lengthGirth: longest + 2 * (median + shortest) };
}

/** Dimensional weight in pounds: L × W × H / divisor, each side at least `minSide` inches. */
export function dimensionalWeightLb(sidesIn: readonly [number, number, number], divisor: number, minSide = 0): number {
  const [a, b, c] = sidesIn.map((s) => Math.max(s, minSide)) as [number, number, number];
  return (a * b * c) / divisor;
}

function fits(
  m: ReturnType<typeof measure>,
  weightLb: number,
  limit: (typeof SIZE_TIER_LIMITS)[keyof typeof SIZE_TIER_LIMITS],
): boolean {
  return (
    m.longest <= limit.longest &&
    m.median <= limit.median &&
    m.shortest <= limit.shortest &&
    weightLb <= limit.weightLb &&
    (limit.lengthGirth === null || m.lengthGirth <= limit.lengthGirth)
  );
}

/**
 * The size tier: the first of small standard, large standard, large bulky whose every limit the
 * item keeps (sides and unit weight; length + girth for large bulky); else extra-large, in the band
 * of its billable weight (the greater of unit and dimensional weight, sides at least 2 in).
 */
export function sizeTier(
  sidesIn: readonly [number, number, number],
  unitWeightLb: number,
  divisor: number,
): FeeSizeTier {
  const m = measure(sidesIn);
  if (fits(m, unitWeightLb, SIZE_TIER_LIMITS['small standard'])) return 'small standard';
  if (fits(m, unitWeightLb, SIZE_TIER_LIMITS['large standard'])) return 'large standard';
  if (fits(m, unitWeightLb, SIZE_TIER_LIMITS['large bulky'])) return 'large bulky';
  const billable = Math.max(unitWeightLb, dimensionalWeightLb(sidesIn, divisor, DIMENSIONAL_MIN_SIDE_IN));
  for (const [upTo, tier] of EXTRA_LARGE_BANDS) if (billable <= upTo) return tier;
  return 'extra-large over 150 lb';
}

/** The fee of a billable weight in a tier's table: the first band it fits, else base + started steps. */
export function tierFee(fees: TierFees, billableLb: number): number {
  for (const band of fees.bands) if (billableLb <= band.upToLb) return band.fee;
  const above = fees.above;
  if (!above) return fees.bands.at(-1)?.fee ?? 0;
  if (billableLb <= above.fromLb) return above.fee;
  // A tolerance of a millionth of a step keeps float noise (3.2500000001) from starting a step.
  const steps = Math.ceil((billableLb - above.fromLb) / above.stepLb - 1e-9);
  return above.fee + steps * above.perStep;
}

/** The referral fee of a price in a category (at least the category's minimum). */
export function referralFee(category: ReferralCategory, price: number): number {
  let fee = 0;
  if (category.portions) {
    let lower = 0;
    for (const band of category.bands) {
      const upper = band.upTo ?? Number.POSITIVE_INFINITY;
      if (price > lower) fee += ((Math.min(price, upper) - lower) * band.percent) / 100;
      lower = upper;
    }
  } else {
    const band = category.bands.find((b) => b.upTo === null || price <= b.upTo) ?? category.bands.at(-1);
    fee = band ? (price * band.percent) / 100 : 0;
  }
  return price > 0 ? Math.max(fee, category.minimumFee) : 0;
}

export function findCategory(rates: FeeRates, key: string | null | undefined): ReferralCategory | undefined {
  const wanted = key && key.trim() !== '' ? key : rates.referral.defaultCategory;
  return rates.referral.categories.find((c) => c.key === wanted);
}

/**
 * Everything the estimate answers. Intermediate values are never rounded; weights are rounded to
 * 2 decimals and fees to the cent, once, at the end. Throws nothing: the caller validates the item
 * and the category (an unknown category is the caller's 400).
 */
export function estimateFees(item: FeeItem, rates: FeeRates): FeeEstimate {
  const sides = [
    toInches(item.length, item.unit),
    toInches(item.width, item.unit),
    toInches(item.height, item.unit),
  ] as const;
  const unitLb = toPounds(item.weight, item.weightUnit);
  const tier = sizeTier(sides, unitLb, rates.dimensionalDivisor);
  const dimLb = dimensionalWeightLb(
    sides,
    rates.dimensionalDivisor,
    isStandardSize(tier) ? 0 : DIMENSIONAL_MIN_SIDE_IN,
  );
  const billable = usesDimensionalWeight(tier) ? Math.max(unitLb, dimLb) : unitLb;
  const category = findCategory(rates, item.category);
  const cubicFeet = (sides[0] * sides[1] * sides[2]) / CUBIC_IN_PER_CUBIC_FT;
  const storage = isStandardSize(tier) ? rates.storage.standard : rates.storage.oversize;
  return {
    sizeTier: tier,
    dimensionalWeightLb: round2(dimLb),
    billableWeightLb: round2(billable),
    fulfillmentFee: round2(tierFee(rates.fulfillment[tier], billable)),
    referralFee: round2(category ? referralFee(category, item.price) : 0),
    storageFeePerUnitMonth: { janSep: round2(cubicFeet * storage.janSep), octDec: round2(cubicFeet * storage.octDec) },
    priceExVat: round2(priceWithoutVat(item.price, rates.vatRate)),
    currency: rates.currency,
  };
}

/** The price without VAT: the price itself when the card has none. */
export function priceWithoutVat(price: number, vatRate: number): number {
  return vatRate > 0 ? price / (1 + vatRate / 100) : price;
}

const CAD_NUMBER = new Intl.NumberFormat('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money in a marketplace's currency, as its sellers read it: $1,234.50, £1,234.50, 1.234,50 € and
 * Canadian dollars as C$1,234.50 (so they never read as US dollars); the sign in front (-£15.00).
 */
export function formatMoney(amount: number, currency: Currency): string {
  if (currency === 'CAD') return `${amount < 0 ? '-' : ''}C$${CAD_NUMBER.format(Math.abs(amount))}`;
  const locale = currency === 'EUR' ? 'de-DE' : currency === 'GBP' ? 'en-GB' : 'en-US';
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}
