import type { Role } from '../limits';
import { isAdminRole, type Principal } from './principal';

/**
 * Whose accounts a viewer's User Dashboard lists, opens and edits (docs/areas/users.md#who-may-do-what): role admin everyone;
 * a coach premium members only ("pager counts premium users", "edits a user's tags only"); nobody
 * else has the dashboard (members get the community search). The API filters, reads and writes by
 * it and the UI asks it which list to request and which columns to show.
 */
export type UserDirectoryScope = 'everyone' | 'premium-members';

export function userDirectoryScope(user: Principal | null): UserDirectoryScope | null {
  if (!user) return null;
  if (isAdminRole(user)) return 'everyone';
  if (user.role === 'coach') return 'premium-members';
  return null;
}

/** The role a coach's list is limited to. */
export const COACH_DIRECTORY_ROLE: Role = 'premium';

/**
 * A premium member as a coach sees one: role premium and not an administrator (an admin who
 * switched to premium to look around stays out of a coach's reach).
 */
export function isPremiumMember(subject: { role: Role; isAdmin: boolean }): boolean {
  return subject.role === COACH_DIRECTORY_ROLE && !subject.isAdmin;
}

/** Whether `subject` is inside the viewer's directory (listed, readable, taggable). */
export function inUserDirectory(user: Principal | null, subject: { role: Role; isAdmin: boolean }): boolean {
  const scope = userDirectoryScope(user);
  return scope === 'everyone' || (scope === 'premium-members' && isPremiumMember(subject));
}

/** Fields of a user about their subscription and payments. */
export const BILLING_USER_FIELDS = ['stripeStatus', 'stripeCustomerId'] as const;
export type BillingUserField = (typeof BILLING_USER_FIELDS)[number];

/**
 * Whose billing fields a viewer sees: everyone's (role admin), or only their own (anyone else
 * signed in; a coach never sees a member's). A list that filters or ranks by billing (the members
 * at risk) asks it once; `canSeeBillingFields` asks it about one user.
 */
export function billingFieldsScope(user: Principal | null): 'everyone' | 'self' | null {
  if (!user) return null;
  return isAdminRole(user) ? 'everyone' : 'self';
}

/** Billing fields are for role admin and for the user themselves; a coach never sees them. */
export function canSeeBillingFields(user: Principal | null, subject: { id: number }): boolean {
  const scope = billingFieldsScope(user);
  return scope === 'everyone' || (scope === 'self' && user!.id === subject.id);
}

/** The User Dashboard list's filters (GET /api/user/read-many), apart from paging. */
export interface UserListFilters {
  search?: string;
  role?: string;
  cityOrState?: string;
  stripeStatus?: string;
}

/**
 * The filters in `filters` the viewer may not use on their directory: a coach searches and
 * filters by place within premium members, may name the role premium (the dashboard does), and
 * never filters by subscription status (that is billing). Empty: all allowed.
 */
export function refusedUserListFilters(user: Principal | null, filters: UserListFilters): Array<keyof UserListFilters> {
  const scope = userDirectoryScope(user);
  const given = (Object.keys(filters) as Array<keyof UserListFilters>).filter((k) => Boolean(filters[k]));
  if (scope === 'everyone') return [];
  if (scope === null) return given;
  return given.filter((k) => k === 'stripeStatus' || (k === 'role' && filters.role !== COACH_DIRECTORY_ROLE));
}
