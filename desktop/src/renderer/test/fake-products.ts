import {
  applyAdditionalFees,
  computeProduct,
  estimateFees,
  localDate,
  priceWithoutVat,
  round2,
  planReorder,
  ppcTargets,
  solve,
  type AdditionalFeesType,
  type ScenarioChanges,
  type SolveTarget,
  type StoredReorderInputs,
} from '@shared/calc';
import type { Product, ProductFields, ProductScenario } from '@shared/types';
import { SEEDED_RATE_CARDS, US_RATE_CARD_2025 } from '@shared/content/fee-rate-cards';
import { mockFetch, type MockResponse } from './render';

const BLANK: Omit<ProductFields, 'title' | 'units' | 'costPerUnit' | 'shippingCost' | 'amazonFees' | 'amazonRetail'> = {
  description: null,
  additionalFees: 25,
  typeAdditionalFees: 'percentage',
  promotionUnitsPerDay: null,
  promotionPercentage: null,
  promotionDays: null,
  dailyAdvertisingCost: null,
  spend: null,
  sales: null,
  projectedUnits: null,
  fbaFee: null,
  referralFee: null,
  storageFee: null,
  feesEstimated: false,
  marketplace: 'US',
};

let nextId = 500;

/** A product as the API would send it, computed with the shared calculator. */
export function makeProduct(fields: Partial<ProductFields> & Pick<ProductFields, 'title'>, id = nextId++): Product {
  const all: ProductFields = {
    units: 100,
    costPerUnit: 2,
    shippingCost: 100,
    amazonFees: 5,
    amazonRetail: 20,
    ...BLANK,
    ...fields,
  };
  const card = SEEDED_RATE_CARDS.find((c) => c.marketplace === all.marketplace) ?? US_RATE_CARD_2025;
  const vatRate = card.rates.vatRate;
  return {
    id,
    position: id,
    ...all,
    ...computeProduct({ ...all, vatRate }),
    currency: card.rates.currency,
    vatRate,
    amazonRetailExVat: round2(priceWithoutVat(all.amazonRetail, vatRate)),
    reorder: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A scenario as the API would send it. */
export function makeScenario(
  productId: number,
  name: string,
  changes: ScenarioChanges,
  id = nextId++,
): ProductScenario {
  return {
    id,
    productId,
    name,
    position: 1,
    changes,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * An in-memory stand-in for /api/product/* in renderer tests (the real API has its own tests):
 * applies additional fees with the shared rule for `role` and keeps new products on top.
 */
export function fakeProductsServer(
  initial: Product[],
  opts: {
    role?: 'basic' | 'premium';
    upsert?: (body: unknown) => MockResponse | undefined;
    scenarios?: ProductScenario[];
    /** The answer of POST .../reorder/card (default: a card made). */
    reorderCard?: MockResponse;
    /** Paths that answer 500 (to show a screen's error state). */
    failPaths?: RegExp;
  } = {},
) {
  let products = [...initial];
  let scenarios: ProductScenario[] = [...(opts.scenarios ?? [])];
  const calls = mockFetch(({ method, path, body, search }) => {
    if (path === '/api/product/read-many') return { body: { products } };
    if (path === '/api/product/export.csv') return { body: 'productId,title' };
    if (opts.failPaths?.test(path)) {
      return { status: 500, body: { error: { code: 'internal', message: 'Something went wrong on our side' } } };
    }
    const answer = planningAnswer(products, method, path, search, body, opts.reorderCard, (saved) => {
      products = products.map((p) => (p.id === saved.id ? saved : p));
    });
    if (answer) return answer;
    const tool = /^\/api\/product\/(\d+)\/(solve|scenarios)(?:\/(\d+))?$/.exec(path);
    if (tool) {
      const product = products.find((p) => p.id === Number(tool[1]));
      if (!product) return { status: 404, body: { error: { code: 'not_found', message: 'Product not found' } } };
      if (tool[2] === 'solve') {
        return { body: solve(product, search.get('target') as SolveTarget, Number(search.get('value'))) };
      }
      if (method === 'GET') return { body: { scenarios: scenarios.filter((x) => x.productId === product.id) } };
      if (method === 'DELETE') {
        scenarios = scenarios.filter((x) => x.id !== Number(tool[3]));
        return { body: { success: true, message: 'Scenario deleted' } };
      }
      const b = body as { id?: number; name: string; changes: ScenarioChanges };
      const existing = scenarios.find((x) => x.id === b.id);
      const scenario = makeScenario(product.id, b.name, b.changes, existing?.id);
      scenarios = existing ? scenarios.map((x) => (x.id === existing.id ? scenario : x)) : [...scenarios, scenario];
      return { body: { scenario, isNew: !existing } };
    }
    if (path === '/api/product/count') return { body: { total: products.length } };
    if (path === '/api/product/upsert') {
      const custom = opts.upsert?.(body);
      if (custom) return custom;
      const b = body as { product: Record<string, unknown>; typeAdditionalFees?: AdditionalFeesType };
      const existing = products.find((p) => p.id === b.product.id);
      const merged: Record<string, unknown> = { ...(existing ?? BLANK), ...b.product };
      for (const k of Object.keys(merged))
        if (
          k !== 'title' &&
          k !== 'description' &&
          k !== 'typeAdditionalFees' &&
          k !== 'feesEstimated' &&
          k !== 'marketplace'
        )
          merged[k] = num(merged[k]);
      const type = b.typeAdditionalFees ?? 'percentage';
      const a =
        b.product.additionalFees === undefined
          ? (existing?.additionalFees ?? 25)
          : applyAdditionalFees({
              role: opts.role ?? 'premium',
              type,
              value: b.product.additionalFees as number,
              retailPrice: merged.amazonRetail as number,
              previous: existing?.additionalFees,
            });
      const product = makeProduct(
        {
          ...(merged as unknown as ProductFields),
          additionalFees: a,
          typeAdditionalFees: opts.role === 'basic' ? 'percentage' : type,
        },
        existing?.id,
      );
      products = existing ? products.map((p) => (p.id === existing.id ? product : p)) : [product, ...products];
      return { body: { product, isNew: !existing } };
    }
    if (method === 'DELETE' && path.startsWith('/api/product/')) {
      const id = Number(path.split('/').pop());
      products = products.filter((p) => p.id !== id);
      return { body: { success: true, message: 'Product deleted successfully' } };
    }
    return undefined;
  });
  return { calls, list: () => products, scenarios: () => scenarios };
}

const US = US_RATE_CARD_2025;

/** Stand-ins for the fee estimate, ad targets and the reorder planner, with the shared calculators. */
function planningAnswer(
  products: Product[],
  method: string,
  path: string,
  search: URLSearchParams,
  body: unknown,
  reorderCard: MockResponse | undefined,
  keep: (product: Product) => void,
): MockResponse | undefined {
  const q = (k: string) => Number(search.get(k));
  if (path === '/api/fees/categories') {
    const card = SEEDED_RATE_CARDS.find((c) => c.marketplace === (search.get('marketplace') ?? 'US')) ?? US;
    return {
      body: {
        categories: card.rates.referral.categories.map((c) => ({ key: c.key, name: c.name })),
        defaultCategory: card.rates.referral.defaultCategory,
        currency: card.rates.currency,
        vatRate: card.rates.vatRate,
      },
    };
  }
  if (path === '/api/fees/estimate') {
    const e = estimateFees(
      {
        length: q('length'),
        width: q('width'),
        height: q('height'),
        unit: (search.get('unit') ?? 'in') as 'in',
        weight: q('weight'),
        weightUnit: (search.get('weightUnit') ?? 'lb') as 'lb',
        price: q('price'),
        category: search.get('category'),
      },
      US.rates,
    );
    const { priceExVat, currency, ...rest } = e;
    return {
      body: {
        ...rest,
        currency,
        priceExVat,
        rateCard: { id: 1, name: US.name, effectiveFrom: US.effectiveFrom, source: US.source },
      },
    };
  }
  const m = /^\/api\/product\/(\d+)\/(ppc|reorder|reorder\/card)$/.exec(path);
  if (!m) return undefined;
  const product = products.find((p) => p.id === Number(m[1]));
  if (!product) return { status: 404, body: { error: { code: 'not_found', message: 'Product not found' } } };
  if (m[2] === 'ppc') return { body: ppcTargets(product, q('targetMargin'), q('conversionRate')) };
  const input = m[2] === 'reorder' && method === 'GET' ? Object.fromEntries(search) : (body as Record<string, string>);
  const timeZone = String(input.timeZone ?? 'UTC');
  const inputs: StoredReorderInputs = {
    onHand: Number(input.onHand),
    dailySales: Number(input.dailySales),
    leadTimeDays: Number(input.leadTimeDays),
    coverDays: Number(input.coverDays),
    safetyDays: Number(input.safetyDays ?? 0),
    timeZone,
    plannedOn: localDate(new Date(), timeZone),
  };
  const plan = planReorder(inputs, inputs.plannedOn);
  if (m[2] === 'reorder' && method === 'GET') return { body: plan };
  keep({ ...product, reorder: { inputs, plan } });
  if (m[2] === 'reorder') return { body: { inputs, plan } };
  return (
    reorderCard ?? {
      body: { cardId: 900, title: `Reorder: ${product.title}`, plan, message: 'Reorder card added to your board' },
    }
  );
}
