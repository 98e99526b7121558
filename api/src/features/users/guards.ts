import type { Middleware, Next } from 'koa';
import { MESSAGES } from '@shared/messages';
import { canAdministerUsers, type UserAdminAction } from '@shared/policies';
import { requireUser } from '../../core/auth';
import { forbidden, notFound, tooManyRequests } from '../../core/errors';
import { hitRateLimit } from '../../core/rate-limit';
import type { PortalContext } from '../../core/context';

/** Asks the shared user-administration policy (admin only); 403 when it says no. Use after auth(). */
export function authorizeUserAdmin(action: UserAdminAction): Middleware {
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    const user = requireUser(c);
    if (!canAdministerUsers(user, action)) {
      c.deps.log.warn('denied', { requestId: c.state.requestId, userId: user.id, action, path: c.path });
      throw forbidden();
    }
    await next();
  };
}

/** Costly calls, per admin, per window (SECURITY §2): over the limit is a 429 with Retry-After. */
export const USER_ADMIN_RATE_LIMITS = {
  import: { max: 20, windowMs: 15 * 60_000 },
  bulk: { max: 30, windowMs: 15 * 60_000 },
  validate: { max: 60, windowMs: 15 * 60_000 },
  export: { max: 20, windowMs: 15 * 60_000 },
} as const;
export type UserAdminBucket = keyof typeof USER_ADMIN_RATE_LIMITS;

export function rateLimitPerAdmin(bucket: UserAdminBucket): Middleware {
  const { max, windowMs } = USER_ADMIN_RATE_LIMITS[bucket];
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    const user = requireUser(c);
    const hit = await hitRateLimit(c.deps.knex, `user-admin:${bucket}:${user.id}`, windowMs);
    if (hit.count > max) throw tooManyRequests(MESSAGES.tooManyUserAdminRequests, hit.retryAfterSeconds);
    await next();
  };
}

/** Test-only endpoints do not exist in production: 404 for everyone, before any other check. */
export function testEndpointsOnly(): Middleware {
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    if (!c.deps.config.enableTestEndpoints) throw notFound();
    await next();
  };
}
