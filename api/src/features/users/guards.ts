import type { Middleware, Next } from 'koa';
import { MESSAGES } from '@shared/messages';
import type { UserAdminAction } from '@shared/policies';
import type { Policy } from '../../core/authorize';
import { notFound, tooManyRequests } from '../../core/errors';
import { hitRateLimit } from '../../core/rate-limit';
import { assertCan } from '../../core/refuse';
import type { PortalContext } from '../../core/context';

/** Costly calls, per admin, per window (docs/security.md): over the limit is a 429 with Retry-After. */
export const USER_ADMIN_RATE_LIMITS = {
  import: { max: 20, windowMs: 15 * 60_000 },
  bulk: { max: 30, windowMs: 15 * 60_000 },
  validate: { max: 60, windowMs: 15 * 60_000 },
  export: { max: 20, windowMs: 15 * 60_000 },
} as const;
export type UserAdminBucket = keyof typeof USER_ADMIN_RATE_LIMITS;

/**
 * The policy of a costly user-administration call: the shared policy first (a logged 403 for
 * anyone else, who is never counted), then the admin's rate limit (429 with Retry-After). It runs
 * as the chain's authorize step, before the transaction, so every call counts, a failed one too.
 */
export function rateLimitedPolicy(action: UserAdminAction, bucket: UserAdminBucket): Policy<undefined> {
  const { max, windowMs } = USER_ADMIN_RATE_LIMITS[bucket];
  return {
    action,
    load: async (ctx: PortalContext) => {
      const user = assertCan(ctx, action);
      const hit = await hitRateLimit(ctx.deps.knex, `user-admin:${bucket}:${user.id}`, windowMs);
      if (hit.count > max) throw tooManyRequests(MESSAGES.tooManyUserAdminRequests, hit.retryAfterSeconds);
      return undefined;
    },
  };
}

/**
 * Test-only endpoints do not exist in production: 404 for everyone, before any other check. Used
 * with `router.use(paths, testEndpointsOnly())` ahead of the routes, so it runs before the chain.
 */
export function testEndpointsOnly(): Middleware {
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    if (!c.deps.config.enableTestEndpoints) throw notFound();
    await next();
  };
}
