import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { fillMessage, MESSAGES } from '@shared/messages';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { useLiveHub } from '../live/LiveStream';
import { PRODUCT_NAME } from '../shell/pageTitles';
import { addToInbox, isNotificationItem, missedSince, oldestId } from './liveInbox';
import { notificationPath } from './links';
import { BELL_ARGS, INBOX_TAG, notificationsApi, useGetNotificationsQuery } from './notificationsApi';

/**
 * The live inbox (docs/areas/notifications.md), rendered once by the app shell: each `notification`
 * event of the window's stream goes into every cached first page of the inbox (the bell's count and
 * panel, the /notifications page) without a read, and later pages of /notifications are read again
 * (an entry moves down a page). In the desktop app each event becomes a native OS notification whose
 * click opens the card. A `resync` or a stream back after a break reads the inbox again (what no event
 * announces, such as a mark-read on another device, comes then, or with the bell's slow fallback poll);
 * the unread entries such a read finds newer than any this window knew come as one native notification
 * too. A `for_review` event also refreshes an open review queue.
 */
export function LiveNotifications({ userId }: { userId: number }) {
  const hub = useLiveHub();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  // The bell's read (the same cache entry as the bell's: no request of its own).
  const { data: bell } = useGetNotificationsQuery(BELL_ARGS);
  /**
   * The notification ids this window announced or read, and the oldest id on the bell's page as last
   * read (an older entry that comes up there later, after a deletion, is not new); null until the first read.
   */
  const known = useRef<{ ids: Set<number>; floor: number } | null>(null);

  /** A native OS notification in the desktop app (none on the web); its click opens `path`. */
  const announce = useCallback(
    (body: string, path: string) => {
      const portal = typeof window === 'undefined' ? undefined : window.portal;
      if (!portal) return;
      void portal
        .showNotification({ title: PRODUCT_NAME, body })
        .then((outcome) => {
          if (outcome === 'clicked') void navigate(path);
        })
        .catch(() => undefined);
    },
    [navigate],
  );

  useEffect(() => {
    if (!hub) return;
    return hub.subscribe((e) => {
      if (e.event === 'resync' || e.event === 'reconnected') {
        dispatch(api.util.invalidateTags([INBOX_TAG]));
        return;
      }
      if (e.event !== 'notification' || !isNotificationItem(e.data)) return;
      const item = e.data;
      // Noted before the patch below changes the bell's page, so the read-again check skips it.
      const seen = known.current?.ids.has(item.id) ?? false;
      known.current?.ids.add(item.id);
      let onPage = false;
      for (const args of notificationsApi.util.selectCachedArgsForQuery(store.getState(), 'getNotifications')) {
        if (args.page !== 1) {
          void dispatch(
            notificationsApi.endpoints.getNotifications.initiate(args, { subscribe: false, forceRefetch: true }),
          );
          continue;
        }
        dispatch(
          notificationsApi.util.updateQueryData('getNotifications', args, (draft) => {
            if (!addToInbox(draft, item, args.itemsPerPage)) onPage = true;
          }),
        );
      }
      if (item.type === 'for_review') dispatch(api.util.invalidateTags(['ReviewQueue']));
      if (onPage || seen || item.readAt) return;
      announce(item.text, notificationPath(item, userId));
    });
  }, [hub, dispatch, store, announce, userId]);

  // A read of the bell's page (the first, a resync's, a reconnect's, the slow poll's): what it holds
  // newer than anything this window knew arrived while the stream was down.
  useEffect(() => {
    if (!bell) return;
    const before = known.current;
    const missed = before ? missedSince(bell, before.ids, before.floor) : [];
    known.current = {
      ids: new Set([...(before?.ids ?? []), ...bell.notifications.map((n) => n.id)]),
      floor: oldestId(bell),
    };
    if (missed.length === 1) announce(missed[0]!.text, notificationPath(missed[0]!, userId));
    else if (missed.length > 1)
      announce(fillMessage(MESSAGES.notificationsMissed, { count: missed.length }), '/notifications');
  }, [bell, announce, userId]);
  return null;
}
