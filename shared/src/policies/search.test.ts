import { describe, expect, it } from 'vitest';
import { ROLES } from '../limits';
import { can } from './actions';
import { findsCardsOf, findsMember, memberSearchScope, type SearchableUser } from './search';
import { AFTER, BEFORE, mk } from './test-principals';

const admin = mk({ id: 1, role: 'admin', isAdmin: true });
const coach = mk({ id: 2, role: 'coach' });
const other = (over: Partial<SearchableUser>): SearchableUser => ({
  id: 50,
  role: 'premium',
  isAdmin: false,
  coachId: null,
  ...over,
});

describe('the command palette search (docs/areas/search.md#who-may-do-what)', () => {
  it('is open to every signed-in user, never to anonymous', () => {
    expect(can(null, 'search:use')).toBe(false);
    for (const role of ROLES) expect(can(mk({ role }), 'search:use')).toBe(true);
  });

  it('reaches members: admin everyone, a coach their own premium members, members nobody', () => {
    expect(memberSearchScope(admin)).toEqual({ kind: 'everyone' });
    expect(memberSearchScope(coach)).toEqual({ kind: 'coached', coachId: 2 });
    for (const role of ['premium', 'basic', 'course only'] as const) {
      expect(memberSearchScope(mk({ role }))).toBeNull();
      expect(findsMember(mk({ role }), other({ coachId: 100 }))).toBe(false);
    }
    expect(findsMember(admin, other({ role: 'basic' }))).toBe(true);
    expect(findsMember(admin, other({ role: 'admin', isAdmin: true }))).toBe(true);
    expect(findsMember(admin, other({ id: 1, role: 'admin' }))).toBe(false);

    expect(findsMember(coach, other({ coachId: 2 }))).toBe(true);
    expect(findsMember(coach, other({ coachId: 3 }))).toBe(false);
    expect(findsMember(coach, other({ coachId: null }))).toBe(false);
    // Outside the coach's User Dashboard, even when coached: not found.
    expect(findsMember(coach, other({ coachId: 2, role: 'basic' }))).toBe(false);
    expect(findsMember(coach, other({ coachId: 2, isAdmin: true }))).toBe(false);
  });

  it('reaches boards: one’s own with a board of one’s own, and those of found members one works on', () => {
    expect(findsCardsOf(mk({ id: 9, role: 'premium', createdAt: BEFORE }), other({ id: 9 }))).toBe(true);
    expect(findsCardsOf(mk({ id: 9, role: 'premium', createdAt: AFTER }), other({ id: 9 }))).toBe(false);
    expect(findsCardsOf(mk({ id: 9, role: 'basic' }), other({ id: 9, role: 'basic' }))).toBe(false);
    expect(findsCardsOf(mk({ id: 9, role: 'premium' }), other({ coachId: 9 }))).toBe(false);
    expect(findsCardsOf(coach, other({ id: 2, role: 'coach' }))).toBe(true);
    expect(findsCardsOf(coach, other({ coachId: 2 }))).toBe(true);
    expect(findsCardsOf(coach, other({ coachId: 3 }))).toBe(false);
    expect(findsCardsOf(admin, other({ id: 1, role: 'admin' }))).toBe(true);
    expect(findsCardsOf(admin, other({ role: 'admin', isAdmin: true }))).toBe(true);
    expect(findsCardsOf(admin, other({ role: 'basic' }))).toBe(true);
  });
});
