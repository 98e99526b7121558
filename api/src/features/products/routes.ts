import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { productUpsertEnvelopeSchema } from '@shared/schemas';
import { auth, authorize, requireUser } from '../../core/auth';
import { notFound } from '../../core/errors';
import { idParam, optionalId, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { presentProduct } from './presenter';
import { countProducts, deleteProduct, listProducts, pickProductChanges, saveProduct } from './service';
import { productToolRoutes } from './tool-routes';

/**
 * Power Profit Tool (SPEC §7): every call is the signed-in member's own products only. Each
 * product response carries the computed fields of SPEC §3, from the shared calculator.
 */
export function productRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/product' });

  router.get('/read-many', auth(), authorize('product:use'), async (ctx) => {
    const rows = await listProducts(ctx.deps.knex, requireUser(ctx).id);
    ctx.body = { products: rows.map(presentProduct) };
  });

  router.get('/count', auth(), authorize('product:use'), async (ctx) => {
    ctx.body = { total: await countProducts(ctx.deps.knex, requireUser(ctx).id) };
  });

  router.post('/upsert', auth(), authorize('product:use'), async (ctx) => {
    const user = requireUser(ctx);
    const envelope = await parse(productUpsertEnvelopeSchema, ctx.request.body);
    const raw: unknown = (ctx.request.body as { product?: unknown }).product;
    const id = optionalId(raw);
    const { row, isNew } = await saveProduct(ctx.deps.knex, {
      userId: user.id,
      role: user.role,
      canEditFees: can(user, 'product:additional-fees'),
      id,
      changes: pickProductChanges(raw),
      typeAdditionalFees: envelope.typeAdditionalFees,
    });
    ctx.body = { product: presentProduct(row), isNew };
  });

  productToolRoutes(router);

  router.delete('/:id', auth(), authorize('product:use'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const deleted = await deleteProduct(ctx.deps.knex, requireUser(ctx).id, id);
    if (!deleted) throw notFound(MESSAGES.productNotFound);
    ctx.body = { success: true, message: MESSAGES.productDeleted };
  });

  return router;
}
