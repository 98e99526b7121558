import Router from '@koa/router';
import {
  notificationMarkReadSchema,
  notificationPageQuerySchema,
  notificationPreferencesSchema,
} from '@shared/schemas/notifications';
import type {
  NotificationMarkReadResponse,
  NotificationPreferencesResponse,
  NotificationReadManyResponse,
} from '@shared/types';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { presentNotification } from './presenter';
import { markRead, readInbox, readPreferences, savePreferences } from './service';

/**
 * The notification inbox (docs/areas/notifications.md), prefix /api/notification. Every signed-in user has their
 * own and only their own: each route reads or changes the rows of the signed-in user, so another
 * user's notification id is simply not found among theirs.
 * - GET /read-many?page=&itemsPerPage= -> {notifications, unread, total}, newest first.
 * - PUT /mark-read {ids: [...]} or {all: true} -> {marked, unread}.
 * - GET /preferences, PUT /preferences {preferences: {comment, for_review, review_done}}:
 *   'app' | 'email' | 'digest' each.
 */
export function notificationRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/notification' });

  router.get(
    '/read-many',
    ...endpoint({ input: notificationPageQuerySchema, from: 'query', authorize: 'notification:own' }, async (ctx) => {
      const { rows, unread, total } = await readInbox(ctx.deps.knex, ctx.user.id, ctx.input);
      const body: NotificationReadManyResponse = { notifications: rows.map(presentNotification), unread, total };
      ctx.body = body;
    }),
  );

  router.put(
    '/mark-read',
    ...endpoint(
      { input: notificationMarkReadSchema, authorize: 'notification:own', transaction: true },
      async (ctx) => {
        const body: NotificationMarkReadResponse = await markRead(ctx.trx, ctx.user.id, ctx.input);
        ctx.body = body;
      },
    ),
  );

  router.get(
    '/preferences',
    ...endpoint({ authorize: 'notification:own' }, async (ctx) => {
      const body: NotificationPreferencesResponse = { preferences: await readPreferences(ctx.deps.knex, ctx.user.id) };
      ctx.body = body;
    }),
  );

  router.put(
    '/preferences',
    ...endpoint(
      { input: notificationPreferencesSchema, authorize: 'notification:own', transaction: true },
      async (ctx) => {
        await savePreferences(ctx.trx, ctx.user.id, ctx.input.preferences);
        const body: NotificationPreferencesResponse = { preferences: await readPreferences(ctx.trx, ctx.user.id) };
        ctx.body = body;
      },
    ),
  );

  return router;
}
