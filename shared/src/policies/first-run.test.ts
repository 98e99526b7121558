import { describe, expect, it } from 'vitest';
import { can } from './actions';
import { FIRST_RUN_ALL_DONE_DAYS, firstRunSteps, showsFirstRunCard } from './first-run';
import type { Principal } from './principal';

const BEFORE_CUTOFF = '2024-06-01T12:00:00Z';
const user = (role: Principal['role'], createdAt = BEFORE_CUTOFF, isAdmin = false): Principal => ({
  id: 7,
  role,
  isAdmin,
  createdAt,
  stripeStatus: null,
  alwaysGrantAccess: false,
  Tags: [],
});

describe('the getting-started checklist (docs/screens.md#getting-started)', () => {
  it('gives each member role the steps it can take; coaches and admins none', () => {
    expect(firstRunSteps(user('premium'))).toEqual(['lesson', 'qualifier', 'product', 'review']);
    // After the cutoff a premium member has no board: no card to send for review.
    expect(firstRunSteps(user('premium', '2025-06-01T00:00:00Z'))).toEqual(['lesson', 'qualifier', 'product']);
    expect(firstRunSteps(user('basic'))).toEqual(['lesson', 'qualifier', 'product']);
    // Course only: the qualifier is an upgrade prompt for them.
    expect(firstRunSteps(user('course only'))).toEqual(['lesson', 'product']);
    expect(firstRunSteps(user('coach'))).toEqual([]);
    expect(firstRunSteps(user('admin'))).toEqual([]);
    // An administrator switched to premium sees what premium sees.
    expect(firstRunSteps(user('premium', BEFORE_CUTOFF, true))).toHaveLength(4);
    expect(can(user('coach'), 'first-run:own')).toBe(false);
    expect(can(user('basic'), 'first-run:own')).toBe(true);
  });

  it('shows the card while a step is open; once all are done only to members who joined lately', () => {
    const now = Date.parse('2026-12-07T12:00:00Z');
    const open = { dismissed: false, steps: [{ done: true }, { done: false }] };
    const done = { dismissed: false, steps: [{ done: true }, { done: true }] };
    const old = user('basic', BEFORE_CUTOFF);
    const fresh = user('basic', new Date(now - (FIRST_RUN_ALL_DONE_DAYS - 1) * 86_400_000).toISOString());
    expect(showsFirstRunCard(old, open, now)).toBe(true);
    expect(showsFirstRunCard(old, done, now)).toBe(false);
    expect(showsFirstRunCard(fresh, done, now)).toBe(true);
    expect(showsFirstRunCard(fresh, { ...open, dismissed: true }, now)).toBe(false);
    expect(showsFirstRunCard(user('coach'), open, now)).toBe(false);
    expect(showsFirstRunCard(fresh, { dismissed: false, steps: [] }, now)).toBe(false);
  });
});
