import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { computeFigures } from '@shared/calc';
import { can } from '@shared/policies';
import type { Product } from '@shared/types';
import { Button, buttonClasses } from '../../components/Button';
import { Card } from '../../components/Card';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { AdditionalFeesControl, effectiveFeesPercent, feesEntryFor, type FeesEntry } from './AdditionalFeesControl';
import { FiguresPanel } from './FiguresPanel';
import { InputsPanel } from './InputsPanel';
import { MetricsPanel } from './MetricsPanel';
import { PpcPanel, ReorderPanel } from './PlanningPanels';
import { ScenariosSection } from './ScenariosSection';
import { SolvePanel } from './SolvePanel';
import { inputsOf, previewComputed } from './form';
import { CurrencyProvider } from './currency';
import { formatMoney, METRICS, type SectionTab } from './metrics';
import { useUpsertProductMutation } from './productsApi';

/**
 * 'View Metrics': one product's totals with the 'Additional Fees Per Unit' slider. Moving the
 * slider recomputes every total live (shared calculator); 'Save additional fees' keeps the value.
 */
export function ProductDetail({
  product,
  onBack,
  onEdit,
}: {
  product: Product;
  onBack: () => void;
  onEdit: (section: SectionTab) => void;
}) {
  const user = useAppSelector(selectCurrentUser);
  const role = user?.role ?? 'basic';
  const canEditFees = can(user, 'product:additional-fees');
  const [upsert, { isLoading }] = useUpsertProductMutation();
  const [fees, setFees] = useState<FeesEntry>(() =>
    feesEntryFor(product.additionalFees, product.typeAdditionalFees, product.amazonRetail),
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const percent = effectiveFeesPercent(fees, product.amazonRetail, product.additionalFees, role);
  const totals = previewComputed(product, {}, percent);
  const figures = computeFigures(inputsOf(product, percent));
  const changed = percent !== product.additionalFees || fees.type !== product.typeAdditionalFees;

  const save = async () => {
    try {
      const { product: saved } = await upsert({
        product: { id: product.id, additionalFees: fees.value },
        typeAdditionalFees: fees.type,
      }).unwrap();
      setFees(feesEntryFor(saved.additionalFees, saved.typeAdditionalFees, saved.amazonRetail));
    } catch {
      // The toast listener reports it.
    }
  };

  return (
    <CurrencyProvider value={product.currency}>
      <div className="flex flex-col gap-4">
        <div>
          <Button variant="ghost" size="sm" onClick={onBack}>
            ← Back to products
          </Button>
        </div>
        <Card className="p-4 sm:p-5">
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
                {product.title}
              </h2>
              {product.description && <p className="mt-0.5 text-sm text-gray-500">{product.description}</p>}
              <p className="mt-0.5 text-xs text-gray-500" data-testid="product-marketplace">
                Sells on {product.marketplace}, in {product.currency}
                {product.vatRate > 0 &&
                  `: the retail price includes ${product.vatRate}% VAT, so every figure uses ${formatMoney(product.amazonRetailExVat, product.currency)} without it`}
                .
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link
                to={`/profit-calculator/${product.id}/summary`}
                className={buttonClasses('secondary', 'sm')}
                aria-label={`Printable summary of ${product.title}`}
              >
                Printable summary
              </Link>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onEdit('Product')}
                aria-label={`Edit ${product.title}`}
              >
                Edit
              </Button>
            </div>
          </div>
          <InputsPanel product={product} />
          <div className="mt-4 flex flex-col gap-3 rounded-lg border border-gray-200 p-4">
            <AdditionalFeesControl
              entry={fees}
              onChange={setFees}
              retailPrice={product.amazonRetail}
              previous={product.additionalFees}
              role={role}
              canEdit={canEditFees}
            />
            {canEditFees && (
              <div className="flex justify-end gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={!changed || isLoading}
                  onClick={() =>
                    setFees(feesEntryFor(product.additionalFees, product.typeAdditionalFees, product.amazonRetail))
                  }
                >
                  Reset
                </Button>
                <Button size="sm" disabled={!changed} loading={isLoading} onClick={() => void save()}>
                  Save additional fees
                </Button>
              </div>
            )}
          </div>
          <div className="mt-4 mb-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            {(['Product', 'Promotion', 'Advertising', 'Planning'] as const).map((section) => (
              <MetricsPanel key={section} title={section} metrics={METRICS[section]} values={totals} columns={1} />
            ))}
          </div>
          <FiguresPanel figures={figures} units={product.units} />
        </Card>
        <Card className="flex flex-col gap-4 p-4 sm:p-5">
          <SolvePanel product={product} />
          <ScenariosSection product={product} />
        </Card>
        <Card className="flex flex-col gap-4 p-4 sm:p-5">
          <PpcPanel product={product} />
          <ReorderPanel product={product} />
        </Card>
      </div>
    </CurrencyProvider>
  );
}
