import { describe, expect, it } from 'vitest';
import { ROLES } from '../limits';
import { can } from './actions';
import type { Principal } from './principal';
import {
  billingFieldsScope,
  canSeeBillingFields,
  inUserDirectory,
  refusedUserListFilters,
  userDirectoryScope,
  type UserListFilters,
} from './user-scope';

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

const P = {
  anonymous: null,
  basic: mk({ role: 'basic' }),
  courseOnly: mk({ role: 'course only' }),
  premium: mk({ role: 'premium' }),
  coach: mk({ role: 'coach' }),
  adminSwitchedToCoach: mk({ role: 'coach', isAdmin: true }),
  admin: mk({ role: 'admin', isAdmin: true }),
} as const;

describe('userDirectoryScope (docs/areas/users.md#who-may-do-what: whose accounts the User Dashboard covers)', () => {
  it('gives role admin everyone, a coach premium members, and nobody else a directory', () => {
    expect(userDirectoryScope(P.admin)).toBe('everyone');
    expect(userDirectoryScope(P.coach)).toBe('premium-members');
    expect(userDirectoryScope(P.adminSwitchedToCoach)).toBe('premium-members');
    for (const u of [P.anonymous, P.basic, P.courseOnly, P.premium]) expect(userDirectoryScope(u)).toBeNull();
  });
});

describe('inUserDirectory and can() on a subject', () => {
  it('lets a coach read and edit premium members only, never admins switched to premium', () => {
    for (const role of ROLES) {
      for (const isAdmin of [false, true]) {
        const subject = { id: 50, role, isAdmin };
        const expected = role === 'premium' && !isAdmin;
        expect(inUserDirectory(P.coach, subject), `${role} ${isAdmin}`).toBe(expected);
        expect(can(P.coach, 'user:read', subject), `${role} ${isAdmin}`).toBe(expected);
        expect(can(P.coach, 'user:update', subject), `${role} ${isAdmin}`).toBe(expected);
        expect(inUserDirectory(P.admin, subject)).toBe(true);
        expect(inUserDirectory(P.premium, subject)).toBe(false);
      }
    }
  });

  it('lets a coach read and edit their own account', () => {
    const self = { id: P.coach.id, role: 'coach' as const, isAdmin: false };
    expect(can(P.coach, 'user:read', self)).toBe(true);
    expect(can(P.coach, 'user:update', self)).toBe(true);
  });
});

describe('canSeeBillingFields (stripeStatus, stripeCustomerId)', () => {
  it('shows them to role admin and to the user themselves only', () => {
    expect(canSeeBillingFields(P.admin, { id: 50 })).toBe(true);
    expect(canSeeBillingFields(P.coach, { id: 50 })).toBe(false);
    expect(canSeeBillingFields(P.adminSwitchedToCoach, { id: 50 })).toBe(false);
    expect(canSeeBillingFields(P.premium, { id: P.premium.id })).toBe(true);
    expect(canSeeBillingFields(P.premium, { id: 50 })).toBe(false);
    expect(canSeeBillingFields(null, { id: 50 })).toBe(false);
  });

  it('billingFieldsScope: everyone for role admin, their own for everyone else', () => {
    expect(billingFieldsScope(P.admin)).toBe('everyone');
    expect(billingFieldsScope(P.coach)).toBe('self');
    expect(billingFieldsScope(P.adminSwitchedToCoach)).toBe('self');
    expect(billingFieldsScope(P.premium)).toBe('self');
    expect(billingFieldsScope(null)).toBeNull();
  });
});

describe('refusedUserListFilters (GET /api/user/read-many filters)', () => {
  const all: UserListFilters = { search: 'a', role: 'basic', cityOrState: 'TX', stripeStatus: 'unpaid' };

  it('allows an admin every filter', () => {
    expect(refusedUserListFilters(P.admin, all)).toEqual([]);
  });

  it('allows a coach search, place and role premium; never another role or the subscription status', () => {
    expect(refusedUserListFilters(P.coach, { search: 'a', cityOrState: 'TX', role: 'premium' })).toEqual([]);
    expect(refusedUserListFilters(P.coach, all)).toEqual(['role', 'stripeStatus']);
    for (const role of ROLES.filter((r) => r !== 'premium')) {
      expect(refusedUserListFilters(P.coach, { role }), role).toEqual(['role']);
    }
    expect(refusedUserListFilters(P.coach, { stripeStatus: 'active' })).toEqual(['stripeStatus']);
    expect(refusedUserListFilters(P.coach, { role: '', stripeStatus: '' })).toEqual([]);
  });

  it('gives members no directory filters at all', () => {
    expect(refusedUserListFilters(P.premium, { search: 'a' })).toEqual(['search']);
  });
});
