import Router from '@koa/router';
import { searchQuerySchema } from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { presentSearch } from './presenter';
import { search } from './service';

/** The command palette's search (docs/areas/search.md#api). */
export function searchRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/search' });

  /** Courses, lessons, resources, own products and cards, and (coaches, admins) members matching `q`. */
  router.get(
    '/',
    ...endpoint({ input: searchQuerySchema, from: 'query', authorize: 'search:use' }, async (ctx) => {
      const rows = await search(ctx.deps.knex, ctx.user, ctx.input.q);
      ctx.body = { results: presentSearch(rows, ctx.user) };
    }),
  );

  return router;
}
