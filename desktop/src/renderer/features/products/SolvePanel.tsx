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
import { inputsOf } from './form';
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

/** The figure a solve aims at, as the product shows it: "a 30.01% profit margin". */
function figureText(target: SolveTarget, v: number, c: Currency): string {
  if (target === 'profitPerUnit') return `a profit of ${shown(target, v, c)} per unit`;
  if (target === 'acosBreakEven') return `a ${shown(target, v, c)} break-even ACoS`;
  return `a ${shown(target, v, c)} ${target === 'margin' ? 'profit ' : ''}margin`;
}

/**
 * What the answer says, in words: the whole-cent answer and what the product will show once it is
 * applied, which may lie a little past the target ($28.45 for 30 % shows 30.01 %).
 */
function answerText(a: ProductSolveResponse, product: Product): string {
  const c = product.currency;
  if (a.target === 'maxCostPerUnit') {
    return a.costPerUnit === null
      ? `No cost per unit keeps a ${shown(a.target, a.value, c)} margin at ${formatMoney(product.amazonRetail, c)}.`
      : `A cost per unit of up to ${formatMoney(a.costPerUnit, c)} keeps a ${shown(a.target, a.value, c)} margin at ${formatMoney(product.amazonRetail, c)}; the product will show ${figureText('margin', a.reached ?? a.value, c)}.`;
  }
  if (a.amazonRetail === null) {
    const cap =
      a.target === 'margin'
        ? ` With ${formatPercent(product.additionalFees)} additional fees the margin stays below ${formatPercent(100 - product.additionalFees)}.`
        : a.target === 'acosBreakEven'
          ? ' Break-even ACoS stays below 100%.'
          : '';
    return `No price reaches ${figureText(a.target, a.value, c)}.${cap}`;
  }
  return `${formatMoney(a.amazonRetail, c)} is the lowest Amazon retail price, to the cent, reaching ${figureText(a.target, a.value, c)}; the product will show ${figureText(a.target, a.reached ?? a.value, c)}.`;
}

/** What the figures are computed from: a changed product makes an earlier answer stale. */
const inputsKey = (product: Product) => JSON.stringify(inputsOf(product));

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
  // The product's inputs the answer was solved for, and those it had once the answer was applied:
  // an answer for other inputs is stale and offers nothing to apply.
  const [solvedFor, setSolvedFor] = useState<string | null>(null);
  const [appliedAs, setAppliedAs] = useState<string | null>(null);
  const answer = data && data.target === target ? data : null;
  const current = inputsKey(product);
  const state: 'fresh' | 'applied' | 'stale' =
    solvedFor === current ? 'fresh' : appliedAs === current ? 'applied' : 'stale';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const q = await productSolveQuerySchema.validate({ target, value });
      setError(null);
      setSolvedFor(current);
      setAppliedAs(null);
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
      const { product: saved } = await upsert({ product: { id: product.id, ...change } }).unwrap();
      setAppliedAs(inputsKey(saved));
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
            {state === 'fresh'
              ? answerText(answer, product)
              : state === 'applied'
                ? answer.target === 'maxCostPerUnit'
                  ? `Applied: the cost per unit is now ${formatMoney(product.costPerUnit, product.currency)}.`
                  : `Applied: the Amazon retail price is now ${formatMoney(product.amazonRetail, product.currency)}.`
                : 'The product has changed since this answer. Solve again for its new figures.'}
          </p>
          {answer.reachable && state === 'fresh' && (
            <Button size="sm" onClick={() => void apply()} loading={applying}>
              {answer.target === 'maxCostPerUnit' ? 'Apply this cost' : 'Apply this price'}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
