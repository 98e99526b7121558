import type { Sensitivity, SensitivityPoint } from '@shared/calc';
import { cn } from '../../lib/cn';
import { useCurrency } from './currency';
import { formatMoney } from './metrics';

const stepLabel = (step: number) => (step === 0 ? 'Now' : `${step > 0 ? '+' : '−'}${Math.abs(step)}%`);

function Row({ label, points }: { label: string; points: SensitivityPoint[] }) {
  const currency = useCurrency();
  return (
    <tr>
      <th scope="row" className="whitespace-nowrap py-1.5 pr-3 text-left font-medium text-gray-700">
        {label}
      </th>
      {points.map((p) => (
        <td
          key={p.step}
          className={cn(
            'px-2 py-1.5 text-right tabular-nums',
            p.step === 0 && 'font-semibold',
            p.profitPerUnit < 0 ? 'text-red-600' : 'text-gray-900',
          )}
        >
          {formatMoney(p.profitPerUnit, currency)}
        </td>
      ))}
    </tr>
  );
}

/** Estimated profit per unit when the price or the landed cost moves by -10 % ... +10 %. */
export function SensitivityStrip({ sensitivity }: { sensitivity: Sensitivity }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" aria-label="Sensitivity of the profit per unit">
        <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
          Profit per unit if…
        </caption>
        <thead>
          <tr className="text-xs text-gray-500">
            <td />
            {sensitivity.price.map((p) => (
              <th key={p.step} scope="col" className="px-2 py-1 text-right font-medium">
                {stepLabel(p.step)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <Row label="the price moves" points={sensitivity.price} />
          <Row label="the landed cost moves" points={sensitivity.landedCost} />
        </tbody>
      </table>
    </div>
  );
}
