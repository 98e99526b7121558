import { BLOCKED_STRIPE_STATUSES, MTN_CUTOFF_DATE, type Role } from '../limits';

/** The facts about a user that every policy decision is made from. */
export interface Principal {
  id: number;
  role: Role;
  isAdmin: boolean;
  createdAt: string | Date;
  stripeStatus: string | null;
  /** The member's Stripe customer (payment:portal opens only this one's billing portal). */
  stripeCustomerId?: string | null;
  alwaysGrantAccess: boolean;
  Tags: ReadonlyArray<{ id: number; name: string }>;
}

/** Role admin: passes every route and may do everything. */
export function isAdminRole(user: Principal): boolean {
  return user.role === 'admin';
}

/** An administrator account: role admin, or an admin who switched to another role to see it. */
export function isAdministrator(user: Principal): boolean {
  return user.role === 'admin' || user.isAdmin;
}

export function hasTagNamed(user: Principal, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return user.Tags.some((t) => t.name.trim().toLowerCase() === wanted);
}

/** docs/roles.md: unpaid, incomplete, incomplete_expired and past_due go to /blocked unless alwaysGrantAccess. */
export function isSubscriptionBlocked(user: Principal): boolean {
  if (user.alwaysGrantAccess || user.role === 'admin' || user.isAdmin) return false;
  return (BLOCKED_STRIPE_STATUSES as readonly string[]).includes(user.stripeStatus ?? '');
}

const CUTOFF_MS = Date.parse(`${MTN_CUTOFF_DATE}T00:00:00.000Z`);

/**
 * The Move the Needle cutoff, one reading for route, sidebar and dashboard (docs/roles.md):
 * a member (any role but admin and coach) whose account was created on or after
 * 2025-02-13 00:00 UTC does not get Move the Needle; the route sends them to the calendar site
 * and the dashboard shows the Rainmaker Calendar card instead. Coaches and admins are never hidden.
 */
export function isMoveTheNeedleHidden(user: Principal): boolean {
  if (user.role === 'admin' || user.role === 'coach') return false;
  const created = user.createdAt instanceof Date ? user.createdAt.getTime() : Date.parse(user.createdAt);
  if (Number.isNaN(created)) return true;
  return created >= CUTOFF_MS;
}

/** Whether the user has a Move the Needle board of their own (premium before the cutoff, or coach/admin). */
export function hasOwnBoard(user: Principal): boolean {
  if (user.role === 'admin' || user.role === 'coach') return true;
  return user.role === 'premium' && !isMoveTheNeedleHidden(user);
}
