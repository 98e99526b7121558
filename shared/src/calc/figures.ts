/**
 * The seller's next questions about a product (docs/areas/seller-tools.md#the-next-questions-four-more-figures): return on the cash per unit, total
 * advertising cost of sales, units to sell before the order has paid for itself, and the cash the
 * order and its launch need. Pure functions over the same inputs as `computeProduct`; the API (CSV
 * export, scenarios) and the UI (product view) both use them. Rounded once, at the end (D2).
 */
import { computeProductUnrounded, normalizeProductInputs, type ProductInputs } from './profit';
import { round2 } from './round';

export const PRODUCT_FIGURE_FIELDS = ['roiPerUnit', 'tacos', 'paybackUnits', 'cashNeeded'] as const;
export type ProductFigureField = (typeof PRODUCT_FIGURE_FIELDS)[number];

export interface ProductFigures {
  /** Estimated profit per unit over total (landed) cost per unit, in % (0 without a cost). */
  roiPerUnit: number;
  /** Advertising per month (daily advertising cost × 30) over monthly gross, in % (0 without gross). */
  tacos: number;
  /**
   * Whole units to sell before the bulk order's cost (n·c + S) is back: each sale brings back the
   * price less Amazon fees and additional fees. null when a sale brings nothing back (never pays back).
   */
  paybackUnits: number | null;
  /** The order's cost (n·c + S) plus the launch budget (promotion cost + ads over the promotion), when positive. */
  cashNeeded: number;
}

/** Days in the month TACoS counts advertising over (daily advertising cost × 30). */
export const TACOS_DAYS_PER_MONTH = 30;

/** Float noise allowed before rounding a unit count up (1e-9 of a unit). */
const UNIT_EPSILON = 1e-9;

/** The four figures without rounding (paybackUnits is already whole, or null). */
export function computeFiguresUnrounded(inputs: ProductInputs): ProductFigures {
  const { P, F, a, A } = normalizeProductInputs(inputs);
  const r = computeProductUnrounded(inputs);
  const landed = r.totalCostPerUnit;
  const roiPerUnit = landed > 0 ? (r.totalEstimatedProfitPerUnit / landed) * 100 : 0;
  const tacos = r.monthlyGross > 0 ? ((A * TACOS_DAYS_PER_MONTH) / r.monthlyGross) * 100 : 0;
  const backPerSale = P - F - (P * a) / 100;
  const orderCost = r.totalManufacturingShippingCustomsCost;
  let paybackUnits: number | null = null;
  if (orderCost <= 0) paybackUnits = 0;
  else if (backPerSale > 0) {
    const units = Math.ceil(orderCost / backPerSale - UNIT_EPSILON);
    paybackUnits = Number.isFinite(units) ? units : null;
  }
  const cashNeeded = orderCost + Math.max(0, r.totalCost);
  return { roiPerUnit, tacos, paybackUnits, cashNeeded };
}

/** The four figures, money and percents rounded to 2 decimals; never NaN or Infinity. */
export function computeFigures(inputs: ProductInputs): ProductFigures {
  const raw = computeFiguresUnrounded(inputs);
  return {
    roiPerUnit: round2(raw.roiPerUnit),
    tacos: round2(raw.tacos),
    paybackUnits: raw.paybackUnits,
    cashNeeded: round2(raw.cashNeeded),
  };
}
