import { isAdminRole, type Principal } from './principal';

/**
 * The User Dashboard's bulk and file operations (docs/areas/users.md#who-may-do-what: admin only), actions of `can()`, which
 * asks `canAdministerUsers` for them (the API's routes through `can()`, the UI's controls either).
 */
export type UserAdminAction =
  | 'user:upgrade-role'
  | 'user:bulk-update'
  | 'user:validate-csv'
  | 'user:import'
  | 'user:export'
  /** Set a member's coach (the user form's Coach select lists the candidates; docs/areas/review.md#a-members-coach). */
  | 'user:set-coach'
  /** The sample generators and the v2 add-tags helper (absent in production). */
  | 'user:test-tools';

export const USER_ADMIN_ACTIONS: readonly UserAdminAction[] = [
  'user:upgrade-role',
  'user:bulk-update',
  'user:validate-csv',
  'user:import',
  'user:export',
  'user:set-coach',
  'user:test-tools',
];

export function isUserAdminAction(action: string): action is UserAdminAction {
  return (USER_ADMIN_ACTIONS as readonly string[]).includes(action);
}

export function canAdministerUsers(user: Principal | null, action: UserAdminAction): boolean {
  if (!user || !USER_ADMIN_ACTIONS.includes(action)) return false;
  return isAdminRole(user);
}
