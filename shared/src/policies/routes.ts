import { EXTERNAL_LINKS, ROLES, type Role } from '../limits';
import { hasTagNamed, isAdminRole, isMoveTheNeedleHidden, isSubscriptionBlocked, type Principal } from './principal';

export interface RouteRule {
  /** A path pattern with :params, e.g. /move-the-needle/:id; a trailing /* matches any rest. */
  pattern: string;
  /** 'public' routes need no session; otherwise the roles that pass. */
  roles: 'public' | readonly Role[];
  /** Tag names that grant the route regardless of role. */
  tags?: readonly string[];
  /** Hidden for the user by the Move the Needle cutoff: redirects to the calendar site. */
  hiddenByCutoff?: boolean;
  /** Public routes that a signed-in user is sent away from (sign-in, sign-up). */
  guestOnly?: boolean;
  /**
   * Open to members whose subscription is blocked: /check-stripe-payment, where Stripe sends them
   * back after fixing their payment, waits there until the new status arrives.
   */
  allowBlocked?: boolean;
}

const ALL: readonly Role[] = ROLES;

/** docs/screens.md: every route of the app with its access rule. Redirect-only routes are in REDIRECTS. */
export const ROUTES: readonly RouteRule[] = [
  { pattern: '/signin', roles: 'public', guestOnly: true },
  { pattern: '/signup', roles: 'public', guestOnly: true },
  { pattern: '/forgot-password', roles: 'public' },
  { pattern: '/reset-password/:token', roles: 'public' },
  { pattern: '/blocked', roles: 'public' },
  { pattern: '/not-found', roles: 'public' },
  { pattern: '/check-stripe-payment', roles: ALL, allowBlocked: true },
  { pattern: '/', roles: ALL },
  { pattern: '/resources', roles: ALL },
  { pattern: '/courses', roles: ALL },
  { pattern: '/courses/:slug', roles: ALL },
  { pattern: '/courses/:slug/:moduleId', roles: ALL },
  { pattern: '/courses/:slug/:moduleId/:lessonId', roles: ALL },
  { pattern: '/course/:moduleId/:lessonId', roles: ALL },
  { pattern: '/lesson-redirect/:lessonId', roles: ALL },
  { pattern: '/profit-calculator', roles: ALL },
  { pattern: '/profit-calculator/:id/summary', roles: ALL },
  { pattern: '/move-the-needle', roles: ['coach', 'premium'], hiddenByCutoff: true },
  { pattern: '/move-the-needle/:id', roles: ['coach'], hiddenByCutoff: true },
  { pattern: '/product-qualifier', roles: ALL },
  { pattern: '/profile', roles: ALL },
  { pattern: '/notifications', roles: ALL },
  { pattern: '/calendar', roles: ALL },
  { pattern: '/plans', roles: ['admin', 'coach', 'premium'], hiddenByCutoff: true },
  { pattern: '/users', roles: ['admin', 'coach'] },
  { pattern: '/review', roles: ['admin', 'coach'] },
  { pattern: '/insights', roles: ['admin', 'coach'] },
  { pattern: '/tag-management', roles: ['admin'] },
  { pattern: '/portal-settings', roles: ['admin'] },
  { pattern: '/audit-log', roles: ['admin'] },
  { pattern: '/jobs', roles: ['admin'] },
  { pattern: '/fee-rate-cards', roles: ['admin'] },
  { pattern: '/ai-toolkit', roles: ['coach'], tags: ['aitoolkit'] },
  { pattern: '/ai-toolkit/chat/:toolName', roles: ['coach'], tags: ['aitoolkit'] },
  { pattern: '/ai-toolkit-chat', roles: ['coach'], tags: ['aitoolkit'] },
  { pattern: '/community', roles: ALL },
  { pattern: '/community/post/:id', roles: ALL },
  { pattern: '/community/member/:id', roles: ALL },
  { pattern: '/community/moderation', roles: ['admin', 'coach'] },
  { pattern: '/community/spaces', roles: ['admin'] },
];

/** Redirects that need no decision (docs/screens.md). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/ai-tool-kit': '/ai-toolkit',
  '/ai-tool-kit-chat': '/ai-toolkit-chat',
  '/course': '/courses',
};

export type RouteDecision =
  | { type: 'allow'; rule: RouteRule; params: Record<string, string> }
  | { type: 'redirect'; to: string; external?: boolean }
  | { type: 'denied'; rule: RouteRule }
  | { type: 'not-found' };

function normalise(pathname: string): string {
  const p = pathname.split(/[?#]/)[0] ?? '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/** Matches a path against a pattern; returns its params or null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = normalise(pathname).split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(g);
      } catch {
        return null;
      }
      params[w.slice(1)] = value;
    } else if (w !== g) return null;
  }
  return params;
}

export function findRoute(pathname: string): { rule: RouteRule; params: Record<string, string> } | null {
  for (const rule of ROUTES) {
    const params = matchPattern(rule.pattern, pathname);
    if (params) return { rule, params };
  }
  return null;
}

/** Whether the user's role or tags satisfy a rule (ignoring session, subscription and cutoff). */
export function roleOrTagPasses(user: Principal, rule: RouteRule): boolean {
  if (rule.roles === 'public') return true;
  if (isAdminRole(user)) return true;
  if (rule.roles.includes(user.role)) return true;
  return (rule.tags ?? []).some((t) => hasTagNamed(user, t));
}

/**
 * Access guard (docs/screens.md), the single decision used by the router in the UI and by the API:
 * public passes; no session goes to /signin; unpaid statuses go to /blocked unless
 * alwaysGrantAccess; admin always passes; a hidden route sends to the calendar site; the role
 * must be among the route's roles or the user must hold one of its tags; else 'denied'.
 */
export function decideRoute(
  user: Principal | null,
  pathname: string,
  /** The calendar site (the calendarUrl portal setting; the built-in placeholder until it is read). */
  calendarUrl: string = EXTERNAL_LINKS.calendar,
): RouteDecision {
  const path = normalise(pathname);
  // Own keys only: a path such as '__proto__' or 'constructor' must not pick up Object.prototype.
  const redirect = Object.hasOwn(REDIRECTS, path) ? REDIRECTS[path] : undefined;
  if (redirect) return { type: 'redirect', to: redirect };
  const found = findRoute(path);
  if (!found) return { type: 'not-found' };
  const { rule, params } = found;
  if (rule.roles === 'public') {
    if (rule.guestOnly && user) return { type: 'redirect', to: '/' };
    return { type: 'allow', rule, params };
  }
  if (!user) return { type: 'redirect', to: '/signin' };
  if (isSubscriptionBlocked(user) && !rule.allowBlocked) return { type: 'redirect', to: '/blocked' };
  if (isAdminRole(user)) return { type: 'allow', rule, params };
  if (rule.hiddenByCutoff && isMoveTheNeedleHidden(user)) {
    return { type: 'redirect', to: calendarUrl, external: true };
  }
  if (roleOrTagPasses(user, rule)) return { type: 'allow', rule, params };
  return { type: 'denied', rule };
}
