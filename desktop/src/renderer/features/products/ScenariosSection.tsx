import { useState } from 'react';
import { allFigures, applyScenario, figureDifferences, sensitivity, type AllFigureField } from '@shared/calc';
import { PRODUCT_LIMITS } from '@shared/schemas/products';
import type { Product, ProductScenario } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { useCurrency } from './currency';
import { FIGURE_ROWS, formatDifference, formatFigure, higherIsBetter } from './figures';
import { inputsOf } from './form';
import { ScenarioDialog } from './ScenarioDialog';
import { effectiveInput, formatInput, SCENARIO_FIELDS } from './scenarioFields';
import { SensitivityStrip } from './SensitivityStrip';
import { useGetScenariosQuery } from './productsApi';

type Editing = { scenario: ProductScenario | null } | null;

function DiffCell({ field, value }: { field: AllFigureField; value: number | null }) {
  const good = value !== null && value !== 0 && value > 0 === higherIsBetter(field);
  const bad = value !== null && value !== 0 && !good;
  const currency = useCurrency();
  return (
    <span
      className={cn('block text-xs', good && 'text-green-700', bad && 'text-red-600', !good && !bad && 'text-gray-600')}
    >
      {formatDifference(field, value, currency)}
    </span>
  );
}

/**
 * Up to five named scenarios of a product side by side with the base: the inputs each changes,
 * every figure and its difference to the base; then the sensitivity strip of the base product.
 */
export function ScenariosSection({ product }: { product: Product }) {
  const { data: scenarios = [], error, isLoading, refetch } = useGetScenariosQuery(product.id);
  const [editing, setEditing] = useState<Editing>(null);
  const baseInputs = inputsOf(product);
  const base = allFigures(baseInputs);
  const columns = scenarios.map((s) => {
    const figures = allFigures(applyScenario(baseInputs, s.changes));
    return { scenario: s, figures, diff: figureDifferences(base, figures) };
  });
  const full = scenarios.length >= PRODUCT_LIMITS.scenariosPerProduct;

  return (
    <section aria-labelledby="scenarios-title" className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="scenarios-title" className="text-sm font-semibold text-gray-900">
          Scenarios
        </h3>
        <Button
          size="sm"
          variant="secondary"
          disabled={full || isLoading}
          onClick={() => setEditing({ scenario: null })}
        >
          Add scenario
        </Button>
      </div>
      {full && (
        <p className="text-xs text-gray-500">
          A product can have up to {PRODUCT_LIMITS.scenariosPerProduct} scenarios.
        </p>
      )}
      {error && <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>}
      {!isLoading && !error && scenarios.length === 0 && (
        <p className="text-sm text-gray-500">
          What if the price rose or the landed cost fell? Add a scenario to compare it with this product.
        </p>
      )}
      {columns.length > 0 && (
        <div className="overflow-x-auto">
          <table className="min-w-full text-sm" aria-label={`Scenarios of ${product.title}`}>
            <thead>
              <tr className="border-b border-gray-200 text-left">
                <th scope="col" className="py-2 pr-3 font-medium text-gray-500">
                  Figure
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold text-gray-900">
                  Base
                </th>
                {columns.map(({ scenario }) => (
                  <th key={scenario.id} scope="col" className="px-3 py-2 text-right font-semibold text-gray-900">
                    <span className="block">{scenario.name}</span>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="mt-1"
                      onClick={() => setEditing({ scenario })}
                      aria-label={`Edit scenario ${scenario.name}`}
                    >
                      Edit
                    </Button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SCENARIO_FIELDS.map((f) => (
                <tr key={f.key} className="text-gray-600">
                  <th scope="row" className="py-1 pr-3 text-left font-normal">
                    {f.label}
                  </th>
                  <td className="px-3 py-1 text-right tabular-nums">
                    {formatInput(f, product[f.key], product.currency)}
                  </td>
                  {columns.map(({ scenario }) => {
                    const changed = scenario.changes[f.key] !== null && scenario.changes[f.key] !== undefined;
                    return (
                      <td
                        key={scenario.id}
                        className={cn('px-3 py-1 text-right tabular-nums', changed && 'font-semibold text-brand-700')}
                      >
                        {formatInput(f, effectiveInput(product, scenario.changes, f.key), product.currency)}
                      </td>
                    );
                  })}
                </tr>
              ))}
              {FIGURE_ROWS.map((row, i) => (
                <tr key={row.field} className={cn(i === 0 && 'border-t border-gray-200')}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium text-gray-700">
                    {row.label}
                  </th>
                  <td
                    className="px-3 py-1.5 text-right font-semibold tabular-nums text-gray-900"
                    data-figure={row.field}
                  >
                    {formatFigure(row.field, base[row.field], product.currency)}
                  </td>
                  {columns.map(({ scenario, figures, diff }) => (
                    <td key={scenario.id} className="px-3 py-1.5 text-right tabular-nums" data-figure={row.field}>
                      <span className="block font-semibold text-gray-900">
                        {formatFigure(row.field, figures[row.field], product.currency)}
                      </span>
                      <DiffCell field={row.field} value={diff[row.field]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="border-t border-gray-200 pt-3">
        <SensitivityStrip sensitivity={sensitivity(baseInputs)} />
      </div>
      {editing && (
        <ScenarioDialog
          key={editing.scenario?.id ?? 'new'}
          product={product}
          scenario={editing.scenario}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
