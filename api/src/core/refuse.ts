import type { Action, Subject } from '@shared/policies';
import { can } from '@shared/policies';
import { forbidden, unauthorized } from './errors';
import type { PortalContext } from './context';
import type { SessionUser } from './session-types';

/**
 * The one way the API refuses access: writes the denial log line (request id, user, action,
 * path) and throws the 403. Every refusal goes through here, whether the chain's `authorize()`
 * or a rule about an object checked later (`assertCan`).
 */
export function refuse(ctx: PortalContext, action: Action | string, message?: string): never {
  ctx.deps.log.warn('denied', {
    requestId: ctx.state.requestId,
    userId: ctx.state.user?.id ?? null,
    action,
    path: ctx.path,
  });
  throw forbidden(message);
}

/** The signed-in user (after `auth()`), or a 401. */
export function requireUser(ctx: PortalContext): SessionUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}

/** Asks the shared policy `can(user, action, subject)`; refuses (logged 403) when it says no. */
export function assertCan(ctx: PortalContext, action: Action, subject?: Subject, message?: string): SessionUser {
  const user = requireUser(ctx);
  if (!can(user, action, subject)) refuse(ctx, action, message);
  return user;
}
