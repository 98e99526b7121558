import type { Knex } from 'knex';
import {
  ALL_FIGURE_FIELDS,
  allFigures,
  applyScenario,
  PPC_DEFAULTS,
  ppcTargets,
  priceWithoutVat,
  round2,
  MARKETPLACE_CURRENCY,
  type ProductInputs,
  type VatRates,
} from '@shared/calc';
import type { ProductFields } from '@shared/types';
import { csvLine, todayUtc } from '@shared/schemas';
import { Product } from '../../models';
import { vatRatesInForce } from '../fees';
import { presentReorder, productFields, productInputs, type ProductRow } from './presenter';
import { scenarioChanges, type ScenarioRow } from './scenario-presenter';
import { listMemberScenarios } from './scenarios';

/** A UTF-8 byte order mark, so spreadsheet programs read accents correctly. */
const BOM = '\uFEFF';

/** The inputs of each row, named as in the JSON. */
const INPUT_COLUMNS = [
  'units',
  'costPerUnit',
  'shippingCost',
  'amazonFees',
  'amazonRetail',
  'additionalFees',
  'promotionUnitsPerDay',
  'promotionPercentage',
  'promotionDays',
  'dailyAdvertisingCost',
  'spend',
  'sales',
  'projectedUnits',
] as const satisfies ReadonlyArray<keyof ProductInputs>;

/** The product's fee breakdown (the same on its scenario rows). */
const FEE_COLUMNS = ['fbaFee', 'referralFee', 'storageFee', 'feesEstimated'] as const satisfies ReadonlyArray<
  keyof ProductFields
>;

/** Ad targets at the planner's start values (PPC_DEFAULTS: a 10 % target margin, a 10 % conversion rate). */
const PPC_COLUMNS = ['targetAcos', 'maxCpc'] as const;

/**
 * The marketplace, the currency every amount of the row is in (ISO 4217: USD, GBP, EUR, CAD), the
 * VAT % the retail price includes and the price without it, which the figures use.
 */
const MARKET_COLUMNS = ['marketplace', 'currency', 'vatRate', 'amazonRetailExVat'] as const;

/**
 * The reorder planner's stored inputs and their plan (dated from the day they were planned on),
 * blank before the member plans a reorder; the same on the product's scenario rows.
 */
const REORDER_COLUMNS = [
  'reorderOnHand',
  'reorderDailySales',
  'reorderLeadTimeDays',
  'reorderCoverDays',
  'reorderSafetyDays',
  'reorderPlannedOn',
  'reorderPoint',
  'reorderOn',
  'reorderQuantity',
  'stockoutOn',
] as const;

function reorderCells(product: ProductRow): Cell[] {
  const r = presentReorder(product);
  if (!r) return REORDER_COLUMNS.map(() => null);
  const { inputs, plan } = r;
  return [
    inputs.onHand,
    inputs.dailySales,
    inputs.leadTimeDays,
    inputs.coverDays,
    inputs.safetyDays,
    inputs.plannedOn,
    plan.reorderPoint,
    plan.reorderOn,
    plan.quantity,
    plan.stockoutOn,
  ];
}

/** products.csv: one row per product, then one per scenario (its inputs with the changes applied). */
export const PRODUCT_EXPORT_COLUMNS = [
  'productId',
  'title',
  'description',
  'scenario',
  ...MARKET_COLUMNS,
  ...INPUT_COLUMNS,
  ...FEE_COLUMNS,
  ...ALL_FIGURE_FIELDS,
  ...PPC_COLUMNS,
  ...REORDER_COLUMNS,
] as const;

type Cell = string | number | null;

function row(product: ProductRow, scenario: string, inputs: ProductInputs): Cell[] {
  const figures = allFigures(inputs);
  const fields = productFields(product);
  const ppc = ppcTargets(inputs, PPC_DEFAULTS.targetMargin, PPC_DEFAULTS.conversionRate);
  const vatRate = Number(inputs.vatRate ?? 0);
  return [
    product.id,
    product.title,
    product.description,
    scenario,
    product.marketplace,
    MARKETPLACE_CURRENCY[product.marketplace],
    vatRate,
    round2(priceWithoutVat(Number(inputs.amazonRetail ?? 0), vatRate)),
    ...INPUT_COLUMNS.map((k) => (inputs[k] ?? null) as Cell),
    ...FEE_COLUMNS.map((k) => (typeof fields[k] === 'boolean' ? String(fields[k]) : fields[k])),
    ...ALL_FIGURE_FIELDS.map((f) => figures[f]),
    ...PPC_COLUMNS.map((k) => ppc[k]),
    ...reorderCells(product),
  ];
}

/**
 * The member's products with their scenarios and every figure (the shared calculator's), as CSV:
 * RFC 4180-quoted, formula cells escaped, newest product first. Two queries whatever the count.
 */
export async function productsCsv(knex: Knex, userId: number): Promise<string> {
  const products = await knex('products')
    .select<ProductRow[]>([...Product.columns])
    .where({ user_id: userId })
    .orderBy([
      { column: 'position', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  const scenarios = await listMemberScenarios(knex, userId);
  const vat: VatRates = await vatRatesInForce(knex, todayUtc());
  const byProduct = new Map<number, ScenarioRow[]>();
  for (const s of scenarios) byProduct.set(s.product_id, [...(byProduct.get(s.product_id) ?? []), s]);
  const lines = [BOM + csvLine(PRODUCT_EXPORT_COLUMNS)];
  for (const p of products) {
    const base: ProductInputs = productInputs(p, vat);
    lines.push(csvLine(row(p, '', base)));
    for (const s of byProduct.get(p.id) ?? []) {
      lines.push(csvLine(row(p, s.name, applyScenario(base, scenarioChanges(s)))));
    }
  }
  return lines.join('');
}
