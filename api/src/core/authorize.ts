import type { Middleware, Next } from 'koa';
import { can, type Action, type Subject } from '@shared/policies';
import type { PortalContext } from './context';
import { refuse, requireUser } from './refuse';

/**
 * The policy step of the chain: an action of the shared `can()`, and optionally how to load what
 * it is about (a user, a board's owner). `load` runs after validation, so it may read `ctx.input`;
 * it throws 404 for an unknown id and returns the subject, which the handler then finds on
 * `ctx.subject`. `message` replaces the default 403 message (for a rule that explains itself).
 */
export interface Policy<S extends Subject | undefined = Subject | undefined> {
  action: Action;
  load?: (ctx: PortalContext) => Promise<S> | S;
  message?: (subject: S) => string | undefined;
}

/** Asks the shared policy; a refusal is logged and is a 403 (see `refuse`). Use after auth(). */
export function authorize<S extends Subject | undefined>(policy: Action | Policy<S>): Middleware {
  const p: Policy<S> = typeof policy === 'string' ? { action: policy } : policy;
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    const user = requireUser(c);
    const subject = p.load ? await p.load(c) : undefined;
    if (!can(user, p.action, subject)) refuse(c, p.action, p.message?.(subject as S));
    c.subject = subject;
    await next();
  };
}
