/**
 * Ad targets of a product (docs/areas/seller-tools.md, "Ad targets"): what ACoS a member can
 * afford and the highest bid that keeps it.
 */
import { computeProductUnrounded, normalizeProductInputs, type ProductInputs } from './profit';
import { finite, round2 } from './round';

/** The ad targets' start values in the product view, the CSV export and the printable summary (%). */
export const PPC_DEFAULTS = { targetMargin: 10, conversionRate: 10 } as const;

export interface PpcTargets {
  /** The profit margin before ad spend, % of the price: the product's ACOSBreakEven. */
  breakEvenAcos: number;
  /** breakEvenAcos − targetMargin (%): negative when no ad spend leaves that margin. */
  targetAcos: number;
  /** price × conversion rate × target ACoS: 0 when the target ACoS is not positive. */
  maxCpc: number;
}

/**
 * `targetMargin` and `conversionRate` in percent. Break-even ACoS is the product's profit per unit
 * before ad spend (price − Amazon fees − landed cost) over its price: the figure the product shows
 * as ACOSBreakEven, so both read the same. Rounded once, at the end.
 */
export function ppcTargets(inputs: ProductInputs, targetMargin: number, conversionRate: number): PpcTargets {
  const { P } = normalizeProductInputs(inputs);
  const breakEven = finite(computeProductUnrounded(inputs).ACOSBreakEven);
  const target = breakEven - targetMargin;
  const maxCpc = target > 0 ? (P * (conversionRate / 100) * target) / 100 : 0;
  return { breakEvenAcos: round2(breakEven), targetAcos: round2(target), maxCpc: round2(finite(maxCpc)) };
}
