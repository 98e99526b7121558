import { useId } from 'react';
import type { Product } from '@shared/types';
import { useCurrency } from './currency';
import { formatMoney, formatPercent } from './metrics';
import { formatInput, SCENARIO_FIELDS } from './scenarioFields';

/** The promotion's inputs, which scenarios do not change but the figures use. */
const PROMOTION_INPUTS = [
  { key: 'promotionUnitsPerDay', label: 'Promotion units per day', format: (v: number) => v.toLocaleString('en-US') },
  { key: 'promotionPercentage', label: 'Promotion discount', format: (v: number) => formatPercent(v) },
  { key: 'promotionDays', label: 'Promotion days', format: (v: number) => v.toLocaleString('en-US') },
] as const;

/**
 * What the product's figures are computed from, as the member entered it: price, costs, fees, ads,
 * units and the promotion (docs/areas/seller-tools.md). Edit changes them.
 */
export function InputsPanel({ product }: { product: Product }) {
  const id = useId();
  const currency = useCurrency();
  const rows: Array<{ key: string; label: string; text: string }> = [
    ...SCENARIO_FIELDS.map((f) => ({
      key: f.key,
      label: f.label,
      text:
        f.key === 'additionalFees' && product.typeAdditionalFees === 'dollar'
          ? `${formatPercent(product.additionalFees)} (${formatMoney((product.amazonRetail * product.additionalFees) / 100, currency)} per unit)`
          : formatInput(f, product[f.key], currency),
    })),
    ...PROMOTION_INPUTS.map((f) => {
      const v = product[f.key];
      return { key: f.key, label: f.label, text: v === null || v === undefined ? '—' : f.format(v) };
    }),
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 px-4 py-3">
      <h3 id={`${id}-title`} className="mb-2 text-sm font-semibold text-gray-900">
        What you entered
      </h3>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((r) => (
          <div key={r.key} className="flex items-baseline justify-between gap-3 text-sm">
            <dt className="text-gray-600">{r.label}</dt>
            <dd className="font-semibold tabular-nums text-gray-900" data-input={r.key}>
              {r.text}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
