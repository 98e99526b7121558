import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { productUpsertEnvelopeSchema, todayUtc } from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import { notFound } from '../../core/errors';
import { optionalId } from '../../core/validate';
import { vatRatesInForce } from '../fees';
import type { PortalContext, PortalState } from '../../core/context';
import { presentProduct } from './presenter';
import { countProducts, deleteProduct, listProducts, pickProductChanges, saveProduct } from './service';
import { productPlanningRoutes } from './planning-routes';
import { productToolRoutes } from './tool-routes';

/**
 * Power Profit Tool (docs/areas/seller-tools.md#api): every call is the signed-in member's own products only. Each
 * product response carries the computed fields of docs/areas/seller-tools.md#data, from the shared calculator.
 */
export function productRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/product' });

  router.get(
    '/read-many',
    ...endpoint({ authorize: 'product:use' }, async (ctx) => {
      const rows = await listProducts(ctx.deps.knex, ctx.user.id);
      const vat = await vatRatesInForce(ctx.deps.knex, todayUtc());
      ctx.body = { products: rows.map((row) => presentProduct(row, vat)) };
    }),
  );

  router.get(
    '/count',
    ...endpoint({ authorize: 'product:use' }, async (ctx) => {
      ctx.body = { total: await countProducts(ctx.deps.knex, ctx.user.id) };
    }),
  );

  /** The product's fields are checked by the service, merged with the stored ones (a modal sends only its own). */
  router.post(
    '/upsert',
    ...endpoint({ input: productUpsertEnvelopeSchema, authorize: 'product:use', transaction: true }, async (ctx) => {
      const raw: unknown = (ctx.request.body as { product?: unknown }).product;
      const { row, isNew } = await saveProduct(ctx.trx, {
        userId: ctx.user.id,
        role: ctx.user.role,
        canEditFees: can(ctx.user, 'product:additional-fees'),
        id: optionalId(raw),
        changes: pickProductChanges(raw),
        typeAdditionalFees: ctx.input.typeAdditionalFees,
      });
      ctx.body = { product: presentProduct(row, await vatRatesInForce(ctx.trx, todayUtc())), isNew };
    }),
  );

  productToolRoutes(router);
  productPlanningRoutes(router);

  router.delete(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: 'product:use', transaction: true }, async (ctx) => {
      if (!(await deleteProduct(ctx.trx, ctx.user.id, ctx.input.id))) throw notFound(MESSAGES.productNotFound);
      ctx.body = { success: true, message: MESSAGES.productDeleted };
    }),
  );

  return router;
}
