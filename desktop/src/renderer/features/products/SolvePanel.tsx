import { useId, useState, type FormEvent } from 'react';
import { ValidationError } from 'yup';
import type { Currency } from '@shared/calc';
import { productSolveQuerySchema } from '@shared/schemas/products';
import type { Product, ProductSolveResponse, SolveTarget } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/FormFields';
import { toApiError } from '../../lib/apiErrors';
import { NumberField } from './NumberField';
import { formatMoney, formatPercent } from './metrics';
import { useLazySolveProductQuery, useUpsertProductMutation } from './productsApi';

const TARGETS: ReadonlyArray<{ value: SolveTarget; label: string; unit: '%' | '$' }> = [
  { value: 'margin', label: 'Price for a profit margin of', unit: '%' },
  { value: 'profitPerUnit', label: 'Price for a profit per unit of', unit: '$' },
  { value: 'acosBreakEven', label: 'Price for a break-even ACoS of', unit: '%' },
  { value: 'maxCostPerUnit', label: 'Highest cost per unit keeping a margin of', unit: '%' },
];

const targetOf = (t: SolveTarget) => TARGETS.find((x) => x.value === t)!;
const shown = (t: SolveTarget, v: number, c: Currency) =>
  targetOf(t).unit === '$' ? formatMoney(v, c) : formatPercent(v);

/** What the answer says, in words. */
function answerText(a: ProductSolveResponse, product: Product): string {
  if (a.target === 'maxCostPerUnit') {
    return a.costPerUnit === null
      ? `No cost per unit keeps a ${shown(a.target, a.value, product.currency)} margin at ${formatMoney(product.amazonRetail, product.currency)}.`
      : `A cost per unit of up to ${formatMoney(a.costPerUnit, product.currency)} keeps a ${shown(a.target, a.value, product.currency)} margin at ${formatMoney(product.amazonRetail, product.currency)}.`;
  }
  const goal =
    a.target === 'margin'
      ? `a ${shown(a.target, a.value, product.currency)} profit margin`
      : a.target === 'profitPerUnit'
        ? `a profit of ${shown(a.target, a.value, product.currency)} per unit`
        : `a ${shown(a.target, a.value, product.currency)} break-even ACoS`;
  if (a.amazonRetail === null) {
    const cap =
      a.target === 'margin'
        ? ` With ${formatPercent(product.additionalFees)} additional fees the margin stays below ${formatPercent(100 - product.additionalFees)}.`
        : a.target === 'acosBreakEven'
          ? ' Break-even ACoS stays below 100 %.'
          : '';
    return `No price reaches ${goal}.${cap}`;
  }
  return `An Amazon retail price of ${formatMoney(a.amazonRetail, product.currency)} reaches ${goal} (to the cent).`;
}

/**
 * 'Solve for': the price that reaches a margin, a profit per unit or a break-even ACoS, or the
 * highest cost per unit that keeps a margin (GET /api/product/{id}/solve); Apply saves the answer.
 */
export function SolvePanel({ product }: { product: Product }) {
  const id = useId();
  const [target, setTarget] = useState<SolveTarget>('margin');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [solve, { data, isFetching, error: solveError }] = useLazySolveProductQuery();
  const [upsert, { isLoading: applying }] = useUpsertProductMutation();
  const answer = data && data.target === target ? data : null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const q = await productSolveQuerySchema.validate({ target, value });
      setError(null);
      await solve({ productId: product.id, target: q.target, value: q.value }).unwrap();
    } catch (err) {
      // A form error shows under the field; the server's error shows in the banner below.
      setError(err instanceof ValidationError ? err.message : null);
    }
  };

  const apply = async () => {
    if (!answer || !answer.reachable) return;
    const change =
      answer.target === 'maxCostPerUnit' ? { costPerUnit: answer.costPerUnit } : { amazonRetail: answer.amazonRetail };
    try {
      await upsert({ product: { id: product.id, ...change } }).unwrap();
      setValue('');
    } catch {
      // The toast listener reports it.
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 p-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-gray-900">
        Solve for
      </h3>
      <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="min-w-64 flex-1">
          <SelectField label="Target" value={target} onChange={(e) => setTarget(e.target.value as SolveTarget)}>
            {TARGETS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectField>
        </div>
        <NumberField
          label="Target value"
          className="w-40"
          prefix={targetOf(target).unit === '$' ? '$' : undefined}
          suffix={targetOf(target).unit === '%' ? '%' : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary" loading={isFetching}>
          Solve
        </Button>
      </form>
      {solveError && !isFetching && (
        <Banner kind="error" className="mt-3">
          {toApiError(solveError).message}
        </Banner>
      )}
      {answer && !isFetching && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-50 px-4 py-3">
          <p className="text-sm text-gray-800" role="status" data-testid="solve-answer">
            {answerText(answer, product)}
          </p>
          {answer.reachable && (
            <Button size="sm" onClick={() => void apply()} loading={applying}>
              {answer.target === 'maxCostPerUnit' ? 'Apply this cost' : 'Apply this price'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
