import type { Knex } from 'knex';
import { SCENARIO_CHANGE_KEYS, type ScenarioChanges } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { PRODUCT_LIMITS } from '@shared/schemas';
import { conflict, isUniqueViolation, notFound } from '../../core/errors';
import { Product, ProductScenario } from '../../models';
import { SCENARIO_CHANGE_COLUMNS, type ScenarioRow } from './scenario-presenter';

type Db = Knex | Knex.Transaction;

/** A product's scenarios in position order (the product must be the member's: checked in SQL). */
export function listScenarios(knex: Db, userId: number, productId: number): Promise<ScenarioRow[]> {
  return knex('product_scenarios as s')
    .join('products as p', 'p.id', 's.product_id')
    .where({ 's.product_id': productId, 'p.user_id': userId })
    .orderBy('s.position')
    .select<ScenarioRow[]>(ProductScenario.columns.map((c) => `s.${c}`));
}

/** Every scenario of a member's products, by product then position (the CSV export: one query). */
export function listMemberScenarios(knex: Db, userId: number): Promise<ScenarioRow[]> {
  return knex('product_scenarios as s')
    .join('products as p', 'p.id', 's.product_id')
    .where('p.user_id', userId)
    .orderBy([{ column: 's.product_id' }, { column: 's.position' }])
    .select<ScenarioRow[]>(ProductScenario.columns.map((c) => `s.${c}`));
}

export interface SaveScenarioCommand {
  userId: number;
  productId: number;
  /** Replace this scenario of the product; absent adds one. */
  id?: number;
  name: string;
  changes: ScenarioChanges;
  /** Whether the member may change additional fees ('product:additional-fees'); if not, that change is dropped. */
  canEditFees: boolean;
}

function columnsOf(changes: ScenarioChanges, canEditFees: boolean): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const key of SCENARIO_CHANGE_KEYS) {
    const v = changes[key];
    out[SCENARIO_CHANGE_COLUMNS[key]] = key === 'additionalFees' && !canEditFees ? null : (v ?? null);
  }
  return out;
}

/**
 * Adds or replaces a scenario in the caller's transaction, locking the product row first (so the cap of 5
 * and the free position stay exact under concurrent adds). 404 for a product or scenario that is
 * not the member's, 409 at the cap or for a name the product already uses (any case).
 */
export async function saveScenario(
  trx: Knex.Transaction,
  cmd: SaveScenarioCommand,
): Promise<{ row: ScenarioRow; isNew: boolean }> {
  try {
    const product = await Product.query(trx)
      .select('id')
      .where({ id: cmd.productId, user_id: cmd.userId })
      .forUpdate()
      .first();
    if (!product) throw notFound(MESSAGES.productNotFound);
    const values = { name: cmd.name, ...columnsOf(cmd.changes, cmd.canEditFees) };
    if (cmd.id) {
      const [row] = await trx('product_scenarios')
        .where({ id: cmd.id, product_id: product.id })
        .update({ ...values, updated_at: trx.fn.now() })
        .returning<ScenarioRow[]>([...ProductScenario.columns]);
      if (!row) throw notFound(MESSAGES.scenarioNotFound);
      return { row, isNew: false };
    }
    const taken = await trx('product_scenarios').where({ product_id: product.id }).pluck<number[]>('position');
    if (taken.length >= PRODUCT_LIMITS.scenariosPerProduct) throw conflict(MESSAGES.tooManyScenarios);
    let position = 1;
    while (taken.map(Number).includes(position)) position++;
    const [row] = await trx('product_scenarios')
      .insert({ ...values, product_id: product.id, position })
      .returning<ScenarioRow[]>([...ProductScenario.columns]);
    return { row: row!, isNew: true };
  } catch (err) {
    if (isUniqueViolation(err, 'product_scenarios_product_name_unique')) {
      throw conflict(MESSAGES.scenarioNameTaken, { name: MESSAGES.scenarioNameTaken });
    }
    throw err;
  }
}

/** Deletes a scenario of the member's product in the caller's transaction; false when there is none with that id for them. */
export async function deleteScenario(
  trx: Knex.Transaction,
  userId: number,
  productId: number,
  id: number,
): Promise<boolean> {
  const deleted = await ProductScenario.query(trx)
    .delete()
    .where({ id, product_id: productId })
    .whereIn('product_id', Product.query(trx).select('id').where({ id: productId, user_id: userId }));
  return Number(deleted) > 0;
}
