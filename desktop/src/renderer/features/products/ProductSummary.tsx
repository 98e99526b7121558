import { Link, useParams } from 'react-router-dom';
import { allFigures, applyScenario, PPC_DEFAULTS, ppcTargets, sensitivity, type AllFigureField } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import type { Product, ProductScenario } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button, buttonClasses } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { useAppDispatch } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { isDesktop, printOrSavePdf } from '../../platform/files';
import { CurrencyProvider } from './currency';
import { FIGURE_ROWS, formatFigure, NEXT_FIGURES } from './figures';
import { inputsOf } from './form';
import { formatMoney, formatPercent, METRICS } from './metrics';
import { productsExportFailed, useGetProductsQuery, useGetScenariosQuery } from './productsApi';
import { formatInput, SCENARIO_FIELDS } from './scenarioFields';
import { SensitivityStrip } from './SensitivityStrip';
import { readableDate } from './PlanningPanels';
import { usePageTitle } from '../shell/pageTitles';

/** The figures a scenario column shows on the one page (all of them are in the CSV). */
const SCENARIO_ROWS: AllFigureField[] = [
  'totalCostPerUnit',
  'totalEstimatedProfitPerUnit',
  'profitMargin',
  'ACOSBreakEven',
  'monthlyProfit',
  'roiPerUnit',
  'paybackUnits',
  'cashNeeded',
];
const labelOf = (field: AllFigureField) => FIGURE_ROWS.find((r) => r.field === field)?.label ?? field;

function Figures({ product }: { product: Product }) {
  const figures = allFigures(inputsOf(product));
  const groups = [...(Object.keys(METRICS) as Array<keyof typeof METRICS>)];
  return (
    <div className="grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
      {groups.map((group) => (
        <section key={group} aria-label={group}>
          <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">{group}</h3>
          <dl className="text-sm">
            {METRICS[group].map((m) => (
              <div key={m.field} className="flex justify-between gap-3 border-b border-gray-100 py-0.5">
                <dt className="text-gray-600">{m.label}</dt>
                <dd className="font-semibold tabular-nums">
                  {formatFigure(m.field, figures[m.field], product.currency)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <FeesAndAds product={product} />
      <ReorderPlanSection product={product} />
      <section aria-label="Return and cash" className="sm:col-span-2">
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">Return and cash</h3>
        <dl className="grid grid-cols-1 gap-x-8 text-sm sm:grid-cols-2">
          {NEXT_FIGURES.map((f) => (
            <div key={f.field} className="flex justify-between gap-3 border-b border-gray-100 py-0.5">
              <dt className="text-gray-600">{f.label}</dt>
              <dd className="font-semibold tabular-nums" data-metric={f.field}>
                {formatFigure(f.field, figures[f.field], product.currency)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/** Label and value pairs in two columns (one on phones), as the summary's sections print them. */
function LabelledRows({ rows }: { rows: ReadonlyArray<[string, string]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-gray-100 py-0.5">
          <dt className="text-gray-600">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The fee breakdown (marked when estimated) and the ad targets at the planner's start values. */
function FeesAndAds({ product }: { product: Product }) {
  const ppc = ppcTargets(inputsOf(product), PPC_DEFAULTS.targetMargin, PPC_DEFAULTS.conversionRate);
  const fee = (v: number | null) => (v === null ? '—' : formatMoney(v, product.currency));
  const rows: Array<[string, string]> = [
    ['Marketplace', `${product.marketplace} (${product.currency})`],
    ...(product.vatRate > 0
      ? ([
          [`Retail price without ${product.vatRate}% VAT`, formatMoney(product.amazonRetailExVat, product.currency)],
        ] as Array<[string, string]>)
      : []),
    [`FBA fee${product.feesEstimated ? ' (estimated)' : ''}`, fee(product.fbaFee)],
    [`Referral fee${product.feesEstimated ? ' (estimated)' : ''}`, fee(product.referralFee)],
    [`Storage a month${product.feesEstimated ? ' (estimated)' : ''}`, fee(product.storageFee)],
    ['Break-even ACoS', formatPercent(ppc.breakEvenAcos)],
    [`Target ACoS (${PPC_DEFAULTS.targetMargin}% margin)`, formatPercent(ppc.targetAcos)],
    [`Max CPC (${PPC_DEFAULTS.conversionRate}% conversion)`, formatMoney(ppc.maxCpc, product.currency)],
  ];
  return (
    <section aria-label="Fees and ad targets" className="sm:col-span-2">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">Fees and ad targets</h3>
      <LabelledRows rows={rows} />
    </section>
  );
}

/** The reorder planner's kept inputs and plan, dated from the day it was made (none before a plan). */
function ReorderPlanSection({ product }: { product: Product }) {
  if (!product.reorder) return null;
  const { inputs, plan } = product.reorder;
  const units = (n: number) => `${n.toLocaleString('en-US')} units`;
  const rows: Array<[string, string]> = [
    ['Planned on', readableDate(inputs.plannedOn)],
    ['Units on hand', units(inputs.onHand)],
    ['Sold a day', inputs.dailySales.toLocaleString('en-US')],
    ['Lead time', `${inputs.leadTimeDays} days`],
    ['Cover', `${inputs.coverDays} days`],
    ['Safety stock', `${inputs.safetyDays} days`],
    ['Reorder point', units(plan.reorderPoint)],
    ['Reorder on', plan.reorderOn ? readableDate(plan.reorderOn) : '—'],
    ['Quantity', units(plan.quantity)],
    ['Stock runs out', plan.stockoutOn ? readableDate(plan.stockoutOn) : '—'],
  ];
  return (
    <section aria-label="Reorder plan" className="sm:col-span-2">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase">Reorder plan</h3>
      {plan.message && <p className="mb-1 text-sm text-gray-700">{plan.message}</p>}
      <LabelledRows rows={rows} />
    </section>
  );
}

function Scenarios({ product, scenarios }: { product: Product; scenarios: ProductScenario[] }) {
  if (scenarios.length === 0) return null;
  const base = inputsOf(product);
  const columns = [
    { name: 'Base', figures: allFigures(base) },
    ...scenarios.map((s) => ({ name: s.name, figures: allFigures(applyScenario(base, s.changes)) })),
  ];
  return (
    <table className="w-full text-sm" aria-label="Scenarios">
      <caption className="mb-1 text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
        Scenarios
      </caption>
      <thead>
        <tr className="border-b border-gray-200">
          <td />
          {columns.map((c) => (
            <th key={c.name} scope="col" className="px-2 py-1 text-right font-semibold">
              {c.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SCENARIO_FIELDS.filter((f) => scenarios.some((s) => s.changes[f.key] != null)).map((f) => (
          <tr key={f.key} className="text-gray-600">
            <th scope="row" className="py-0.5 pr-2 text-left font-normal">
              {f.label}
            </th>
            <td className="px-2 text-right tabular-nums">{formatInput(f, product[f.key], product.currency)}</td>
            {scenarios.map((s) => (
              <td key={s.id} className="px-2 text-right tabular-nums">
                {formatInput(f, s.changes[f.key] ?? product[f.key], product.currency)}
              </td>
            ))}
          </tr>
        ))}
        {SCENARIO_ROWS.map((field) => (
          <tr key={field} className="border-t border-gray-100">
            <th scope="row" className="py-0.5 pr-2 text-left font-medium text-gray-700">
              {labelOf(field)}
            </th>
            {columns.map((c) => (
              <td key={c.name} className="px-2 text-right font-semibold tabular-nums">
                {formatFigure(field, c.figures[field], product.currency)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /profit-calculator/:id/summary: one product on one printable page (inputs, every figure,
 * scenarios, sensitivity). "Save as PDF" on the desktop (native Save dialog, printToPDF), "Print"
 * on the web (the print dialog; the print stylesheet prints the summary alone).
 */
export function ProductSummary() {
  const id = Number(useParams().id);
  const dispatch = useAppDispatch();
  const { data: products, isLoading, error } = useGetProductsQuery();
  const product = products?.find((p) => p.id === id);
  const { data: scenarios = [], isLoading: loadingScenarios } = useGetScenariosQuery(id, { skip: !product });
  // The title names the product: the desktop app's Save as PDF offers it as the file name.
  usePageTitle(product ? `${product.title} summary` : null);

  const save = async () => {
    try {
      await printOrSavePdf(`${product?.title ?? 'product'} summary.pdf`);
    } catch (err) {
      dispatch(productsExportFailed({ message: err instanceof Error ? err.message : 'The PDF could not be saved.' }));
    }
  };

  let body;
  if (isLoading || loadingScenarios) body = <Loading label="Loading the summary…" />;
  else if (error) body = <Banner kind="error">{toApiError(error).message}</Banner>;
  else if (!product) body = <Banner kind="error">{MESSAGES.productNotFound}</Banner>;
  else
    body = (
      <article data-print-area className="flex flex-col gap-5 rounded-xl bg-white p-4 shadow-sm sm:p-8">
        <header className="border-b border-gray-200 pb-3">
          <p className="text-xs uppercase tracking-wide text-gray-500">Power Profit Tool · product summary</p>
          <h1 className="text-2xl font-semibold text-gray-900">{product.title}</h1>
          {product.description && <p className="text-sm text-gray-600">{product.description}</p>}
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-600">
            {SCENARIO_FIELDS.map((f) => (
              <div key={f.key} className="flex gap-1">
                <dt>{f.label}:</dt>
                <dd className="font-medium text-gray-900">{formatInput(f, product[f.key], product.currency)}</dd>
              </div>
            ))}
          </dl>
        </header>
        <Figures product={product} />
        <Scenarios product={product} scenarios={scenarios} />
        <CurrencyProvider value={product.currency}>
          <SensitivityStrip sensitivity={sensitivity(inputsOf(product))} />
        </CurrencyProvider>
        <footer className="border-t border-gray-200 pt-2 text-xs text-gray-500">
          {MESSAGES.earningsDisclaimer} Printed {new Date().toLocaleDateString('en-US')}.
        </footer>
      </article>
    );

  return (
    <div className="min-h-full bg-gray-100 px-4 py-6">
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
          <Link to={`/profit-calculator?product=${id}`} className={buttonClasses('ghost', 'sm')}>
            ← Back to the product
          </Link>
          {product && (
            <Button onClick={() => void save()}>{isDesktop() ? 'Save as PDF' : 'Print or save as PDF'}</Button>
          )}
        </div>
        {body}
      </div>
    </div>
  );
}
