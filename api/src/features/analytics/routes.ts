import Router from '@koa/router';
import { fillMessage, MESSAGES } from '@shared/messages';
import { ANALYTICS_BATCH_MAX, analyticsBatchSchema } from '@shared/schemas/analytics';
import type { AnalyticsEventsResponse } from '@shared/types';
import type { Policy } from '../../core/authorize';
import { endpoint } from '../../core/endpoint';
import { payloadTooLarge, tooManyRequests } from '../../core/errors';
import { hitRateLimit } from '../../core/rate-limit';
import { assertCan } from '../../core/refuse';
import type { PortalContext, PortalState } from '../../core/context';
import { recordEvents } from './service';

const MINUTE_MS = 60_000;

/** The body, once its batch is known to be within ANALYTICS_BATCH_MAX (413 beyond, before any item is read). */
function batchWithinLimit(ctx: PortalContext): unknown {
  const body = ctx.request.body as { events?: unknown } | undefined;
  if (Array.isArray(body?.events) && body.events.length > ANALYTICS_BATCH_MAX) {
    throw payloadTooLarge(fillMessage(MESSAGES.analyticsBatchTooLarge, { max: ANALYTICS_BATCH_MAX }));
  }
  return body;
}

/**
 * The policy of a batch: any signed-in user, at most ANALYTICS_RATE_LIMIT batches a minute each
 * (429 with Retry-After). Counted before the transaction, so a refused or failed batch counts too.
 */
const recordPolicy: Policy<undefined> = {
  action: 'analytics:record',
  load: async (ctx: PortalContext) => {
    const user = assertCan(ctx, 'analytics:record');
    const hit = await hitRateLimit(ctx.deps.knex, `analytics:${user.id}`, MINUTE_MS);
    if (hit.count > ctx.deps.config.analyticsRateLimit) {
      throw tooManyRequests(MESSAGES.tooManyAnalyticsEvents, hit.retryAfterSeconds);
    }
    return undefined;
  },
};

/**
 * POST /api/analytics/events `{events: [{name, props?, at?}]}` -> `{recorded}` (docs/areas/insights.md#events;
 * docs/areas/insights.md): signed-in users; 1 to 50 events (413 beyond, 400 naming a bad item);
 * names trimmed to 25 characters, unknown names stored apart, properties whitelisted. While an
 * admin is signed in as a member nothing is recorded (the member did not do it): `{recorded: 0}`.
 */
export function analyticsRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/analytics' });

  router.post(
    '/events',
    ...endpoint(
      { input: analyticsBatchSchema, from: batchWithinLimit, authorize: recordPolicy, transaction: true },
      async (ctx) => {
        const { user } = ctx;
        const recorded = user.impersonator
          ? 0
          : await recordEvents(ctx.trx, ctx.input.events, { userId: user.id, role: user.role });
        const body: AnalyticsEventsResponse = { recorded };
        ctx.body = body;
      },
    ),
  );

  return router;
}
