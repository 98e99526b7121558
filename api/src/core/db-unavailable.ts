import type { Middleware } from 'koa';
import { isConnectionLost } from '../db/connection-errors';
import type { PortalContext } from './context';
import { HttpError } from './errors';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again.';

/**
 * A request whose database connection was lost (PostgreSQL restarted, the connection was
 * terminated, the network dropped it) answers 503 with Retry-After, never 500: the request did
 * nothing wrong and may simply be sent again. Reads outside a transaction have already been
 * retried once on a fresh connection (api/src/db/resilient-pg.ts); a transaction that lost its
 * connection was rolled back by the server, so nothing of it was written.
 */
export function databaseUnavailable(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!isConnectionLost(err)) throw err;
      const c = ctx as unknown as PortalContext;
      c.deps.log.warn('database connection lost', {
        requestId: c.state.requestId,
        method: c.method,
        path: c.path,
        error: err instanceof Error ? err.message.slice(-200) : String(err),
      });
      throw new HttpError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, undefined, { 'Retry-After': '1' });
    }
  };
}
