import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { dueAtError, dueAtMax, dueStatus, matchesDueFilter } from './due';

/** Due dates (docs/areas/board.md, "Due dates"): the bounds, the chip's wording and tone, the filter; a fixed clock. */
const NOW = new Date('2026-06-10T12:00:00Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe('dueStatus', () => {
  it('words a due date ahead by calendar day and tones it by the 48 h rule', () => {
    // Local days: the test runs with TZ=UTC or any zone; pick times well inside the days.
    const tomorrow = new Date(NOW);
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(dueStatus(tomorrow, NOW)).toEqual({ tone: 'soon', text: 'due tomorrow' });
    const inThree = new Date(NOW);
    inThree.setDate(inThree.getDate() + 3);
    expect(dueStatus(inThree, NOW)).toEqual({ tone: 'later', text: 'due in 3 days' });
    expect(dueStatus(at(0.5), NOW)).toEqual({ tone: 'soon', text: 'due in 30 minutes' });
    expect(dueStatus(at(48), NOW).tone).toBe('soon');
    expect(dueStatus(at(48.01), NOW).tone).toBe('later');
  });

  it('words a due date passed: minutes, hours, then days, always red', () => {
    expect(dueStatus(at(0), NOW)).toEqual({ tone: 'overdue', text: 'overdue by 1 minute' });
    expect(dueStatus(at(-0.25), NOW)).toEqual({ tone: 'overdue', text: 'overdue by 15 minutes' });
    expect(dueStatus(at(-5), NOW)).toEqual({ tone: 'overdue', text: 'overdue by 5 hours' });
    expect(dueStatus(at(-24), NOW)).toEqual({ tone: 'overdue', text: 'overdue by 1 day' });
    expect(dueStatus(at(-50), NOW)).toEqual({ tone: 'overdue', text: 'overdue by 2 days' });
  });

  it('takes an ISO string as well as a Date', () => {
    expect(dueStatus(at(-50), NOW)).toEqual(dueStatus(new Date(at(-50)), NOW));
  });
});

describe('matchesDueFilter', () => {
  it("'week': due from now to 7 days ahead; 'overdue': past due; 'all': every card, dated or not", () => {
    expect(matchesDueFilter(at(24), 'week', NOW)).toBe(true);
    expect(matchesDueFilter(at(7 * 24), 'week', NOW)).toBe(true);
    expect(matchesDueFilter(at(7 * 24 + 1), 'week', NOW)).toBe(false);
    expect(matchesDueFilter(at(-1), 'week', NOW)).toBe(false);
    expect(matchesDueFilter(at(-1), 'overdue', NOW)).toBe(true);
    expect(matchesDueFilter(at(1), 'overdue', NOW)).toBe(false);
    expect(matchesDueFilter(null, 'week', NOW)).toBe(false);
    expect(matchesDueFilter(null, 'overdue', NOW)).toBe(false);
    expect(matchesDueFilter(null, 'all', NOW)).toBe(true);
  });
});

describe('dueAtError', () => {
  it('takes an instant with its offset inside the bounds', () => {
    expect(dueAtError('2026-12-03T14:00:00Z', NOW)).toBeNull();
    expect(dueAtError('2026-12-03T15:00+01:00', NOW)).toBeNull();
    expect(dueAtError('2036-06-10T00:00:00Z', NOW)).toBeNull();
  });

  it('refuses a bare day, a time without offset, an impossible day, and dates out of bounds', () => {
    for (const bad of ['2026-12-03', '2026-12-03T14:00', '2026-02-30T10:00Z', 'soon', '']) {
      expect(dueAtError(bad, NOW), bad).toBe(MESSAGES.dueAtInvalid);
    }
    const range = `Choose a due date between 2000-01-01 and ${dueAtMax(NOW)}`;
    expect(dueAtMax(NOW)).toBe('2036-06-10');
    expect(dueAtError('1999-12-31T23:59:00Z', NOW)).toBe(range);
    expect(dueAtError('2036-06-11T00:00:00Z', NOW)).toBe(range);
  });
});
