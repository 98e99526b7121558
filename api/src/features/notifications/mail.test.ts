import { describe, expect, it } from 'vitest';
import { QUEUES } from '../../core/queue/queues';
import { DIGEST_HOUR_UTC, notificationLink } from './mail';

describe('the daily digest timer', () => {
  it('is the job queue timer of the digest hour, UTC, every day', () => {
    expect(QUEUES['notification-digest'].cron).toBe(`0 ${DIGEST_HOUR_UTC} * * *`);
  });
});

describe('notificationLink', () => {
  it("opens the card on one's own board or on the member's board", () => {
    expect(notificationLink('https://p.example', 5, 5, 9)).toBe('https://p.example/move-the-needle?card=9');
    expect(notificationLink('https://p.example', 3, 5, 9)).toBe('https://p.example/move-the-needle/5?card=9');
  });
});
