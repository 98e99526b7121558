import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { isAllowedPurchaseUrl, resourceAudience } from '@shared/policies';
import { resourceListQuerySchema, resourceUpsertSchema } from '@shared/schemas';
import { auth, authorize, requireUser } from '../../core/auth';
import { badRequest, notFound } from '../../core/errors';
import { idParam, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { addCategoryRoutes } from './category-routes';
import { presentResource } from './presenter';
import { findResource, listResources } from './queries';
import { currentCover, deleteResource, saveResource } from './service';

const actorOf = (ctx: PortalContext) => ({ actorId: requireUser(ctx).id, ip: ctx.ip });

/** Query values are single strings, except `categories`, which may repeat (?categories=1&categories=2). */
function listQuery(query: Record<string, string | string[] | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (k === 'categories' || k === 'categories[]') {
      const values = (Array.isArray(v) ? v : [v ?? '']).flatMap((s) => s.split(',')).filter((s) => s.trim() !== '');
      out.categories = [...((out.categories as string[] | undefined) ?? []), ...values];
    } else if (Array.isArray(v)) {
      throw badRequest('Repeated query parameter', { [k]: 'Give this parameter once' });
    } else if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/** SPEC §7 resources: read-many, read one, upsert and delete (admin), and the categories. */
export function resourceRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/resource' });

  router.get('/read-many', auth(), authorize('resource:read'), async (ctx) => {
    const query = await parse(resourceListQuerySchema, listQuery(ctx.query));
    const user = requireUser(ctx);
    const audience = resourceAudience(user);
    const rows = await listResources(ctx.deps.knex, user, audience, query);
    ctx.body = { resources: rows.map((r) => presentResource(r, audience)) };
  });

  addCategoryRoutes(router);

  router.post('/upsert', auth(), authorize('resource:manage'), async (ctx) => {
    const input = await parse(resourceUpsertSchema, ctx.request.body);
    const { knex, storage, config } = ctx.deps;
    if (input.purchaseUrl && !isAllowedPurchaseUrl(input.purchaseUrl, config.payments.purchaseUrlHosts)) {
      const message = 'Use an https address of an allowed store';
      throw badRequest(message, { purchaseUrl: message });
    }
    if (
      input.coverPhotoUrl &&
      input.coverPhotoUrl !== (await currentCover(knex, input.id)) &&
      !storage.owns(input.coverPhotoUrl)
    ) {
      const message = 'Choose a photo uploaded to the portal';
      throw badRequest(message, { coverPhotoUrl: message });
    }
    const saved = await saveResource(knex, input, actorOf(ctx));
    const user = requireUser(ctx);
    const audience = resourceAudience(user);
    const row = await findResource(knex, user, audience, saved.id);
    ctx.body = { resource: presentResource(row!, audience), isNew: saved.isNew };
  });

  router.get('/:id', auth(), authorize('resource:read'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const user = requireUser(ctx);
    const audience = resourceAudience(user);
    const row = await findResource(ctx.deps.knex, user, audience, id);
    if (!row) throw notFound(MESSAGES.resourceNotFound);
    ctx.body = { resource: presentResource(row, audience) };
  });

  router.delete('/:id', auth(), authorize('resource:manage'), async (ctx) => {
    const id = idParam(ctx.params.id);
    await deleteResource(ctx.deps.knex, id, actorOf(ctx));
    ctx.body = { success: true, message: MESSAGES.resourceDeleted };
  });

  return router;
}
