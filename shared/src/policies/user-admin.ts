import type { Role } from '../limits';
import { can, type UserSubject } from './actions';
import { isAdminRole, type Principal } from './principal';
import { COACH_DIRECTORY_ROLE, userDirectoryScope } from './user-scope';

export { canAdministerUsers, isUserAdminAction, USER_ADMIN_ACTIONS, type UserAdminAction } from './user-admin-actions';

/** Whether a bulk role change may touch this account: never an administrator's (role admin or isAdmin). */
export function isBulkRoleChangeable(subject: Pick<UserSubject, 'role' | 'isAdmin'>): boolean {
  return subject.role !== 'admin' && !subject.isAdmin;
}

/** Roles a bulk role change (Options menu) may set; admin is given only through the user form. */
export const BULK_ROLE_TARGETS = ['premium', 'basic', 'coach', 'course only'] as const;
export type BulkRoleTarget = (typeof BULK_ROLE_TARGETS)[number];

/** Status changes of the bulk update dialog (docs/areas/users.md#limits: basic, premium). */
export const BULK_STATUS_ROLES = ['basic', 'premium'] as const;
export type BulkStatusRole = (typeof BULK_STATUS_ROLES)[number];

/**
 * A bulk status change applies to members only: staff accounts (admin, coach, or an admin
 * switched to another role) keep their role; their tags still change.
 */
export function isBulkStatusChangeable(subject: Pick<UserSubject, 'role' | 'isAdmin'>): boolean {
  return isBulkRoleChangeable(subject) && subject.role !== 'coach';
}

/** What the User Dashboard offers a viewer (docs/areas/users.md#screens, docs/areas/users.md#who-may-do-what). */
export interface UserDashboardAbilities {
  /** Add user, row checkboxes, Options menu, Delete. */
  manage: boolean;
  /** Edit offered (admin: every field; coach: User Tags only). */
  edit: boolean;
  /** The coach's form shows only User Tags. */
  tagsOnly: boolean;
  /** The Stripe Status column (billing fields: admins only). */
  billing: boolean;
  /** The role the list is limited to ('' for every role): a coach sees premium members. */
  listRole: Role | '';
}

export function userDashboardAbilities(user: Principal | null): UserDashboardAbilities {
  const manage = user !== null && isAdminRole(user);
  // Without a subject, 'user:update' asks "may edit users other than themselves": admin and coach.
  const edit = can(user, 'user:list') && can(user, 'user:update');
  const scope = userDirectoryScope(user);
  return {
    manage,
    edit,
    tagsOnly: edit && !manage,
    billing: scope === 'everyone',
    listRole: scope === 'premium-members' ? COACH_DIRECTORY_ROLE : '',
  };
}

/** 'Sign in as...' is offered on a row when the policy allows it for that user. */
export function canSignInAs(user: Principal | null, subject: UserSubject): boolean {
  return can(user, 'user:impersonate', subject);
}
