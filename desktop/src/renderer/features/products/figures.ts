import type { AllFigureField, AllFigures, Currency, ProductFigureField } from '@shared/calc';
import { formatMoney, formatPercent, METRICS, type MetricDef } from './metrics';

/** The four next-question figures (docs/areas/seller-tools.md#the-next-questions-four-more-figures), each with the one line that says what it means. */
export const NEXT_FIGURES: ReadonlyArray<{ field: ProductFigureField; label: string; explain: string }> = [
  {
    field: 'roiPerUnit',
    label: 'ROI per unit',
    explain: 'Estimated profit per unit for every dollar a unit costs you landed, in %.',
  },
  {
    field: 'tacos',
    label: 'TACoS',
    explain: 'A month of ads (daily advertising cost × 30) over the monthly gross: below your margin is healthy.',
  },
  {
    field: 'paybackUnits',
    label: 'Payback units',
    explain: 'Units to sell before the bulk order has paid for itself (price less Amazon and additional fees each).',
  },
  {
    field: 'cashNeeded',
    label: 'Cash needed',
    explain: 'The bulk order (manufacturing, shipping and customs) plus the launch budget (promotion and its ads).',
  },
];

const units = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'unit' : 'units'}`;

/** A figure as shown: dollars, percents, or a unit count ("Never" when a sale brings nothing back). */
export function formatFigure(field: AllFigureField, value: number | null, currency: Currency = 'USD'): string {
  if (field === 'paybackUnits') return value === null ? 'Never' : units(value);
  if (value === null) return '—';
  if (field === 'roiPerUnit' || field === 'tacos') return formatPercent(value);
  return KIND.get(field) === 'percent' ? formatPercent(value) : formatMoney(value, currency);
}

/** A difference to the base: signed, "—" when there is none to give. */
export function formatDifference(field: AllFigureField, value: number | null, currency: Currency = 'USD'): string {
  if (value === null) return '—';
  if (value === 0) return '±0';
  const sign = value > 0 ? '+' : '−';
  const abs = Math.abs(value);
  if (field === 'paybackUnits') return `${sign}${abs.toLocaleString('en-US')}`;
  const text = formatFigure(field, abs, currency);
  return `${sign}${text}`;
}

const KIND = new Map<string, MetricDef['kind']>(
  Object.values(METRICS)
    .flat()
    .map((m) => [m.field, m.kind]),
);

/** Rows of the scenario table: every figure once, in the order of the tabs, then the four above. */
export const FIGURE_ROWS: ReadonlyArray<{ field: AllFigureField; label: string }> = [
  ...uniqueMetrics(),
  ...NEXT_FIGURES.map((f) => ({ field: f.field, label: f.label })),
];

function uniqueMetrics(): Array<{ field: AllFigureField; label: string }> {
  const seen = new Set<string>();
  const out: Array<{ field: AllFigureField; label: string }> = [];
  for (const m of Object.values(METRICS).flat()) {
    if (seen.has(m.field)) continue;
    seen.add(m.field);
    out.push({ field: m.field, label: m.label });
  }
  return out;
}

/** Whether a larger value of the figure is better for the seller (to colour a difference). */
export function higherIsBetter(field: AllFigureField): boolean {
  return ![
    'totalManufacturingShippingCustomsCost',
    'totalCostPerUnit',
    'totalAmazonFees',
    'totalAdditionalFees',
    'promotionCost',
    'totalCost',
    'campaignACOS',
    'tacos',
    'paybackUnits',
    'cashNeeded',
  ].includes(field);
}

export type { AllFigures };
