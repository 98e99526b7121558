import { percentToDollars } from '@shared/calc';
import type { Product } from '@shared/types';
import { Button } from '../../components/Button';
import { CurrencyProvider } from './currency';
import { MetricsPanel } from './MetricsPanel';
import { METRICS, formatMoney, formatPercent, type ProductTab, type SectionTab } from './metrics';

const count = (n: number | null) => (n === null ? '—' : n.toLocaleString('en-US'));
const pct = (n: number | null) => (n === null ? '—' : formatPercent(n));

/** The inputs behind each tab's figures, shown above them. */
function inputsFor(tab: SectionTab, p: Product): Array<[string, string]> {
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, p.currency));
  switch (tab) {
    case 'Product':
      return [
        ['Units', count(p.units)],
        ['Cost per unit', money(p.costPerUnit)],
        ['Shipping', money(p.shippingCost)],
        ['Amazon fees', money(p.amazonFees)],
        ['Retail price', money(p.amazonRetail)],
        ['Additional fees', `${pct(p.additionalFees)} (${money(percentToDollars(p.additionalFees, p.amazonRetail))})`],
      ];
    case 'Promotion':
      return [
        ['Units per day', count(p.promotionUnitsPerDay)],
        ['Discount', pct(p.promotionPercentage)],
        ['Days', count(p.promotionDays)],
        ['Daily ads', money(p.dailyAdvertisingCost)],
      ];
    case 'Advertising':
      return [
        ['Ad spend', money(p.spend)],
        ['Ad sales', money(p.sales)],
      ];
    case 'Planning':
      return [['Projected units / month', count(p.projectedUnits)]];
  }
}

function Inputs({ tab, product }: { tab: SectionTab; product: Product }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-500">
      {inputsFor(tab, product).map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt>{label}:</dt>
          <dd className="font-medium text-gray-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const SECTION_TABS: SectionTab[] = ['Product', 'Promotion', 'Advertising', 'Planning'];

/** One product in a tab: its title, the tab's inputs and figures, and the edit action. */
export function ProductCard({
  product,
  tab,
  onEdit,
  onViewMetrics,
}: {
  product: Product;
  tab: ProductTab;
  onEdit: (section: SectionTab) => void;
  onViewMetrics: () => void;
}) {
  const sections = tab === 'View All' ? SECTION_TABS : [tab];
  return (
    <article className="rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:p-5" aria-label={product.title}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate text-base font-semibold text-gray-900">{product.title}</h3>
          {product.description && <p className="mt-0.5 line-clamp-2 text-sm text-gray-500">{product.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {tab === 'Product' && (
            <Button
              size="sm"
              variant="secondary"
              onClick={onViewMetrics}
              aria-label={`View Metrics of ${product.title}`}
            >
              View Metrics
            </Button>
          )}
          {tab !== 'View All' && (
            <Button size="sm" variant="secondary" onClick={() => onEdit(tab)} aria-label={`Edit ${product.title}`}>
              Edit
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-4">
        {sections.map((section) => (
          <section key={section} aria-label={`${section} of ${product.title}`} className="flex flex-col gap-2">
            {tab === 'View All' && (
              <div className="flex items-center justify-between gap-2">
                <h4 className="text-sm font-semibold text-gray-700">{section}</h4>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onEdit(section)}
                  aria-label={`Edit ${section.toLowerCase()} of ${product.title}`}
                >
                  Edit
                </Button>
              </div>
            )}
            <Inputs tab={section} product={product} />
            <CurrencyProvider value={product.currency}>
              <MetricsPanel metrics={METRICS[section]} values={product} />
            </CurrencyProvider>
          </section>
        ))}
      </div>
    </article>
  );
}
