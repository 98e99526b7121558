import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { isSubscriptionBlocked } from '@shared/policies';
import { calendarEventsQuerySchema, calendarRange, callRsvpSchema, callUpsertSchema } from '@shared/schemas';
import type {
  CalendarCallResponse,
  CalendarEventsResponse,
  CalendarFeedResponse,
  CalendarRsvpResponse,
} from '@shared/types';
import { endpoint } from '../../core/endpoint';
import { HttpError, notFound, tooManyRequests } from '../../core/errors';
import { loadSessionUser } from '../../core/load-session-user';
import { hitRateLimit } from '../../core/rate-limit';
import type { PortalContext, PortalState } from '../../core/context';
import { ensureFeedToken, feedCalendar, feedOwner, feedUrl, rotateFeedToken } from './feed';
import { presentCall } from './presenter';
import { calendarEvents, deleteCall, saveCall, saveRsvp, visibleCall } from './service';

/** Feed reads per address (IP) in FEED_WINDOW_MS: calendar apps poll every few minutes at most. */
const FEED_MAX_PER_IP = 120;
const FEED_WINDOW_MS = 10 * 60_000;
/** Address resets per user in ROTATE_WINDOW_MS. */
const ROTATE_MAX = 10;
const ROTATE_WINDOW_MS = 60 * 60_000;

/**
 * The calendar (docs/areas/calendar.md): admins schedule coaching calls; every member reads the
 * calls they may see and the due cards they may see, answers for calls and has a secret feed
 * address that serves the same as text/calendar without a cookie.
 */
export function calendarRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/calendar' });

  router.post(
    '/call/upsert',
    ...endpoint({ input: callUpsertSchema, authorize: 'calendar:manage', transaction: true }, async (ctx) => {
      const { row, isNew } = await saveCall(ctx.trx, { actorId: ctx.user.id, ip: ctx.ip, call: ctx.input });
      const body: CalendarCallResponse = { call: presentCall(row), isNew };
      ctx.body = body;
    }),
  );

  router.get(
    '/call/:id',
    ...endpoint({ ids: ['id'], authorize: 'calendar:read' }, async (ctx) => {
      const body: CalendarCallResponse = {
        call: presentCall(await visibleCall(ctx.deps.knex, ctx.user, ctx.input.id)),
      };
      ctx.body = body;
    }),
  );

  router.delete(
    '/call/:id',
    ...endpoint({ ids: ['id'], authorize: 'calendar:manage', transaction: true }, async (ctx) => {
      if (!(await deleteCall(ctx.trx, ctx.input.id, ctx.user.id, ctx.ip))) throw notFound(MESSAGES.callNotFound);
      ctx.body = { success: true, message: MESSAGES.callDeleted };
    }),
  );

  router.put(
    '/call/:id/rsvp',
    ...endpoint({ ids: ['id'], input: callRsvpSchema, authorize: 'calendar:read', transaction: true }, async (ctx) => {
      const body: CalendarRsvpResponse = await saveRsvp(ctx.trx, ctx.user, ctx.input.id, ctx.input.going);
      ctx.body = body;
    }),
  );

  router.get(
    '/events',
    ...endpoint({ input: calendarEventsQuerySchema, from: 'query', authorize: 'calendar:read' }, async (ctx) => {
      const { from, to } = calendarRange(ctx.input);
      const body: CalendarEventsResponse = { events: await calendarEvents(ctx.deps.knex, ctx.user, from, to) };
      ctx.body = body;
    }),
  );

  router.get(
    '/feed',
    ...endpoint({ authorize: 'calendar:read', transaction: true }, async (ctx) => {
      const { config } = ctx.deps;
      const token = await ensureFeedToken(ctx.trx, config.sessionSecret, ctx.user.id);
      const body: CalendarFeedResponse = { url: feedUrl(config.publicUrl, token) };
      ctx.body = body;
    }),
  );

  router.post(
    '/feed/rotate',
    ...endpoint({ authorize: 'calendar:read', transaction: true }, async (ctx) => {
      const { config } = ctx.deps;
      // In the transaction (PGlite has one connection): a refused reset rolls back its own count.
      const hit = await hitRateLimit(ctx.trx, `calendar-rotate:${ctx.user.id}`, ROTATE_WINDOW_MS);
      if (hit.count > ROTATE_MAX) throw tooManyRequests(MESSAGES.tooManyCalendarRequests, hit.retryAfterSeconds);
      const token = await rotateFeedToken(ctx.trx, config.sessionSecret, ctx.user.id);
      const body: CalendarFeedResponse = { url: feedUrl(config.publicUrl, token) };
      ctx.body = body;
    }),
  );

  // The feed itself: no cookie (calendar apps have none); the secret address is the credential.
  router.get(
    '/feed/:file',
    ...endpoint({ auth: false }, async (ctx) => {
      const { config, knex } = ctx.deps;
      const hit = await hitRateLimit(knex, `calendar-feed:${ctx.ip}`, FEED_WINDOW_MS);
      if (hit.count > FEED_MAX_PER_IP) throw tooManyRequests(MESSAGES.tooManyCalendarRequests, hit.retryAfterSeconds);
      const file = String(ctx.params.file ?? '');
      const userId = file.endsWith('.ics') ? await feedOwner(knex, file.slice(0, -4)) : null;
      const user = userId === null ? null : await loadSessionUser(knex, userId, undefined);
      if (!user) throw notFound(MESSAGES.calendarFeedNotFound);
      if (isSubscriptionBlocked(user)) throw new HttpError(403, 'subscription_blocked', MESSAGES.blocked);
      ctx.type = 'text/calendar; charset=utf-8';
      ctx.set('Content-Disposition', 'inline; filename="calendar.ics"');
      ctx.body = await feedCalendar(knex, user, config.publicUrl, new Date());
    }),
  );

  return router;
}
