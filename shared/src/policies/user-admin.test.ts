import { describe, expect, it } from 'vitest';
import { ROLES } from '../limits';
import type { Principal } from './principal';
import {
  canAdministerUsers,
  canSignInAs,
  isBulkRoleChangeable,
  isBulkStatusChangeable,
  USER_ADMIN_ACTIONS,
  userDashboardAbilities,
  type UserAdminAction,
} from './user-admin';

const mk = (over: Partial<Principal>): Principal => ({
  id: 1,
  role: 'basic',
  isAdmin: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: [],
  ...over,
});

const PRINCIPALS = {
  anonymous: null,
  basic: mk({ role: 'basic' }),
  courseOnly: mk({ role: 'course only' }),
  premium: mk({ role: 'premium' }),
  coach: mk({ role: 'coach' }),
  admin: mk({ role: 'admin', isAdmin: true }),
  adminSwitchedToCoach: mk({ role: 'coach', isAdmin: true }),
} as const;

describe('canAdministerUsers (docs/areas/users.md#who-may-do-what: bulk operations, import, CSV download are admin only)', () => {
  it.each(Object.entries(PRINCIPALS))('%s', (name, user) => {
    for (const action of USER_ADMIN_ACTIONS) expect(canAdministerUsers(user, action), action).toBe(name === 'admin');
  });

  it('refuses an unknown action even to an admin', () => {
    expect(canAdministerUsers(PRINCIPALS.admin, 'user:drop-table' as UserAdminAction)).toBe(false);
  });
});

describe('bulk role rules', () => {
  it('never changes an administrator’s role in bulk (role admin or isAdmin)', () => {
    for (const role of ROLES) {
      expect(isBulkRoleChangeable({ role, isAdmin: true }), role).toBe(false);
      expect(isBulkRoleChangeable({ role, isAdmin: false }), role).toBe(role !== 'admin');
    }
  });

  it('applies a status change (basic/premium) to members only', () => {
    expect(isBulkStatusChangeable({ role: 'coach', isAdmin: false })).toBe(false);
    expect(isBulkStatusChangeable({ role: 'admin', isAdmin: true })).toBe(false);
    for (const role of ['basic', 'premium', 'course only'] as const) {
      expect(isBulkStatusChangeable({ role, isAdmin: false })).toBe(true);
    }
  });
});

describe('userDashboardAbilities', () => {
  it('gives an admin everything, a coach tag editing of premium members without billing, members nothing', () => {
    const coach = { manage: false, edit: true, tagsOnly: true, billing: false, listRole: 'premium' };
    expect(userDashboardAbilities(PRINCIPALS.admin)).toEqual({
      manage: true,
      edit: true,
      tagsOnly: false,
      billing: true,
      listRole: '',
    });
    expect(userDashboardAbilities(PRINCIPALS.coach)).toEqual(coach);
    expect(userDashboardAbilities(PRINCIPALS.adminSwitchedToCoach)).toEqual(coach);
    for (const user of [PRINCIPALS.basic, PRINCIPALS.courseOnly, PRINCIPALS.premium, null]) {
      expect(userDashboardAbilities(user)).toEqual({
        manage: false,
        edit: false,
        tagsOnly: false,
        billing: false,
        listRole: '',
      });
    }
  });

  it('offers Sign in as on member and coach rows only, never on admins or oneself', () => {
    const admin = PRINCIPALS.admin;
    expect(canSignInAs(admin, { id: 2, role: 'premium', isAdmin: false })).toBe(true);
    expect(canSignInAs(admin, { id: 2, role: 'coach', isAdmin: false })).toBe(true);
    expect(canSignInAs(admin, { id: 2, role: 'admin', isAdmin: true })).toBe(false);
    expect(canSignInAs(admin, { id: 2, role: 'basic', isAdmin: true })).toBe(false);
    expect(canSignInAs(admin, { id: admin.id, role: 'admin', isAdmin: true })).toBe(false);
    expect(canSignInAs(PRINCIPALS.coach, { id: 2, role: 'basic', isAdmin: false })).toBe(false);
  });
});
