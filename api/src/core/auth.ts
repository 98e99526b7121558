import type { Middleware, Next } from 'koa';
import { isSubscriptionBlocked } from '@shared/policies';
import { MESSAGES } from '@shared/messages';
import { HttpError, unauthorized } from './errors';
import { loadSessionUser } from './load-session-user';
import type { SessionUser } from './session-types';
import type { PortalContext, SessionData } from './context';

export function sessionData(ctx: PortalContext): SessionData {
  return ctx.session ?? {};
}

/** Loads the session's user into ctx.state.user when there is one; never fails. */
export async function currentUser(ctx: PortalContext): Promise<SessionUser | null> {
  if (ctx.state.user) return ctx.state.user;
  const data = sessionData(ctx);
  if (!data.userId) return null;
  const user = await loadSessionUser(ctx.deps.knex, data.userId, data.impersonatorId);
  if (!user) {
    ctx.session = null;
    return null;
  }
  ctx.state.user = user;
  return user;
}

export interface AuthOptions {
  /** Let users whose subscription is blocked through (the /blocked page needs /api/auth/me). */
  allowBlocked?: boolean;
}

/** 401 without a session; 403 with code subscription_blocked for unpaid statuses. */
export function auth(options: AuthOptions = {}): Middleware {
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    const user = await currentUser(c);
    if (!user) throw unauthorized();
    if (!options.allowBlocked && isSubscriptionBlocked(user)) {
      throw new HttpError(403, 'subscription_blocked', MESSAGES.blocked);
    }
    await next();
  };
}

export { assertCan, refuse, requireUser } from './refuse';
export { authorize, type Policy } from './authorize';
