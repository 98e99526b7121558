import type { Middleware, Next } from 'koa';
import { can, isSubscriptionBlocked, type Action, type UserSubject } from '@shared/policies';
import { MESSAGES } from '@shared/messages';
import { forbidden, HttpError, unauthorized } from './errors';
import { loadSessionUser, type SessionUser } from './session-user';
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

export function requireUser(ctx: PortalContext): SessionUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}

/** Asks the shared policy; 403 when it says no. Use after auth(). */
export function authorize(action: Action, subject?: (ctx: PortalContext) => UserSubject | undefined): Middleware {
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    const user = requireUser(c);
    if (!can(user, action, subject?.(c))) {
      c.deps.log.warn('denied', { requestId: c.state.requestId, userId: user.id, action, path: c.path });
      throw forbidden();
    }
    await next();
  };
}

export function assertCan(ctx: PortalContext, action: Action, subject?: UserSubject): SessionUser {
  const user = requireUser(ctx);
  if (!can(user, action, subject)) {
    ctx.deps.log.warn('denied', { requestId: ctx.state.requestId, userId: user.id, action, path: ctx.path });
    throw forbidden();
  }
  return user;
}
