import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NotificationItem } from '@shared/types';
import { PRODUCT_NAME } from '../shell/pageTitles';
import { notificationPath } from './links';
import { BELL_ARGS, BELL_POLL_MS, useGetNotificationsQuery } from './notificationsApi';

/**
 * In the desktop app, a native OS notification for each unread notification that arrives after
 * the first read (the inbox already there is not announced again); clicking it opens the card.
 * Does nothing in the browser (no window.portal).
 */
export function useNativeNotifications(items: readonly NotificationItem[] | undefined, viewerId: number): void {
  const navigate = useNavigate();
  const newestSeen = useRef<number | null>(null);
  useEffect(() => {
    if (!items) return;
    const newest = items.reduce((max, n) => Math.max(max, n.id), 0);
    const seen = newestSeen.current;
    newestSeen.current = Math.max(seen ?? 0, newest);
    const portal = typeof window === 'undefined' ? undefined : window.portal;
    if (seen === null || !portal) return;
    for (const item of items) {
      if (item.id <= seen || item.readAt) continue;
      const path = notificationPath(item, viewerId);
      void portal
        .showNotification({ title: PRODUCT_NAME, body: item.text })
        .then((outcome) => {
          if (outcome === 'clicked') void navigate(path);
        })
        .catch(() => undefined);
    }
  }, [items, viewerId, navigate]);
}

/** Rendered once by the app shell (the bell appears twice: the sidebar's and the small screens' bar). */
export function NativeNotifications({ userId }: { userId: number }) {
  const { data } = useGetNotificationsQuery(BELL_ARGS, { pollingInterval: BELL_POLL_MS });
  useNativeNotifications(data?.notifications, userId);
  return null;
}
