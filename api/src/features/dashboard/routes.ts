import Router from '@koa/router';
import { firstRunUpdateSchema } from '@shared/schemas';
import type { FirstRunResponse } from '@shared/types';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { presentFirstRun } from './presenter';
import { readFirstRunFacts, setFirstRunDismissed } from './service';

/**
 * The dashboard's own reads (docs/screens.md#getting-started): the getting-started checklist of a
 * member, ticked from their own data, and hiding or showing it again. Coaches and admins get the
 * logged 403 (`first-run:own`).
 */
export function dashboardRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/dashboard' });

  router.get(
    '/first-run',
    ...endpoint({ authorize: 'first-run:own' }, async (ctx) => {
      const body: FirstRunResponse = presentFirstRun(ctx.user, await readFirstRunFacts(ctx.deps.knex, ctx.user));
      ctx.body = body;
    }),
  );

  router.put(
    '/first-run',
    ...endpoint({ input: firstRunUpdateSchema, authorize: 'first-run:own', transaction: true }, async (ctx) => {
      // An admin signed in as the member sees the answer, without changing the member's choice.
      if (!ctx.user.impersonator) await setFirstRunDismissed(ctx.trx, ctx.user.id, ctx.input.dismissed);
      const facts = await readFirstRunFacts(ctx.trx, ctx.user);
      const body: FirstRunResponse = presentFirstRun(ctx.user, {
        ...facts,
        dismissedAt: ctx.input.dismissed ? (facts.dismissedAt ?? new Date()) : null,
      });
      ctx.body = body;
    }),
  );

  return router;
}
