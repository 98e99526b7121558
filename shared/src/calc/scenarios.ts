/**
 * Scenarios and sensitivity (docs/areas/seller-tools.md#scenarios-and-sensitivity). A scenario is a product's inputs with some of them
 * changed (price, costs, fees, ads, units); every figure is computed by the same calculator and
 * compared with the base product. The sensitivity strip shows the estimated profit per unit when
 * the price or the landed cost moves by -10 % ... +10 %.
 */
import { computeFigures, computeFiguresUnrounded, PRODUCT_FIGURE_FIELDS, type ProductFigures } from './figures';
import {
  computeProduct,
  computeProductUnrounded,
  PRODUCT_COMPUTED_FIELDS,
  type ProductComputed,
  type ProductInputs,
} from './profit';
import { round2, toFiniteNumber } from './round';

/** The inputs a scenario may change; any other input is the base product's. */
export const SCENARIO_CHANGE_KEYS = [
  'amazonRetail',
  'costPerUnit',
  'shippingCost',
  'amazonFees',
  'additionalFees',
  'dailyAdvertisingCost',
  'spend',
  'sales',
  'units',
  'projectedUnits',
] as const;
export type ScenarioChangeKey = (typeof SCENARIO_CHANGE_KEYS)[number];

/** A scenario's changes: a number replaces the base input, null or absent keeps it. */
export type ScenarioChanges = Partial<Record<ScenarioChangeKey, number | null>>;

/** Every figure of a product: the computed fields (docs/areas/seller-tools.md#data) and the four next-question figures (docs/areas/seller-tools.md#the-next-questions-four-more-figures). */
export type AllFigures = ProductComputed & ProductFigures;
export const ALL_FIGURE_FIELDS = [...PRODUCT_COMPUTED_FIELDS, ...PRODUCT_FIGURE_FIELDS] as const;
export type AllFigureField = (typeof ALL_FIGURE_FIELDS)[number];

/** The base inputs with the scenario's changes applied (numeric strings tolerated, as everywhere). */
export function applyScenario(base: ProductInputs, changes: ScenarioChanges): ProductInputs {
  const out: ProductInputs = { ...base };
  for (const key of SCENARIO_CHANGE_KEYS) {
    const v: unknown = changes[key];
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) continue;
    out[key] = toFiniteNumber(v);
  }
  return out;
}

/** Every figure, rounded as shown (2 decimals; payback units whole or null). */
export function allFigures(inputs: ProductInputs): AllFigures {
  return { ...computeProduct(inputs), ...computeFigures(inputs) };
}

/** The figures without rounding (tests, and callers that combine them). */
export function allFiguresUnrounded(inputs: ProductInputs): AllFigures {
  return { ...computeProductUnrounded(inputs), ...computeFiguresUnrounded(inputs) };
}

export type FigureDifferences = Record<AllFigureField, number | null>;

/**
 * Scenario minus base for every figure, from the figures as shown (so the difference is exactly
 * what the member reads off the two columns). Payback units: null when either side never pays back.
 */
export function figureDifferences(base: AllFigures, scenario: AllFigures): FigureDifferences {
  const out = {} as FigureDifferences;
  for (const key of ALL_FIGURE_FIELDS) {
    const b = base[key];
    const s = scenario[key];
    out[key] = b === null || s === null ? null : round2(s - b);
  }
  return out;
}

/** The steps of the sensitivity strip, in % of the price or of the landed cost. */
export const SENSITIVITY_STEPS = [-10, -5, 0, 5, 10] as const;

export interface SensitivityPoint {
  /** The change in %, e.g. -10. */
  step: number;
  /** Estimated profit per unit (2 decimals) at that change. */
  profitPerUnit: number;
}

export interface Sensitivity {
  /** The retail price moved by each step (additional fees stay the same % of the price). */
  price: SensitivityPoint[];
  /** The landed cost moved by each step: cost per unit and shipping both scaled. */
  landedCost: SensitivityPoint[];
}

const scaled = (v: ProductInputs[keyof ProductInputs], step: number) => toFiniteNumber(v) * (1 + step / 100);

/** Estimated profit per unit at price -10 % ... +10 % and landed cost -10 % ... +10 %. */
export function sensitivity(inputs: ProductInputs, steps: readonly number[] = SENSITIVITY_STEPS): Sensitivity {
  const profit = (i: ProductInputs) => computeProduct(i).totalEstimatedProfitPerUnit;
  return {
    price: steps.map((step) => ({
      step,
      profitPerUnit: profit({ ...inputs, amazonRetail: scaled(inputs.amazonRetail, step) }),
    })),
    landedCost: steps.map((step) => ({
      step,
      profitPerUnit: profit({
        ...inputs,
        costPerUnit: scaled(inputs.costPerUnit, step),
        shippingCost: scaled(inputs.shippingCost, step),
      }),
    })),
  };
}
