import type { ProductFigures } from '@shared/calc';
import { cn } from '../../lib/cn';
import { useCurrency } from './currency';
import { formatFigure, NEXT_FIGURES } from './figures';

/** ROI per unit, TACoS, payback units and cash needed, each with its one-line explanation. */
export function FiguresPanel({ figures, units }: { figures: ProductFigures; units: number }) {
  const currency = useCurrency();
  return (
    <section aria-labelledby="next-figures" className="rounded-lg bg-gray-50 px-4 py-3">
      <h4 id="next-figures" className="mb-2 text-xs font-semibold uppercase tracking-wide text-gray-500">
        Return and cash
      </h4>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {NEXT_FIGURES.map((f) => {
          const value = figures[f.field];
          const bad = value === null || value < 0 || (f.field === 'paybackUnits' && value > units);
          return (
            <div key={f.field} className="text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <dt className="text-gray-600">{f.label}</dt>
                <dd
                  className={cn('font-semibold tabular-nums', bad ? 'text-red-600' : 'text-gray-900')}
                  data-metric={f.field}
                >
                  {formatFigure(f.field, value, currency)}
                </dd>
              </div>
              <p className="mt-0.5 text-xs text-gray-500">
                {f.explain}
                {f.field === 'paybackUnits' && value !== null && value > units && ' More than the order holds.'}
              </p>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
