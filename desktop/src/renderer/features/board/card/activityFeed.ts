import type { Activity, CardHistoryEntry } from '@shared/types/board';

/** One row of the card dialog's Activity: a comment, or an entry of the card's history. */
export type FeedItem =
  | { type: 'comment'; key: string; at: number; activity: Activity }
  | { type: 'history'; key: string; at: number; entry: CardHistoryEntry };

/**
 * Comments and history entries in one list, newest first (like the comments alone before). At the
 * same instant a comment comes first; otherwise each side keeps the server's order.
 */
export function mergeActivity(comments: readonly Activity[], history: readonly CardHistoryEntry[]): FeedItem[] {
  const items: FeedItem[] = [
    ...comments.map((activity) => ({
      type: 'comment' as const,
      key: `c${activity.id}`,
      at: Date.parse(activity.createdAt),
      activity,
    })),
    ...history.map((entry) => ({
      type: 'history' as const,
      key: `h${entry.id}`,
      at: Date.parse(entry.createdAt),
      entry,
    })),
  ];
  // Array.prototype.sort is stable: ties keep comments (listed first) before history.
  return items.sort((a, b) => b.at - a.at);
}
