/**
 * Reverse solve (docs/areas/seller-tools.md#reverse-solve): the Amazon retail price that reaches a target margin, profit per
 * unit or break-even ACoS, and the largest cost per unit that keeps a target margin.
 *
 * Every figure involved is linear in the price P (additional fees stay the same % of P) and in the
 * cost per unit c, so each target has a closed form (docs/areas/seller-tools.md). The closed form is
 * then snapped to whole cents and checked against the forward calculator (`computeProductUnrounded`),
 * stepping a cent at a time where float noise put it on the wrong side, so the answer is exact to
 * the cent by the same code that shows the figures:
 * - a price is the LOWEST whole-cent price whose figure reaches (>=) the target;
 * - a cost per unit is the HIGHEST whole-cent cost whose margin still reaches the target.
 * No price from $0.01 to PRODUCT_LIMITS.moneyMax (or no cost from $0.00) reaching it: not reachable.
 */
import { computeProduct, computeProductUnrounded, normalizeProductInputs, type ProductInputs } from './profit';

export const SOLVE_TARGETS = ['margin', 'profitPerUnit', 'acosBreakEven', 'maxCostPerUnit'] as const;
export type SolveTarget = (typeof SOLVE_TARGETS)[number];

/** The largest price or cost a solve answers (PRODUCT_LIMITS.moneyMax, the largest a member may save). */
export const SOLVE_MAX_DOLLARS = 1_000_000_000;
/** The answer's precision: one cent. */
export const SOLVE_PRECISION = 0.01;

/**
 * The result of a solve: the answer in whole cents, or null with reachable false. `reached` is the
 * figure the product shows once the answer is applied (rounded as the product page shows it), which
 * may lie a little past the target because the answer is a whole cent: $28.45 for a 30 % margin
 * gives 30.01 %. Null when not reachable.
 */
export type SolveAnswer =
  | {
      target: 'margin' | 'profitPerUnit' | 'acosBreakEven';
      value: number;
      amazonRetail: number | null;
      reachable: boolean;
      reached: number | null;
    }
  | { target: 'maxCostPerUnit'; value: number; costPerUnit: number | null; reachable: boolean; reached: number | null };

type Figure = (inputs: ProductInputs) => number;

/** The figure each price target reaches, from the forward calculator (unrounded). */
const FIGURE: Record<Exclude<SolveTarget, 'maxCostPerUnit'>, Figure> = {
  margin: (i) => computeProductUnrounded(i).profitMargin,
  profitPerUnit: (i) => computeProductUnrounded(i).totalEstimatedProfitPerUnit,
  acosBreakEven: (i) => computeProductUnrounded(i).ACOSBreakEven,
};

/** A figure "reaches" a target up to float noise (1e-10 of the target's size). */
function reaches(figure: number, target: number): boolean {
  return figure >= target - 1e-10 * Math.max(1, Math.abs(target));
}

const MAX_CENTS = Math.round(SOLVE_MAX_DOLLARS * 100);
/** How far a closed form may be off in cents before the answer is refused (float noise is far less). */
const MAX_STEPS = 4;

/**
 * Landed cost per unit and the normalised inputs; `vat` turns a closed form's price without VAT
 * into the price the customer pays (docs/areas/seller-tools.md, "Marketplaces").
 */
function landed(inputs: ProductInputs) {
  const x = normalizeProductInputs(inputs);
  const L = x.n > 0 ? (x.n * x.c + x.S) / x.n : 0;
  return { ...x, L, vat: 1 + x.v / 100 };
}

/**
 * The lowest whole-cent price from $0.01 whose figure reaches `target`, starting from the closed
 * form `exact` (the figures are non-decreasing in the price for non-negative costs and fees).
 */
function lowestPrice(inputs: ProductInputs, figure: Figure, target: number, exact: number): number | null {
  if (!Number.isFinite(exact)) return null;
  const at = (cents: number) => figure({ ...inputs, amazonRetail: cents / 100 });
  let cents = Math.max(1, Math.ceil(exact * 100 - 1e-6));
  if (cents > MAX_CENTS) return null;
  for (let i = 0; i < MAX_STEPS && !reaches(at(cents), target); i++) cents++;
  if (cents > MAX_CENTS || !reaches(at(cents), target)) return null;
  for (let i = 0; i < MAX_STEPS && cents > 1 && reaches(at(cents - 1), target); i++) cents--;
  return cents / 100;
}

/** The Amazon retail price that reaches a profit margin of `percent` % (closed form P = (F + L) / (1 − (a + M)/100)). */
export function solvePriceForMargin(inputs: ProductInputs, percent: number): number | null {
  const { F, a, L, vat } = landed(inputs);
  const share = 1 - (a + percent) / 100;
  // share <= 0: the margin can never reach it (at most 100 % − a, approached as the price grows).
  if (!Number.isFinite(percent) || share <= 0) return null;
  return lowestPrice(inputs, FIGURE.margin, percent, ((F + L) / share) * vat);
}

/** The price that reaches an estimated profit of `dollars` per unit (P = (T + F + L) / (1 − a/100)). */
export function solvePriceForProfit(inputs: ProductInputs, dollars: number): number | null {
  const { F, a, L, vat } = landed(inputs);
  const share = 1 - a / 100;
  if (!Number.isFinite(dollars) || share <= 0) return null;
  return lowestPrice(inputs, FIGURE.profitPerUnit, dollars, ((dollars + F + L) / share) * vat);
}

/** The price that reaches a break-even ACoS of `percent` % (P = (F + L) / (1 − B/100); below 100 % only). */
export function solvePriceForAcos(inputs: ProductInputs, percent: number): number | null {
  const { F, L, vat } = landed(inputs);
  const share = 1 - percent / 100;
  if (!Number.isFinite(percent) || share <= 0) return null;
  return lowestPrice(inputs, FIGURE.acosBreakEven, percent, ((F + L) / share) * vat);
}

/**
 * The largest cost per unit (whole cents, $0.00 or more) at which the product still reaches a
 * profit margin of `percent` % at its current price: c = P·(1 − (a + M)/100) − F − S/n.
 */
export function solveMaxCostPerUnit(inputs: ProductInputs, percent: number): number | null {
  const { n, P, F, S, a } = landed(inputs);
  if (!Number.isFinite(percent) || n <= 0 || P <= 0) return null;
  const exact = P * (1 - (a + percent) / 100) - F - S / n;
  if (!Number.isFinite(exact)) return null;
  const margin = (cents: number) => FIGURE.margin({ ...inputs, costPerUnit: cents / 100 });
  let cents = Math.min(MAX_CENTS, Math.floor(exact * 100 + 1e-6));
  if (cents < 0) cents = 0;
  for (let i = 0; i < MAX_STEPS && cents > 0 && !reaches(margin(cents), percent); i++) cents--;
  if (!reaches(margin(cents), percent)) return null;
  for (let i = 0; i < MAX_STEPS && cents < MAX_CENTS && reaches(margin(cents + 1), percent); i++) cents++;
  return cents / 100;
}

/** One solve by target name, in the shape of GET /api/product/{id}/solve. */
export function solve(inputs: ProductInputs, target: SolveTarget, value: number): SolveAnswer {
  if (target === 'maxCostPerUnit') {
    const costPerUnit = solveMaxCostPerUnit(inputs, value);
    const reached = costPerUnit === null ? null : computeProduct({ ...inputs, costPerUnit }).profitMargin;
    return { target, value, costPerUnit, reachable: costPerUnit !== null, reached };
  }
  const price =
    target === 'margin'
      ? solvePriceForMargin(inputs, value)
      : target === 'profitPerUnit'
        ? solvePriceForProfit(inputs, value)
        : solvePriceForAcos(inputs, value);
  const shown = price === null ? null : computeProduct({ ...inputs, amazonRetail: price });
  const reached =
    shown === null
      ? null
      : target === 'margin'
        ? shown.profitMargin
        : target === 'profitPerUnit'
          ? shown.totalEstimatedProfitPerUnit
          : shown.ACOSBreakEven;
  return { target, value, amazonRetail: price, reachable: price !== null, reached };
}
