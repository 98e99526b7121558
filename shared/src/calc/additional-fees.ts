/**
 * Additional fees per unit (docs/areas/seller-tools.md#additional-fees; docs/areas/seller-tools.md#validation, docs/areas/seller-tools.md#limits).
 *
 * The stored value `a` is always a percentage of the retail price P, in [0, 50].
 * Users may enter it as a percentage or as dollars per unit; dollars are converted
 * to a percentage (2 decimals, 49.99 or more becomes 50) before saving.
 */
import type { Role } from '../limits';
import { isMissing, round2, toFiniteNumber } from './round';

export const ADDITIONAL_FEES_TYPES = ['percentage', 'dollar'] as const;
export type AdditionalFeesType = (typeof ADDITIONAL_FEES_TYPES)[number];

/** Default (and suggested minimum) additional fees, % of retail. */
export const ADDITIONAL_FEES_DEFAULT = 25;
export const ADDITIONAL_FEES_MIN_PERCENT = 0;
export const ADDITIONAL_FEES_MAX_PERCENT = 50;
/** A converted percentage at or above this snaps to the 50 % maximum. */
export const ADDITIONAL_FEES_SNAP_FROM = 49.99;

export interface AdditionalFeesChange {
  /** The editing user's role; 'basic' cannot change additional fees. */
  role: Role;
  type: AdditionalFeesType;
  /** What the user entered: a percentage or dollars per unit, depending on `type`. */
  value: number | string | null | undefined;
  /** P, the product's retail price (needed for dollar input). */
  retailPrice: number | string | null | undefined;
  /** The currently stored percentage; null/undefined for a new product (gives 25). */
  previous?: number | string | null | undefined;
}

/** The dollar cap for additional fees: half the retail price (0 when P <= 0). */
export function maxDollars(retailPrice: number): number {
  const P = toFiniteNumber(retailPrice);
  return P > 0 ? P / 2 : 0;
}

/**
 * The dollar cap for a 'Maximum value is $' message, rounded DOWN to cents so the
 * shown limit is itself accepted (P = 27.99 gives 13.99, not 14.00 which is > P/2).
 */
export function maxDollarsForDisplay(retailPrice: number): number {
  return Math.floor(maxDollars(retailPrice) * 100 + 1e-7) / 100;
}

/** Display toggle: the dollars per unit of `a` % of P, rounded to cents. */
export function percentToDollars(percent: number, retailPrice: number): number {
  return round2((toFiniteNumber(retailPrice) * toFiniteNumber(percent)) / 100);
}

/**
 * The saving conversion: `round2(v / P * 100)`, and 49.99 or more becomes 50.
 * P <= 0 gives 0 (no conversion possible). Does not range-check `v`: callers validate
 * with `isAdditionalFeesInputAccepted` (applyAdditionalFees does).
 */
export function dollarsToPercent(dollars: number, retailPrice: number): number {
  const P = toFiniteNumber(retailPrice);
  if (P <= 0) return 0;
  const a = round2((toFiniteNumber(dollars) / P) * 100);
  return a >= ADDITIONAL_FEES_SNAP_FROM ? ADDITIONAL_FEES_MAX_PERCENT : a;
}

/**
 * Whether an entered value is in range: a percentage in [0, 50], or dollars in [0, P/2]
 * with P > 0. Non-numeric or blank input is never accepted.
 */
export function isAdditionalFeesInputAccepted(
  type: AdditionalFeesType,
  value: number | string | null | undefined,
  retailPrice: number | string | null | undefined,
): boolean {
  if (isMissing(value)) return false;
  const v = toFiniteNumber(value, Number.NaN);
  if (Number.isNaN(v) || v < 0) return false;
  if (type === 'percentage') return v <= ADDITIONAL_FEES_MAX_PERCENT;
  if (type !== 'dollar') return false;
  const P = toFiniteNumber(retailPrice);
  return P > 0 && v <= P / 2;
}

/**
 * The percentage to store after a user edits additional fees (docs/areas/seller-tools.md#additional-fees):
 * - basic role: the input is ignored and the previous value kept (new product: 25);
 * - percentage: accepted when 0 <= v <= 50, else the previous value is kept;
 * - dollar: accepted when P > 0 and 0 <= v <= P/2, else the previous value is kept;
 *   an accepted value becomes `dollarsToPercent(v, P)`.
 * An accepted percentage is stored as entered (not rounded); a missing or non-numeric
 * previous value counts as the default 25.
 */
export function applyAdditionalFees(change: AdditionalFeesChange): number {
  const previous = isMissing(change.previous)
    ? ADDITIONAL_FEES_DEFAULT
    : toFiniteNumber(change.previous, ADDITIONAL_FEES_DEFAULT);
  if (change.role === 'basic') return previous;
  if (!isAdditionalFeesInputAccepted(change.type, change.value, change.retailPrice)) return previous;
  const v = toFiniteNumber(change.value);
  if (change.type === 'percentage') return v;
  return dollarsToPercent(v, toFiniteNumber(change.retailPrice));
}
