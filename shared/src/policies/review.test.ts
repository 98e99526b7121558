import { describe, expect, it } from 'vitest';
import type { Principal } from './principal';
import { canCoach, coachFilterFor, isReviewer, reviewScopesFor } from './review';

const mk = (over: Partial<Principal>): Principal => ({
  id: 7,
  role: 'premium',
  isAdmin: false,
  createdAt: '2024-06-01T00:00:00.000Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: [],
  ...over,
});

describe('review policy (docs/areas/review.md)', () => {
  it('coaches and admins review; members and an admin switched to a member role do not', () => {
    expect(isReviewer(mk({ role: 'coach' }))).toBe(true);
    expect(isReviewer(mk({ role: 'admin' }))).toBe(true);
    for (const role of ['premium', 'basic', 'course only'] as const) expect(isReviewer(mk({ role }))).toBe(false);
    expect(isReviewer(mk({ role: 'basic', isAdmin: true }))).toBe(false);
    expect(isReviewer(null)).toBe(false);
    expect(reviewScopesFor(mk({ role: 'coach' }))).toEqual(['mine', 'unassigned', 'all']);
    expect(reviewScopesFor(mk({ role: 'premium' }))).toEqual([]);
  });

  it('the "my members" filter: a coach their own, an admin any coach; members never', () => {
    expect(coachFilterFor(mk({ role: 'coach' }), 'mine')).toBe(7);
    expect(coachFilterFor(mk({ role: 'coach' }), 12)).toBeNull();
    expect(coachFilterFor(mk({ role: 'admin' }), 12)).toBe(12);
    expect(coachFilterFor(mk({ role: 'admin' }), 'mine')).toBe(7);
    expect(coachFilterFor(mk({ role: 'premium' }), 'mine')).toBeNull();
  });

  it('a coach is a coach or an admin, never the member', () => {
    expect(canCoach({ id: 2, role: 'coach' }, { id: 1 })).toBe(true);
    expect(canCoach({ id: 2, role: 'admin' }, { id: 1 })).toBe(true);
    expect(canCoach({ id: 2, role: 'premium' }, { id: 1 })).toBe(false);
    expect(canCoach({ id: 1, role: 'coach' }, { id: 1 })).toBe(false);
  });
});
