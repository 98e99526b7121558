import { describe, expect, it } from 'vitest';
import { formatAgo } from './messages';

describe('formatAgo', () => {
  it('words a time span in the past, up to 30 days', () => {
    expect(formatAgo(-5)).toBe('just now');
    expect(formatAgo(59)).toBe('just now');
    expect(formatAgo(60)).toBe('1 minute ago');
    expect(formatAgo(3599)).toBe('59 minutes ago');
    expect(formatAgo(2 * 3600 + 5)).toBe('2 hours ago');
    expect(formatAgo(86_400)).toBe('1 day ago');
    expect(formatAgo(29 * 86_400)).toBe('29 days ago');
    expect(formatAgo(30 * 86_400)).toBeNull();
  });
});
