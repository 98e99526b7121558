import type { NotificationItem, NotificationReadManyResponse } from '@shared/types';

/**
 * Puts a notification that just arrived on the live stream into a cached first page of the inbox
 * (newest first): at the top, the page trimmed to its size, the unread count and the total raised.
 * Answers false, and changes nothing, when the page already holds it (read after it was written).
 */
export function addToInbox(page: NotificationReadManyResponse, item: NotificationItem, itemsPerPage: number): boolean {
  if (page.notifications.some((n) => n.id === item.id)) return false;
  page.notifications.unshift(item);
  if (page.notifications.length > itemsPerPage) page.notifications.length = itemsPerPage;
  page.total += 1;
  if (!item.readAt) page.unread += 1;
  return true;
}

/** A notification event's data is an inbox entry (the API publishes it as read-many presents it). */
export function isNotificationItem(data: unknown): data is NotificationItem {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Partial<NotificationItem>;
  const about = (x: unknown) => typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'number';
  return typeof d.id === 'number' && typeof d.text === 'string' && (about(d.card) || about(d.post));
}

/**
 * The unread entries of a fresh read of the inbox's first page that this window has not seen (`seen`:
 * the ids it announced or read before) and that are newer than `floor` (the oldest id on that page
 * as last read: an older entry comes up only when a newer one was deleted), newest first: what arrived
 * while the live stream was down, found when the inbox is read again (a resync, a reconnect, the poll).
 */
export function missedSince(
  page: NotificationReadManyResponse,
  seen: ReadonlySet<number>,
  floor: number,
): NotificationItem[] {
  return page.notifications.filter((n) => !n.readAt && !seen.has(n.id) && n.id > floor);
}

/** The oldest id on a page of the inbox (0 for an empty page: then every entry is newer). */
export function oldestId(page: NotificationReadManyResponse): number {
  return page.notifications.length === 0 ? 0 : Math.min(...page.notifications.map((n) => n.id));
}
