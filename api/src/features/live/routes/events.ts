import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { liveEventsQuerySchema, type LiveEventsQuery } from '@shared/schemas/live';
import { endpoint } from '../../../core/endpoint';
import { HttpError, notFound } from '../../../core/errors';
import { refuse, requireUser, type Policy } from '../../../core/auth';
import type { PortalContext, PortalState } from '../../../core/context';
import type { BoardTarget } from '../../board';
import { communitySpaceInView } from '../../community';
import { liveBus } from '../bus/bus';
import { openEventStream, parseLastEventId } from '../streams/stream';
import { rightsOf, streamTarget } from '../streams/registry';

/**
 * The policy of the stream: `live:read` about the board's owner when `?board` is given (the
 * board's read rule, so a 403 comes before the stream opens), about nothing otherwise (one's own
 * notifications). An unknown user is a 404 for those who may list users, a 403 for the others.
 */
const livePolicy: Policy<BoardTarget | undefined> = {
  action: 'live:read',
  load: async (ctx: PortalContext) => {
    const target = await streamTarget(ctx.deps.knex, (ctx.input as LiveEventsQuery).board);
    if (target === null) {
      if (can(requireUser(ctx), 'user:list')) throw notFound(MESSAGES.userNotFound);
      refuse(ctx, 'live:read');
    }
    return target;
  },
};

/** How long a client is asked to wait when this instance holds as many streams as it may. */
const LIVE_FULL_RETRY_SECONDS = 10;

/** Live events: GET /api/events, a server-sent event stream (docs/areas/live.md). */
export function liveRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api' });

  /**
   * `text/event-stream` of the signed-in user: `board` events of ?board (its owner's id; an
   * admin's board is the Master Template), `community` events of ?space (a space they see),
   * `notification` events of their own, `resync` when a
   * `Last-Event-ID` is older than what is kept. A heartbeat comment every LIVE_HEARTBEAT_MS.
   */
  router.get(
    '/events',
    ...endpoint({ input: liveEventsQuerySchema, from: 'query', authorize: livePolicy }, async (ctx) => {
      const { config, knex } = ctx.deps;
      if (liveBus(knex).streams.full(config.live)) {
        throw new HttpError(503, 'live_streams_full', MESSAGES.liveStreamsFull, undefined, {
          'Retry-After': String(LIVE_FULL_RETRY_SECONDS),
        });
      }
      // A space one may not see does not exist for them (the community's own rule).
      const spaceId =
        ctx.input.space === undefined ? null : (await communitySpaceInView(knex, ctx.user, ctx.input.space)).id;
      await openEventStream(ctx, knex, {
        userId: ctx.user.id,
        impersonatorId: ctx.user.impersonator?.id ?? null,
        boardOwnerId: ctx.subject?.lock ?? null,
        board: ctx.input.board,
        spaceId,
        rights: rightsOf(ctx.user),
        lastEventId: parseLastEventId(ctx.get('Last-Event-ID') || undefined),
        heartbeatMs: config.liveHeartbeatMs,
        limits: config.live,
        sessionIdleMs: config.sessionIdleMinutes * 60_000,
      });
    }),
  );
  return router;
}
