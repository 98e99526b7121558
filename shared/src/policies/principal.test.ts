import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import {
  hasOwnBoard,
  hasTagNamed,
  isAdminRole,
  isAdministrator,
  isMoveTheNeedleHidden,
  isSubscriptionBlocked,
  type Principal,
} from './principal';

const BEFORE = '2024-06-01T12:00:00.000Z';
const AFTER = '2025-06-01T12:00:00.000Z';
const AT_CUTOFF = '2025-02-13T00:00:00.000Z';
const JUST_BEFORE = '2025-02-12T23:59:59.999Z';

function mk(over: Partial<Principal> = {}): Principal {
  return {
    id: 1,
    role: 'basic',
    isAdmin: false,
    createdAt: BEFORE,
    stripeStatus: null,
    alwaysGrantAccess: false,
    Tags: [],
    ...over,
  };
}

const MEMBER_ROLES: readonly Role[] = ['basic', 'course only', 'premium'];
const BLOCKED = ['unpaid', 'incomplete', 'incomplete_expired', 'past_due'] as const;
const NOT_BLOCKED = ['active', 'trialing', 'canceled', null, ''] as const;

describe('isAdminRole / isAdministrator', () => {
  it('isAdminRole is true only for role admin, whatever isAdmin says', () => {
    expect(isAdminRole(mk({ role: 'admin' }))).toBe(true);
    expect(isAdminRole(mk({ role: 'admin', isAdmin: true }))).toBe(true);
    expect(isAdminRole(mk({ role: 'basic', isAdmin: true }))).toBe(false);
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      expect(isAdminRole(mk({ role }))).toBe(false);
    }
  });

  it('isAdministrator is true for role admin and for an admin who switched to another role', () => {
    expect(isAdministrator(mk({ role: 'admin' }))).toBe(true);
    for (const role of ROLES) expect(isAdministrator(mk({ role, isAdmin: true }))).toBe(true);
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      expect(isAdministrator(mk({ role, isAdmin: false }))).toBe(false);
    }
  });
});

describe('hasTagNamed', () => {
  it('finds a tag by name, ignoring case and surrounding spaces on either side', () => {
    const u = mk({ Tags: [{ id: 3, name: '  AIToolkit ' }] });
    expect(hasTagNamed(u, 'aitoolkit')).toBe(true);
    expect(hasTagNamed(u, 'AITOOLKIT')).toBe(true);
    expect(hasTagNamed(u, ' aitoolkit  ')).toBe(true);
  });

  it('does not match other tags, partial names or an empty tag list', () => {
    expect(hasTagNamed(mk(), 'aitoolkit')).toBe(false);
    expect(hasTagNamed(mk({ Tags: [{ id: 1, name: 'raina' }] }), 'aitoolkit')).toBe(false);
    expect(hasTagNamed(mk({ Tags: [{ id: 1, name: 'aitoolkit-beta' }] }), 'aitoolkit')).toBe(false);
    expect(hasTagNamed(mk({ Tags: [{ id: 1, name: 'ai toolkit' }] }), 'aitoolkit')).toBe(false);
  });

  it('matches when the tag is anywhere in the list', () => {
    const u = mk({
      Tags: [
        { id: 1, name: 'vip' },
        { id: 2, name: 'raina' },
        { id: 3, name: 'aitoolkit' },
      ],
    });
    expect(hasTagNamed(u, 'aitoolkit')).toBe(true);
    expect(hasTagNamed(u, 'raina')).toBe(true);
    expect(hasTagNamed(u, 'vip')).toBe(true);
  });
});

describe('isSubscriptionBlocked (docs/roles.md)', () => {
  it.each(BLOCKED)('%s blocks a member without alwaysGrantAccess', (status) => {
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      expect(isSubscriptionBlocked(mk({ role, stripeStatus: status }))).toBe(true);
    }
  });

  it.each(BLOCKED)('%s does not block when alwaysGrantAccess is true', (status) => {
    for (const role of ROLES) {
      expect(isSubscriptionBlocked(mk({ role, stripeStatus: status, alwaysGrantAccess: true }))).toBe(false);
    }
  });

  it.each(NOT_BLOCKED)('status %j never blocks', (status) => {
    for (const role of ROLES) {
      expect(isSubscriptionBlocked(mk({ role, stripeStatus: status }))).toBe(false);
    }
  });

  it('never blocks an admin (admin always passes), nor an admin who switched role', () => {
    for (const status of BLOCKED) {
      expect(isSubscriptionBlocked(mk({ role: 'admin', stripeStatus: status }))).toBe(false);
      expect(isSubscriptionBlocked(mk({ role: 'basic', isAdmin: true, stripeStatus: status }))).toBe(false);
      expect(isSubscriptionBlocked(mk({ role: 'premium', isAdmin: true, stripeStatus: status }))).toBe(false);
    }
  });

  it('uses the exact Stripe status strings (no substring or padded matches)', () => {
    expect(isSubscriptionBlocked(mk({ stripeStatus: 'unpaid ' }))).toBe(false);
    expect(isSubscriptionBlocked(mk({ stripeStatus: 'incomplete_expired_x' }))).toBe(false);
    expect(isSubscriptionBlocked(mk({ stripeStatus: 'past' }))).toBe(false);
  });

  it('property: blocked exactly when status is one of the four, no alwaysGrantAccess, and not an administrator', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLES),
        fc.boolean(),
        fc.boolean(),
        fc.oneof(fc.constantFrom<string | null>(...BLOCKED, ...NOT_BLOCKED), fc.string()),
        (role, isAdmin, alwaysGrantAccess, stripeStatus) => {
          const u = mk({ role, isAdmin, alwaysGrantAccess, stripeStatus });
          const expected =
            !alwaysGrantAccess &&
            role !== 'admin' &&
            !isAdmin &&
            (BLOCKED as readonly (string | null)[]).includes(stripeStatus);
          expect(isSubscriptionBlocked(u)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('isMoveTheNeedleHidden (cutoff 2025-02-13, docs/roles.md)', () => {
  it.each(MEMBER_ROLES)('a %s member created exactly at 2025-02-13T00:00:00.000Z is hidden', (role) => {
    expect(isMoveTheNeedleHidden(mk({ role, createdAt: AT_CUTOFF }))).toBe(true);
  });

  it.each(MEMBER_ROLES)('a %s member created at 2025-02-12T23:59:59.999Z is not hidden', (role) => {
    expect(isMoveTheNeedleHidden(mk({ role, createdAt: JUST_BEFORE }))).toBe(false);
  });

  it.each(MEMBER_ROLES)('a %s member created well after the cutoff is hidden, well before is not', (role) => {
    expect(isMoveTheNeedleHidden(mk({ role, createdAt: AFTER }))).toBe(true);
    expect(isMoveTheNeedleHidden(mk({ role, createdAt: BEFORE }))).toBe(false);
  });

  it('accepts Date objects on both sides of the cutoff', () => {
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt: new Date(AT_CUTOFF) }))).toBe(true);
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt: new Date(JUST_BEFORE) }))).toBe(false);
    expect(isMoveTheNeedleHidden(mk({ role: 'basic', createdAt: new Date(AFTER) }))).toBe(true);
    expect(isMoveTheNeedleHidden(mk({ role: 'basic', createdAt: new Date(BEFORE) }))).toBe(false);
  });

  it('treats an unreadable createdAt (string or invalid Date) as hidden (fails closed)', () => {
    for (const createdAt of ['', 'not a date', '2025-13-45T99:99:99Z', 'NaN']) {
      expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt }))).toBe(true);
    }
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt: new Date(Number.NaN) }))).toBe(true);
  });

  it('reads a date-only string as midnight UTC', () => {
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt: '2025-02-13' }))).toBe(true);
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt: '2025-02-12' }))).toBe(false);
  });

  it('honours an explicit UTC offset in the timestamp', () => {
    // 00:30 at +01:00 is 23:30 UTC the day before the cutoff.
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt: '2025-02-13T00:30:00+01:00' }))).toBe(false);
    // 23:30 at -01:00 on the 12th is 00:30 UTC on the 13th.
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', createdAt: '2025-02-12T23:30:00-01:00' }))).toBe(true);
  });

  it('never hides Move the Needle from coaches and admins, whatever the date (even unreadable)', () => {
    for (const role of ['admin', 'coach'] as const) {
      for (const createdAt of [BEFORE, AT_CUTOFF, AFTER, 'garbage', new Date(Number.NaN)]) {
        expect(isMoveTheNeedleHidden(mk({ role, createdAt }))).toBe(false);
      }
    }
  });

  it('an admin who switched to a member role is judged by the member role', () => {
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', isAdmin: true, createdAt: AFTER }))).toBe(true);
    expect(isMoveTheNeedleHidden(mk({ role: 'premium', isAdmin: true, createdAt: BEFORE }))).toBe(false);
  });

  it('property: for members, hidden exactly when createdAt >= the cutoff instant', () => {
    const cutoff = Date.UTC(2025, 1, 13);
    fc.assert(
      fc.property(
        fc.constantFrom(...MEMBER_ROLES),
        fc.integer({ min: cutoff - 5 * 365 * 86_400_000, max: cutoff + 5 * 365 * 86_400_000 }),
        fc.boolean(),
        (role, ms, asDate) => {
          const createdAt = asDate ? new Date(ms) : new Date(ms).toISOString();
          expect(isMoveTheNeedleHidden(mk({ role, createdAt }))).toBe(ms >= cutoff);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('hasOwnBoard', () => {
  it('coaches and admins always have a board', () => {
    for (const createdAt of [BEFORE, AFTER]) {
      expect(hasOwnBoard(mk({ role: 'admin', createdAt }))).toBe(true);
      expect(hasOwnBoard(mk({ role: 'coach', createdAt }))).toBe(true);
    }
  });

  it('premium members have one only when created before the cutoff', () => {
    expect(hasOwnBoard(mk({ role: 'premium', createdAt: JUST_BEFORE }))).toBe(true);
    expect(hasOwnBoard(mk({ role: 'premium', createdAt: AT_CUTOFF }))).toBe(false);
    expect(hasOwnBoard(mk({ role: 'premium', createdAt: 'invalid' }))).toBe(false);
  });

  it('basic and course only members never have one', () => {
    for (const role of ['basic', 'course only'] as const) {
      for (const createdAt of [BEFORE, AFTER]) expect(hasOwnBoard(mk({ role, createdAt }))).toBe(false);
    }
  });

  it('an admin who switched to basic has no board of their own while switched', () => {
    expect(hasOwnBoard(mk({ role: 'basic', isAdmin: true }))).toBe(false);
  });
});
