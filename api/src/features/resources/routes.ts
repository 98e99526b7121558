import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { isAllowedPurchaseUrl, resourceAudience } from '@shared/policies';
import { resourceListQuerySchema, resourceUpsertSchema } from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import { badRequest, notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { addCategoryRoutes } from './category-routes';
import { presentResource } from './presenter';
import { findResource, listResources } from './queries';
import { currentCover, deleteResource, saveResource } from './service';

/** Query values are single strings, except `categories`, which may repeat (?categories=1&categories=2). */
function listQuery(ctx: PortalContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ctx.query)) {
    if (k === 'categories' || k === 'categories[]') {
      const values = (Array.isArray(v) ? v : [v ?? '']).flatMap((s) => s.split(',')).filter((s) => s.trim() !== '');
      out.categories = [...((out.categories as string[] | undefined) ?? []), ...values];
    } else if (Array.isArray(v)) {
      throw badRequest('Repeated query parameter', { [k]: 'Give this parameter once' });
    } else if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** Resources (docs/areas/resources.md#api): read-many, read one, upsert and delete (admin), and the categories. */
export function resourceRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/resource' });

  router.get(
    '/read-many',
    ...endpoint({ input: resourceListQuerySchema, from: listQuery, authorize: 'resource:read' }, async (ctx) => {
      const audience = resourceAudience(ctx.user);
      const rows = await listResources(ctx.deps.knex, ctx.user, audience, ctx.input);
      ctx.body = { resources: rows.map((r) => presentResource(r, audience)) };
    }),
  );

  addCategoryRoutes(router);

  router.post(
    '/upsert',
    ...endpoint({ input: resourceUpsertSchema, authorize: 'resource:manage', transaction: true }, async (ctx) => {
      const { input, trx } = ctx;
      const { storage, config } = ctx.deps;
      if (input.purchaseUrl && !isAllowedPurchaseUrl(input.purchaseUrl, config.payments.purchaseUrlHosts)) {
        const message = 'Use an https address of an allowed store';
        throw badRequest(message, { purchaseUrl: message });
      }
      if (
        input.coverPhotoUrl &&
        input.coverPhotoUrl !== (await currentCover(trx, input.id)) &&
        !storage.owns(input.coverPhotoUrl)
      ) {
        const message = 'Choose a photo uploaded to the portal';
        throw badRequest(message, { coverPhotoUrl: message });
      }
      const saved = await saveResource(trx, input, { actorId: ctx.user.id, ip: ctx.ip });
      const audience = resourceAudience(ctx.user);
      const row = await findResource(trx, ctx.user, audience, saved.id);
      ctx.body = { resource: presentResource(row!, audience), isNew: saved.isNew };
    }),
  );

  router.get(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: 'resource:read' }, async (ctx) => {
      const audience = resourceAudience(ctx.user);
      const row = await findResource(ctx.deps.knex, ctx.user, audience, ctx.input.id);
      if (!row) throw notFound(MESSAGES.resourceNotFound);
      ctx.body = { resource: presentResource(row, audience) };
    }),
  );

  router.delete(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: 'resource:manage', transaction: true }, async (ctx) => {
      await deleteResource(ctx.trx, ctx.input.id, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.body = { success: true, message: MESSAGES.resourceDeleted };
    }),
  );

  return router;
}
