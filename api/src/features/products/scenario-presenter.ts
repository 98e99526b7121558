import { SCENARIO_CHANGE_KEYS, type ScenarioChangeKey, type ScenarioChanges } from '@shared/calc';
import type { ProductScenario } from '@shared/types';
import { iso } from '../../core/dates';

/** A product_scenarios row (numeric columns arrive as strings). */
export interface ScenarioRow {
  id: number;
  product_id: number;
  name: string;
  position: number;
  amazon_retail: string | number | null;
  cost_per_unit: string | number | null;
  shipping_cost: string | number | null;
  amazon_fees: string | number | null;
  additional_fees: string | number | null;
  daily_advertising_cost: string | number | null;
  spend: string | number | null;
  sales: string | number | null;
  units: number | null;
  projected_units: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Each change's column. */
export const SCENARIO_CHANGE_COLUMNS: Readonly<Record<ScenarioChangeKey, keyof ScenarioRow>> = {
  amazonRetail: 'amazon_retail',
  costPerUnit: 'cost_per_unit',
  shippingCost: 'shipping_cost',
  amazonFees: 'amazon_fees',
  additionalFees: 'additional_fees',
  dailyAdvertisingCost: 'daily_advertising_cost',
  spend: 'spend',
  sales: 'sales',
  units: 'units',
  projectedUnits: 'projected_units',
};

export const SCENARIO_COLUMNS = [
  'id',
  'product_id',
  'name',
  'position',
  ...Object.values(SCENARIO_CHANGE_COLUMNS),
  'created_at',
  'updated_at',
] as const;

/** The changes of a row: a number where the scenario changes the input, null where it keeps it. */
export function scenarioChanges(row: ScenarioRow): ScenarioChanges {
  const out: ScenarioChanges = {};
  for (const key of SCENARIO_CHANGE_KEYS) {
    const v = row[SCENARIO_CHANGE_COLUMNS[key]];
    out[key] = v === null || v === undefined ? null : Number(v);
  }
  return out;
}

/** A scenario as the API sends it (a whitelist of its fields). */
export function presentScenario(row: ScenarioRow): ProductScenario {
  return {
    id: row.id,
    productId: row.product_id,
    name: row.name,
    position: row.position,
    changes: scenarioChanges(row),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
