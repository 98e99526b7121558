import { describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationReadManyResponse } from '@shared/types';
import { addToInbox, isNotificationItem, missedSince, oldestId } from './liveInbox';

const item = (id: number, readAt: string | null = null): NotificationItem => ({
  id,
  type: 'comment',
  text: `Note ${id}`,
  quote: null,
  readAt,
  createdAt: '2026-11-26T10:00:00.000Z',
  actor: { id: 2, fullName: 'Cole Coach' },
  card: { id: 100 + id, title: `Card ${id}`, ownerId: 3 },
  post: null,
});

describe('addToInbox: a live notification into a cached first page', () => {
  it('puts it on top, keeps the page size, and raises the total and the unread count', () => {
    const page: NotificationReadManyResponse = { notifications: [item(3), item(2, '2026-01-01')], unread: 1, total: 9 };
    expect(addToInbox(page, item(4), 2)).toBe(true);
    expect(page.notifications.map((n) => n.id)).toEqual([4, 3]);
    expect([page.unread, page.total]).toEqual([2, 10]);
  });

  it('changes nothing for one the page already holds', () => {
    const page: NotificationReadManyResponse = { notifications: [item(3)], unread: 1, total: 1 };
    expect(addToInbox(page, item(3), 5)).toBe(false);
    expect(page).toEqual({ notifications: [item(3)], unread: 1, total: 1 });
  });

  it('tells an inbox entry from other data', () => {
    expect(isNotificationItem(item(1))).toBe(true);
    expect(isNotificationItem({ id: 1, text: 'x' })).toBe(false);
    expect(isNotificationItem({ ...item(2), card: null, post: { id: 5, title: 'A win', spaceId: 1 } })).toBe(true);
    expect(isNotificationItem({ ...item(2), card: null, post: null })).toBe(false);
    expect(isNotificationItem(null)).toBe(false);
  });
});

describe('missedSince: what a read again found that came while the stream was down', () => {
  const page = (...items: NotificationItem[]): NotificationReadManyResponse => ({
    notifications: items,
    unread: items.filter((n) => !n.readAt).length,
    total: items.length,
  });

  it('the unread entries not seen before and newer than the page last read, newest first', () => {
    const read = page(item(9), item(8, '2026-01-01'), item(7), item(5), item(4));
    expect(missedSince(read, new Set([5, 4, 3]), 3).map((n) => n.id)).toEqual([9, 7]);
  });

  it('an entry committed out of id order is still new; an older one surfacing after a deletion is not', () => {
    // 6 arrived live (seen) before 5 committed; 2 comes up only because a newer one was deleted.
    const read = page(item(6), item(5), item(4), item(3), item(2));
    expect(missedSince(read, new Set([6, 4, 3]), 3).map((n) => n.id)).toEqual([5]);
  });

  it('the oldest id of a page, 0 for an empty one', () => {
    expect(oldestId(page(item(9), item(4), item(6)))).toBe(4);
    expect(oldestId(page())).toBe(0);
  });
});
