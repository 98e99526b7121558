import { SCENARIO_CHANGE_KEYS, type ScenarioChangeKey, type ScenarioChanges } from '@shared/calc';
import type { ProductScenario } from '@shared/types';
import type { ModelObject } from 'objection';
import { iso } from '../../core/dates';
import type { ProductScenario as ProductScenarioModel } from '../../models';

/** A product_scenarios row, as its model declares it (numeric columns arrive as strings). */
export type ScenarioRow = ModelObject<ProductScenarioModel>;

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
