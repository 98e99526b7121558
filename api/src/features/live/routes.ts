import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { liveEventsQuerySchema, type LiveEventsQuery } from '@shared/schemas/live';
import { endpoint } from '../../core/endpoint';
import { notFound } from '../../core/errors';
import { refuse, requireUser, type Policy } from '../../core/auth';
import type { PortalContext, PortalState } from '../../core/context';
import { lookupBoard, type BoardTarget } from '../board/access';
import { openEventStream, parseLastEventId } from './stream';

/**
 * The policy of the stream: `live:read` about the board's owner when `?board` is given (the
 * board's read rule, so a 403 comes before the stream opens), about nothing otherwise (one's own
 * notifications). An unknown user is a 404 for those who may list users, a 403 for the others.
 */
const livePolicy: Policy<BoardTarget | undefined> = {
  action: 'live:read',
  load: async (ctx: PortalContext) => {
    const board = (ctx.input as LiveEventsQuery).board;
    if (board === undefined) return undefined;
    const actor = requireUser(ctx);
    const found = await lookupBoard(ctx.deps.knex, board);
    if (!found) {
      if (can(actor, 'user:list')) throw notFound(MESSAGES.userNotFound);
      refuse(ctx, 'live:read');
    }
    return { ...found.requested, lock: found.board.owner.id };
  },
};

/** Live events (issue 13 §1): GET /api/events, a server-sent event stream. */
export function liveRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api' });

  /**
   * `text/event-stream` of the signed-in user: `board` events of ?board (its owner's id; an
   * admin's board is the Master Template), `notification` events of their own, `resync` when a
   * `Last-Event-ID` is older than what is kept. A heartbeat comment every LIVE_HEARTBEAT_MS.
   */
  router.get(
    '/events',
    ...endpoint({ input: liveEventsQuerySchema, from: 'query', authorize: livePolicy }, async (ctx) => {
      await openEventStream(ctx, ctx.deps.knex, {
        userId: ctx.user.id,
        boardOwnerId: ctx.subject?.lock ?? null,
        lastEventId: parseLastEventId(ctx.get('Last-Event-ID') || undefined),
        heartbeatMs: ctx.deps.config.liveHeartbeatMs,
      });
    }),
  );
  return router;
}
