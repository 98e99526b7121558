import type { Knex } from 'knex';
import { applyAdditionalFees, ADDITIONAL_FEES_DEFAULT, type AdditionalFeesType } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { PRODUCT_INPUT_KEYS, PRODUCT_LIMITS, productFieldsSchema, type ProductFieldsInput } from '@shared/schemas';
import type { Role } from '@shared/limits';
import { conflict, notFound } from '../../core/errors';
import { parse } from '../../core/validate';
import { Product } from '../../models';
import { productFields, type ProductRow } from './presenter';

/** A member's products, newest first (create adds to the top). One query. */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The list's columns: timestamps formatted as ISO text by PostgreSQL (cheaper than Date objects). */
function listColumns(knex: Knex) {
  return [
    ...Product.columns.filter((c) => c !== 'created_at' && c !== 'updated_at'),
    knex.raw(`to_char(created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at`),
    knex.raw(`to_char(updated_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS updated_at`),
  ];
}

export function listProducts(knex: Knex, userId: number): Promise<ProductRow[]> {
  return knex('products')
    .select<ProductRow[]>(listColumns(knex))
    .where({ user_id: userId })
    .orderBy([
      { column: 'position', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(PRODUCT_LIMITS.productsPerUser);
}

export async function countProducts(knex: Knex, userId: number): Promise<number> {
  const row = await knex('products')
    .where({ user_id: userId })
    .count<Array<{ count: number | string }>>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

/** The own, non-inherited keys of `body` that a member may send for a product (no prototype keys). */
export function pickProductChanges(body: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  for (const key of PRODUCT_INPUT_KEYS) {
    if (Object.hasOwn(body, key)) out[key] = (body as Record<string, unknown>)[key];
  }
  return out;
}

export interface SaveProductCommand {
  userId: number;
  role: Role;
  /** Whether the member may change additional fees (shared policy 'product:additional-fees'). */
  canEditFees: boolean;
  /** Update this product (must be the member's own); absent creates one. */
  id?: number;
  changes: Record<string, unknown>;
  /** How `changes.additionalFees` is expressed. */
  typeAdditionalFees?: AdditionalFeesType;
}

export function toColumns(input: ProductFieldsInput, additionalFees: number, type: AdditionalFeesType) {
  const opt = (v: number | null | undefined) => (v === undefined ? null : v);
  return {
    title: input.title,
    description: input.description ?? null,
    units: input.units,
    cost_per_unit: input.costPerUnit,
    shipping_cost: input.shippingCost,
    amazon_fees: input.amazonFees,
    amazon_retail: input.amazonRetail,
    additional_fees: additionalFees,
    type_additional_fees: type,
    promotion_units_per_day: opt(input.promotionUnitsPerDay),
    promotion_percentage: opt(input.promotionPercentage),
    promotion_days: opt(input.promotionDays),
    daily_advertising_cost: opt(input.dailyAdvertisingCost),
    spend: opt(input.spend),
    sales: opt(input.sales),
    projected_units: opt(input.projectedUnits),
    fba_fee: opt(input.fbaFee),
    referral_fee: opt(input.referralFee),
    storage_fee: opt(input.storageFee),
    fees_estimated: input.feesEstimated ?? false,
    marketplace: input.marketplace ?? 'US',
  };
}

/**
 * Creates or updates a member's product in the caller's transaction. An update starts from the stored
 * values (so a modal may send only its own fields), locks the row, and answers 404 for a product
 * that is not the member's own (no enumeration of other members' ids). Additional fees follow
 * docs/areas/seller-tools.md#additional-fees: a basic member's input is ignored, out-of-range input keeps the stored value,
 * dollars become a percentage of the (new) retail price.
 */
export async function saveProduct(
  trx: Knex.Transaction,
  cmd: SaveProductCommand,
): Promise<{ row: ProductRow; isNew: boolean }> {
  let existing: ProductRow | undefined;
  if (cmd.id) {
    existing = await Product.query(trx)
      .select(...Product.columns)
      .where({ id: cmd.id, user_id: cmd.userId })
      .forUpdate()
      .first()
      .castTo<ProductRow | undefined>();
    if (!existing) throw notFound(MESSAGES.productNotFound);
  }
  const current = existing ? productFields(existing) : {};
  const input = await parse(productFieldsSchema, { ...current, ...cmd.changes });

  const requestedType = cmd.typeAdditionalFees ?? input.typeAdditionalFees;
  const previous = existing ? Number(existing.additional_fees) : undefined;
  const feesSent = cmd.changes.additionalFees !== undefined;
  let additionalFees = previous ?? ADDITIONAL_FEES_DEFAULT;
  let type: AdditionalFeesType = existing?.type_additional_fees ?? 'percentage';
  if (cmd.canEditFees) {
    if (feesSent) {
      additionalFees = applyAdditionalFees({
        role: cmd.role,
        type: requestedType ?? 'percentage',
        value: cmd.changes.additionalFees as number | string | null,
        retailPrice: input.amazonRetail,
        previous,
      });
    }
    if (requestedType) type = requestedType;
  }
  const values = toColumns(input, additionalFees, type);

  if (existing) {
    const [row] = await trx('products')
      .where({ id: existing.id })
      .update({ ...values, updated_at: trx.fn.now() })
      .returning<ProductRow[]>([...Product.columns]);
    return { row: row!, isNew: false };
  }

  return { row: await insertProduct(trx, cmd.userId, values), isNew: true };
}

/**
 * Adds a product to the top of a member's list inside `trx`: serialises the member's creates (a
 * lock on their user row) so the 1,000 cap and the next position stay exact; 409 at the cap.
 */
export async function insertProduct(
  trx: Knex.Transaction,
  userId: number,
  values: ReturnType<typeof toColumns>,
): Promise<ProductRow> {
  await trx('users').select('id').where({ id: userId }).forUpdate();
  const stats = await trx('products')
    .where({ user_id: userId })
    .first<{ count: number | string; top: number | null }>(
      trx.raw('count(*) as count'),
      trx.raw('max(position) as top'),
    );
  if (Number(stats?.count ?? 0) >= PRODUCT_LIMITS.productsPerUser) throw conflict(MESSAGES.tooManyProducts);
  const [row] = await trx('products')
    .insert({ ...values, user_id: userId, position: Number(stats?.top ?? 0) + 1 })
    .returning<ProductRow[]>([...Product.columns]);
  return row!;
}

/** The member's own product, or undefined (another member's id reads as missing: no enumeration). */
export async function findOwnProduct(
  knex: Knex | Knex.Transaction,
  userId: number,
  id: number,
): Promise<ProductRow | undefined> {
  return Product.query(knex)
    .select(...Product.columns)
    .where({ id, user_id: userId })
    .first()
    .castTo<ProductRow | undefined>();
}

/** Deletes the member's own product in the caller's transaction; false when there is none with that id for them. */
export async function deleteProduct(trx: Knex.Transaction, userId: number, id: number): Promise<boolean> {
  const deleted = await Product.query(trx).delete().where({ id, user_id: userId });
  return Number(deleted) > 0;
}
