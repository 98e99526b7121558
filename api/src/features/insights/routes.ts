import Router from '@koa/router';
import { courseAudience, insightsScopeFor } from '@shared/policies';
import { atRiskQuerySchema, insightsRange, insightsSummaryQuerySchema } from '@shared/schemas/insights';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { atRiskCsvStream, auditAtRiskExport, countAtRisk, readAtRisk } from './at-risk';
import { readSummary } from './summary';

/**
 * The Insights page's API (docs/areas/insights.md#insights-page, prefix /api/insights): admins see everyone, coaches only
 * the members they coach (insightsScopeFor), members 403. Reads only: the rollups, never the raw
 * events (docs/areas/insights.md).
 */
export function insightsRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/insights' });

  router.get(
    '/summary',
    ...endpoint({ input: insightsSummaryQuerySchema, from: 'query', authorize: 'insights:read' }, async (ctx) => {
      const scope = insightsScopeFor(ctx.user)!;
      ctx.body = await readSummary(ctx.deps.knex, scope, insightsRange(ctx.input), courseAudience(ctx.user));
    }),
  );

  router.get(
    '/at-risk',
    ...endpoint({ input: atRiskQuerySchema, from: 'query', authorize: 'insights:read' }, async (ctx) => {
      ctx.body = await readAtRisk(ctx.deps.knex, insightsScopeFor(ctx.user)!, ctx.input, ctx.user);
    }),
  );

  // The count and its audit row in one transaction; the CSV streams afterwards in keyset batches.
  router.get(
    '/at-risk/export',
    ...endpoint({ authorize: 'insights:export', transaction: true }, async (ctx) => {
      const scope = insightsScopeFor(ctx.user)!;
      const total = await countAtRisk(ctx.trx, scope, ctx.user);
      await auditAtRiskExport(ctx.trx, total, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.set('Content-Disposition', 'attachment; filename="members-at-risk.csv"');
      ctx.set('X-Total-Count', String(total));
      ctx.set('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = atRiskCsvStream(ctx.deps.knex, scope, ctx.user);
    }),
  );

  return router;
}
