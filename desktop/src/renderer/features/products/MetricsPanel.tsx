import type { ProductComputed } from '@shared/calc';
import { cn } from '../../lib/cn';
import { InfoTip } from './InfoTip';
import { useCurrency } from './currency';
import { formatMetric, type MetricDef } from './metrics';

/** A labelled list of computed figures; negative figures in red. */
export function MetricsPanel({
  metrics,
  values,
  title,
  className,
  columns = 2,
}: {
  metrics: readonly MetricDef[];
  values: ProductComputed;
  title?: string;
  className?: string;
  /** Two columns from the small breakpoint, or always one (for narrow panels). */
  columns?: 1 | 2;
}) {
  const currency = useCurrency();
  return (
    <div className={cn('rounded-lg bg-gray-50 px-4 py-3', className)}>
      {title && <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-gray-500">{title}</h4>}
      <dl className={cn('grid grid-cols-1 gap-x-6 gap-y-2', columns === 2 && 'sm:grid-cols-2')}>
        {metrics.map((m) => {
          const value = values[m.field];
          return (
            <div key={m.field} className="flex items-baseline justify-between gap-3 text-sm">
              <dt className="flex items-center gap-1.5 text-gray-600">
                {m.label}
                {m.tip && <InfoTip text={m.tip} label={`About ${m.label.toLowerCase()}`} />}
              </dt>
              <dd
                className={cn('font-semibold tabular-nums', value < 0 ? 'text-red-600' : 'text-gray-900')}
                data-metric={m.field}
              >
                {formatMetric(m.kind, value, currency)}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
