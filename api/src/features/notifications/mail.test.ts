import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIGEST_HOUR_UTC, msUntilHourUtc, notificationLink, startDigestTimer } from './mail';

afterEach(() => {
  vi.useRealTimers();
});

describe('the daily digest timer', () => {
  it('counts to the next digest hour, UTC', () => {
    expect(msUntilHourUtc(new Date('2026-01-01T06:00:00Z'), 7)).toBe(3_600_000);
    expect(msUntilHourUtc(new Date('2026-01-01T07:00:00Z'), 7)).toBe(24 * 3_600_000);
    expect(msUntilHourUtc(new Date('2026-01-31T08:30:00Z'), 7)).toBe(22.5 * 3_600_000);
  });

  it('runs the digest once a day at the digest hour, and not after stop', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(`2026-03-10T0${DIGEST_HOUR_UTC - 1}:00:00Z`));
    const run = vi.fn();
    const stop = startDigestTimer(run);
    vi.advanceTimersByTime(3_600_000 - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(48 * 3_600_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe('notificationLink', () => {
  it("opens the card on one's own board or on the member's board", () => {
    expect(notificationLink('https://p.example', 5, 5, 9)).toBe('https://p.example/move-the-needle?card=9');
    expect(notificationLink('https://p.example', 3, 5, 9)).toBe('https://p.example/move-the-needle/5?card=9');
  });
});
