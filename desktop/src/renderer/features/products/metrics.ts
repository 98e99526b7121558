import { formatMoney as formatCurrency, type Currency, type ProductComputedField } from '@shared/calc';
import { formatPercent as formatSharedPercent } from '@shared/messages';

export type MetricKind = 'money' | 'percent';

export interface MetricDef {
  field: ProductComputedField;
  label: string;
  kind: MetricKind;
  /** Tooltip guidance (docs/areas/seller-tools.md#limits), where it applies. */
  tip?: string;
}

export const TABS = ['Product', 'Promotion', 'Advertising', 'Planning', 'View All'] as const;
export type ProductTab = (typeof TABS)[number];
export type SectionTab = Exclude<ProductTab, 'View All'>;

/** Tooltip guidance (docs/areas/seller-tools.md#limits). */
export const TIPS = {
  promotionPercentage: 'Launch promotions usually give 90–99% off.',
  promotionDays: 'Run a launch promotion for 7–10 days.',
  dailyAdvertisingCost: 'Budget 1–3 times the product’s price per day for ads.',
  profitPerUnit: 'Aim for a profit of around $5 or more per unit.',
  additionalFees: 'A buffer for ads, returns, storage and the unexpected. We suggest at least 25%.',
} as const;

/** The computed fields each tab shows (docs/areas/seller-tools.md#formulas, "tab" column). */
export const METRICS: Record<SectionTab, MetricDef[]> = {
  Product: [
    { field: 'totalManufacturingShippingCustomsCost', label: 'Total manufacturing, shipping & customs', kind: 'money' },
    { field: 'totalCostPerUnit', label: 'Total cost per unit', kind: 'money' },
    { field: 'amazonNet', label: 'Amazon net per unit', kind: 'money' },
    { field: 'netProfitPerUnit', label: 'Net profit per unit', kind: 'money' },
    { field: 'totalAmazonFees', label: 'Total Amazon fees', kind: 'money' },
    { field: 'totalAdditionalFees', label: 'Total additional fees', kind: 'money' },
    {
      field: 'totalEstimatedProfitPerUnit',
      label: 'Estimated profit per unit',
      kind: 'money',
      tip: TIPS.profitPerUnit,
    },
    { field: 'totalEstimatedBulkOrderProfit', label: 'Estimated bulk order profit', kind: 'money' },
    { field: 'profitMargin', label: 'Profit margin', kind: 'percent' },
  ],
  Promotion: [
    { field: 'promotionRevenue', label: 'Promotion revenue', kind: 'money' },
    { field: 'promotionCost', label: 'Promotion cost', kind: 'money' },
    { field: 'totalCost', label: 'Total launch cost (promotion + ads)', kind: 'money' },
  ],
  Advertising: [
    { field: 'amazonNet', label: 'Amazon net per unit', kind: 'money' },
    { field: 'netProfitPerUnit', label: 'Net profit per unit', kind: 'money' },
    { field: 'ACOSBreakEven', label: 'Break-even ACoS', kind: 'percent' },
    { field: 'campaignACOS', label: 'Campaign ACoS', kind: 'percent' },
  ],
  Planning: [
    { field: 'monthlyGross', label: 'Monthly gross', kind: 'money' },
    { field: 'monthlyProfit', label: 'Monthly profit', kind: 'money' },
    { field: 'potentialProfit', label: 'Potential profit per year', kind: 'money' },
  ],
};

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money with 2 decimals (docs/areas/seller-tools.md#limits), the sign in front: -$15.00; in the
 * product's currency (docs/areas/seller-tools.md, "Marketplaces"): £15.00, 15,00 €, C$15.00.
 */
export function formatMoney(value: number, currency: Currency = 'USD'): string {
  if (currency !== 'USD') return formatCurrency(value, currency);
  const abs = moneyFormat.format(Math.abs(value));
  return value < 0 ? `-$${abs}` : `$${abs}`;
}

/** A plain percent with 2 decimals, in the portal's one percent format (formatPercent of shared/src/messages.ts): 54.27%. */
export function formatPercent(value: number): string {
  return formatSharedPercent(value, 2);
}

export function formatMetric(kind: MetricKind, value: number, currency: Currency = 'USD'): string {
  return kind === 'money' ? formatMoney(value, currency) : formatPercent(value);
}
