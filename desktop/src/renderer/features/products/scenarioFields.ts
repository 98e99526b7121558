import { SCENARIO_CHANGE_KEYS, type Currency, type ScenarioChangeKey, type ScenarioChanges } from '@shared/calc';
import type { Product } from '@shared/types';
import { formatMoney, formatPercent } from './metrics';

export interface ScenarioFieldDef {
  key: ScenarioChangeKey;
  label: string;
  prefix?: '$';
  suffix?: '%';
}

/** What a scenario may change: price, costs, fees, ads and units (docs/areas/seller-tools.md#scenarios-and-sensitivity), in this order. */
export const SCENARIO_FIELDS: readonly ScenarioFieldDef[] = [
  { key: 'amazonRetail', label: 'Amazon retail price', prefix: '$' },
  { key: 'costPerUnit', label: 'Cost per unit', prefix: '$' },
  { key: 'shippingCost', label: 'Shipping (whole order)', prefix: '$' },
  { key: 'amazonFees', label: 'Amazon fees per unit', prefix: '$' },
  { key: 'additionalFees', label: 'Additional fees', suffix: '%' },
  { key: 'dailyAdvertisingCost', label: 'Daily advertising cost', prefix: '$' },
  { key: 'spend', label: 'Ad spend', prefix: '$' },
  { key: 'sales', label: 'Ad sales', prefix: '$' },
  { key: 'units', label: 'Units' },
  { key: 'projectedUnits', label: 'Projected units per month' },
];

/** An input as shown: money, percent or a count; "—" when blank. */
export function formatInput(
  field: ScenarioFieldDef,
  value: number | null | undefined,
  currency: Currency = 'USD',
): string {
  if (value === null || value === undefined) return '—';
  if (field.prefix) return formatMoney(value, currency);
  if (field.suffix) return formatPercent(value);
  return value.toLocaleString('en-US');
}

/** The value a scenario uses for one input: its change, else the product's. */
export function effectiveInput(product: Product, changes: ScenarioChanges, key: ScenarioChangeKey): number | null {
  const v = changes[key];
  return v === null || v === undefined ? product[key] : v;
}

/** The form's strings for a scenario's changes ('' = as the product). */
export function changeStrings(changes: ScenarioChanges): Record<ScenarioChangeKey, string> {
  const out = {} as Record<ScenarioChangeKey, string>;
  for (const key of SCENARIO_CHANGE_KEYS) {
    const v = changes[key];
    out[key] = v === null || v === undefined ? '' : String(v);
  }
  return out;
}
