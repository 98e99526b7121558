import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { useLiveHub } from '../live/LiveStream';
import { PRODUCT_NAME } from '../shell/pageTitles';
import { addToInbox, isNotificationItem } from './liveInbox';
import { notificationPath } from './links';
import { INBOX_TAG, notificationsApi } from './notificationsApi';

/**
 * The live inbox (docs/areas/notifications.md), rendered once by the app shell: each `notification`
 * event of the window's stream goes into every cached first page of the inbox (the bell's count and
 * panel, the /notifications page) without a read, and, in the desktop app, becomes a native OS
 * notification whose click opens the card. A `resync` or a stream back after a break reads the
 * inbox again (what no event announces, such as a mark-read on another device, comes then, or with
 * the bell's slow fallback poll). A `for_review` event also refreshes an open review queue.
 */
export function LiveNotifications({ userId }: { userId: number }) {
  const hub = useLiveHub();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();

  useEffect(() => {
    if (!hub) return;
    return hub.subscribe((e) => {
      if (e.event === 'resync' || e.event === 'reconnected') {
        dispatch(api.util.invalidateTags([INBOX_TAG]));
        return;
      }
      if (e.event !== 'notification' || !isNotificationItem(e.data)) return;
      const item = e.data;
      let known = false;
      for (const args of notificationsApi.util.selectCachedArgsForQuery(store.getState(), 'getNotifications')) {
        if (args.page !== 1) continue;
        dispatch(
          notificationsApi.util.updateQueryData('getNotifications', args, (draft) => {
            if (!addToInbox(draft, item, args.itemsPerPage)) known = true;
          }),
        );
      }
      if (item.type === 'for_review') dispatch(api.util.invalidateTags(['ReviewQueue']));
      const portal = typeof window === 'undefined' ? undefined : window.portal;
      if (known || item.readAt || !portal) return;
      void portal
        .showNotification({ title: PRODUCT_NAME, body: item.text })
        .then((outcome) => {
          if (outcome === 'clicked') void navigate(notificationPath(item, userId));
        })
        .catch(() => undefined);
    });
  }, [hub, dispatch, store, navigate, userId]);
  return null;
}
