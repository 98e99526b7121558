import type Router from '@koa/router';
import { ppcTargets } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { ppcQuerySchema, reorderQuerySchema, todayUtc } from '@shared/schemas';
import type {
  ProductPpcResponse,
  ProductReorderResponse,
  ProductReorderSaveResponse,
  ReorderCardResponse,
} from '@shared/types';
import { endpoint } from '../../core/endpoint';
import { notFound } from '../../core/errors';
import { singleQuery } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { createReorderCard, reorderPlan, saveReorderInputs } from './planning';
import { vatRatesInForce } from '../fees';
import { productInputs } from './presenter';
import { findOwnProduct } from './service';

/**
 * Ad targets and the reorder planner of a product (docs/areas/seller-tools.md): the signed-in
 * member's own products only (another member's id is a 404, admins too).
 */
export function productPlanningRoutes(router: Router<PortalState, PortalContext>): void {
  /** Break-even ACoS, target ACoS and max CPC of the product at a target margin and conversion rate. */
  router.get(
    '/:id/ppc',
    ...endpoint({ ids: ['id'], input: ppcQuerySchema, from: singleQuery, authorize: 'product:use' }, async (ctx) => {
      const row = await findOwnProduct(ctx.deps.knex, ctx.user.id, ctx.input.id);
      if (!row) throw notFound(MESSAGES.productNotFound);
      const vat = await vatRatesInForce(ctx.deps.knex, todayUtc());
      const body: ProductPpcResponse = ppcTargets(
        productInputs(row, vat),
        ctx.input.targetMargin,
        ctx.input.conversionRate,
      );
      ctx.body = body;
    }),
  );

  /** When to reorder and how many, dated in the member's time zone. */
  router.get(
    '/:id/reorder',
    ...endpoint(
      { ids: ['id'], input: reorderQuerySchema, from: singleQuery, authorize: 'product:use' },
      async (ctx) => {
        if (!(await findOwnProduct(ctx.deps.knex, ctx.user.id, ctx.input.id))) throw notFound(MESSAGES.productNotFound);
        const body: ProductReorderResponse = reorderPlan(ctx.input);
        ctx.body = body;
      },
    ),
  );

  /**
   * Plans the reorder and keeps the inputs on the product (the planner opens on them; the CSV
   * export and the printable summary carry the plan); the same body as "Put it on my board".
   */
  router.put(
    '/:id/reorder',
    ...endpoint(
      { ids: ['id'], input: reorderQuerySchema, authorize: 'product:use', transaction: true },
      async (ctx) => {
        const body: ProductReorderSaveResponse = await saveReorderInputs(ctx.trx, ctx.user.id, ctx.input.id, ctx.input);
        ctx.body = body;
      },
    ),
  );

  /** "Put it on my board": a card "Reorder: <product>" on the member's own board; the same inputs, in the body. */
  router.post(
    '/:id/reorder/card',
    ...endpoint(
      { ids: ['id'], input: reorderQuerySchema, authorize: 'product:reorder-card', transaction: true },
      async (ctx) => {
        const { cardId, title, plan } = await createReorderCard(ctx.trx, ctx.user.id, ctx.input.id, ctx.input);
        const body: ReorderCardResponse = { cardId, title, plan, message: MESSAGES.reorderCardCreated };
        ctx.body = body;
      },
    ),
  );
}
