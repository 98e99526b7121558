import { describe, expect, it } from 'vitest';
import { ROLES } from '../limits';
import { BEFORE, JUST_BEFORE, AT_CUTOFF, AFTER, mk } from './test-principals';
import { dashboardBoardCard, showsCommunitySearch } from './dashboard';

describe('dashboardBoardCard', () => {
  it('premium before the cutoff, coach and admin see the Move the Needle donut', () => {
    expect(dashboardBoardCard(mk({ role: 'premium' }))).toBe('donut');
    expect(dashboardBoardCard(mk({ role: 'premium', createdAt: JUST_BEFORE }))).toBe('donut');
    for (const role of ['coach', 'admin'] as const) {
      for (const createdAt of [BEFORE, AT_CUTOFF, AFTER, 'garbage']) {
        expect(dashboardBoardCard(mk({ role, createdAt }))).toBe('donut');
      }
    }
  });

  it('course only before the cutoff gets the Move the Needle card (without a board of their own)', () => {
    expect(dashboardBoardCard(mk({ role: 'course only' }))).toBe('upgrade');
    expect(dashboardBoardCard(mk({ role: 'course only', createdAt: JUST_BEFORE }))).toBe('upgrade');
  });

  it('role basic never gets the Move the Needle card', () => {
    for (const createdAt of [BEFORE, JUST_BEFORE, AT_CUTOFF, AFTER, 'garbage']) {
      const kind = dashboardBoardCard(mk({ role: 'basic', createdAt }));
      expect(kind === 'donut' || kind === 'upgrade').toBe(false);
    }
    expect(dashboardBoardCard(mk({ role: 'basic' }))).toBe('none');
    expect(dashboardBoardCard(mk({ role: 'basic', isAdmin: true }))).toBe('none');
  });

  it('every member role created on or after the cutoff gets the Rainmaker Calendar card', () => {
    for (const role of ['premium', 'course only', 'basic'] as const) {
      for (const createdAt of [AT_CUTOFF, AFTER, 'garbage']) {
        expect(dashboardBoardCard(mk({ role, createdAt })), `${role} ${createdAt}`).toBe('calendar');
      }
    }
  });

  it('the donut goes exactly to those who have a board (the cutoff rule of docs/roles.md)', () => {
    for (const role of ROLES) {
      for (const createdAt of [BEFORE, AT_CUTOFF, AFTER]) {
        const hasBoard = role === 'admin' || role === 'coach' || (role === 'premium' && createdAt === BEFORE);
        expect(dashboardBoardCard(mk({ role, createdAt })) === 'donut', `${role} ${createdAt}`).toBe(hasBoard);
      }
    }
  });
});

describe('showsCommunitySearch', () => {
  it('is shown to every role (docs/screens.md), before and after the cutoff, switched admins too', () => {
    for (const role of ROLES) {
      for (const createdAt of [BEFORE, AFTER]) {
        expect(showsCommunitySearch(mk({ role, createdAt })), role).toBe(true);
        expect(showsCommunitySearch(mk({ role, createdAt, isAdmin: true })), role).toBe(true);
      }
    }
  });
});
