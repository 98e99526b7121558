import type { Knex } from 'knex';
import { localDate, planReorder, startOfLocalDay, type ReorderPlan, type StoredReorderInputs } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import type { ReorderQuery } from '@shared/schemas';
import { badRequest, notFound } from '../../core/errors';
import { createMemberCard } from '../board';
import { Product } from '../../models';
import { findOwnProduct } from './service';

/** The reorder plan of a query, dated in the member's time zone. */
export function reorderPlan(q: ReorderQuery, now = new Date()): ReorderPlan {
  return planReorder(
    {
      onHand: q.onHand,
      dailySales: q.dailySales,
      leadTimeDays: q.leadTimeDays,
      coverDays: q.coverDays,
      safetyDays: q.safetyDays,
    },
    localDate(now, q.timeZone),
  );
}

/** What a product keeps of a reorder query: the inputs, their time zone and the member's date of the plan. */
export function storedInputs(q: ReorderQuery, now = new Date()): StoredReorderInputs {
  return {
    onHand: q.onHand,
    dailySales: q.dailySales,
    leadTimeDays: q.leadTimeDays,
    coverDays: q.coverDays,
    safetyDays: q.safetyDays,
    timeZone: q.timeZone,
    plannedOn: localDate(now, q.timeZone),
  };
}

/**
 * Keeps the planner's inputs on the member's own product (the planner opens on them; the CSV
 * export and the printable summary carry the plan): 404 for another member's product.
 */
export async function saveReorderInputs(
  trx: Knex.Transaction,
  userId: number,
  productId: number,
  q: ReorderQuery,
): Promise<{ inputs: StoredReorderInputs; plan: ReorderPlan }> {
  const inputs = storedInputs(q);
  const updated = await Product.query(trx)
    .patch({ reorder_inputs: inputs } as Partial<Product>)
    .where({ id: productId, user_id: userId });
  if (Number(updated) === 0) throw notFound(MESSAGES.productNotFound);
  return { inputs, plan: planReorder(inputs, inputs.plannedOn) };
}

/** The card's title: "Reorder: <product>" (the board keeps titles to 255 characters). */
export const reorderCardTitle = (product: string) => `Reorder: ${product}`.slice(0, 255);

/**
 * "Put it on my board": a card "Reorder: <product>" at the end of NOT STARTED on the member's own
 * board, in the caller's transaction, saying when and how many. Without a reorder date (no sales)
 * there is nothing to put on the board: 400. The card is due when the reorder day starts in the
 * member's time zone (stored UTC), and its description says it too (docs/areas/seller-tools.md,
 * "Reorder planner").
 */
export async function createReorderCard(
  trx: Knex.Transaction,
  userId: number,
  productId: number,
  q: ReorderQuery,
): Promise<{ cardId: number; title: string; plan: ReorderPlan }> {
  const product = await findOwnProduct(trx, userId, productId);
  if (!product) throw notFound(MESSAGES.productNotFound);
  const plan = reorderPlan(q);
  if (plan.reorderOn === null) throw badRequest(MESSAGES.reorderNoSales, { dailySales: MESSAGES.reorderNoSales });
  const title = reorderCardTitle(product.title);
  const description = [
    `Reorder **${plan.quantity.toLocaleString('en-US')} units** by **${plan.reorderOn}** (in ${plan.daysUntilReorder} days).`,
    '',
    `Planned in the Power Profit Tool: ${q.onHand.toLocaleString('en-US')} on hand, ${q.dailySales.toLocaleString('en-US')} sold a day, ` +
      `${q.leadTimeDays} days lead time, ${q.safetyDays} safety days, ${q.coverDays} days of cover. ` +
      `Reorder point ${plan.reorderPoint.toLocaleString('en-US')} units; at this pace the stock runs out on ${plan.stockoutOn}.`,
  ].join('\n');
  const dueAt = startOfLocalDay(plan.reorderOn, q.timeZone);
  const cardId = await createMemberCard(trx, userId, { title, description, dueAt });
  if (cardId === null) throw notFound(MESSAGES.reorderCardNoBoard);
  await saveReorderInputs(trx, userId, productId, q);
  return { cardId, title, plan };
}
