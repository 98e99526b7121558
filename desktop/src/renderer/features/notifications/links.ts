import type { NotificationItem } from '@shared/types';

/**
 * The path that opens what a notification is about: its card (on one's own board, or the member's
 * board), or its community post.
 */
export function notificationPath(item: Pick<NotificationItem, 'card' | 'post'>, viewerId: number): string {
  if (item.post) return `/community/post/${item.post.id}`;
  if (!item.card) return '/notifications';
  const board = item.card.ownerId === viewerId ? '/move-the-needle' : `/move-the-needle/${item.card.ownerId}`;
  return `${board}?card=${item.card.id}`;
}

/** "5 min ago", "3 h ago", or the date, for a notification's time. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}
