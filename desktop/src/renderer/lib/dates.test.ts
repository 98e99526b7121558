import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatDayShort } from './dates';

describe('date formats', () => {
  it('writes a day one way, from a date or the UTC day of a time', () => {
    expect(formatDay('2026-12-07')).toBe('Dec 7, 2026');
    expect(formatDay('2026-11-28T23:30:00.000Z')).toBe('Nov 28, 2026');
    expect(formatDayShort('2026-01-05')).toBe('Jan 5');
  });

  it('writes a moment with its time, and leaves what is not a date as it is', () => {
    expect(formatDateTime('2026-11-28T11:11:35Z')).toMatch(/^Nov 2[89], 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDay('soon')).toBe('soon');
    expect(formatDateTime('')).toBe('');
  });
});
