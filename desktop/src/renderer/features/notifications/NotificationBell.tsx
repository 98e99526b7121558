import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { CurrentUser, NotificationItem } from '@shared/types';
import { cn } from '../../lib/cn';
import { Loading } from '../../components/Spinner';
import { BellIcon } from '../../components/icons';
import {
  BELL_ARGS,
  BELL_POLL_MS,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
} from './notificationsApi';
import { notificationPath, timeAgo } from './links';
import { useDismissable } from '../../lib/useDismissable';

/**
 * One entry of the panel or the page: who did what on which card, the comment it is about (quoted),
 * a link that opens the card.
 */
export function NotificationLink({
  item,
  viewerId,
  onOpen,
}: {
  item: NotificationItem;
  viewerId: number;
  onOpen?: () => void;
}) {
  const [markRead] = useMarkNotificationsReadMutation();
  return (
    <Link
      to={notificationPath(item, viewerId)}
      onClick={() => {
        if (!item.readAt) void markRead({ ids: [item.id] });
        onOpen?.();
      }}
      className="block min-w-0 flex-1 rounded-md px-2 py-1.5 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className={cn('block text-sm break-words', item.readAt ? 'text-gray-600' : 'font-medium text-gray-900')}>
        {!item.readAt && <span className="sr-only">Unread: </span>}
        {item.text}
      </span>
      {item.quote && (
        <q className="mt-0.5 line-clamp-3 block border-l-2 border-gray-300 pl-2 text-sm break-words text-gray-700 before:content-none after:content-none">
          {item.quote}
        </q>
      )}
      <span className="block text-xs text-gray-500">
        <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
      </span>
    </Link>
  );
}

/**
 * The bell of the top bar: the unread count (live events patch this cache entry; a slow poll is the fallback)
 * and a panel of the latest with "Mark all read" and a link to /notifications. Escape or a click
 * outside closes the panel.
 */
export function NotificationBell({ user }: { user: CurrentUser }) {
  const { data, isError } = useGetNotificationsQuery(BELL_ARGS, { pollingInterval: BELL_POLL_MS });
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();
  const [open, setOpen] = useState(false);
  const { rootRef, buttonRef } = useDismissable(open, () => setOpen(false));
  const panelId = useId();
  const unread = data?.unread ?? 0;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={fillMessage(MESSAGES.notificationsBell, { count: unread })}
        onClick={() => setOpen((v) => !v)}
        className="relative rounded-lg p-2 text-gray-700 hover:bg-gray-100"
      >
        <BellIcon className="size-6" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={MESSAGES.notificationsTitle}
          className="fixed inset-x-4 top-16 z-40 max-h-[calc(100vh-5rem)] overflow-y-auto rounded-xl border border-gray-200 bg-white p-2 shadow-lg lg:absolute lg:inset-x-auto lg:top-auto lg:left-0 lg:mt-2 lg:w-88"
        >
          <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-2 pt-1 pb-2">
            <p className="text-sm font-semibold text-gray-900">{MESSAGES.notificationsTitle}</p>
            <button
              type="button"
              disabled={unread === 0 || marking}
              onClick={() => void markRead({ all: true })}
              className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-gray-400 disabled:hover:bg-transparent"
            >
              {MESSAGES.notificationsMarkAllRead}
            </button>
          </div>
          {isError && !data ? (
            <p className="px-2 py-4 text-sm text-red-700">{MESSAGES.notificationsLoadFailed}</p>
          ) : !data ? (
            <Loading />
          ) : data.notifications.length === 0 ? (
            <p className="px-2 py-4 text-sm text-gray-500">{MESSAGES.notificationsEmpty}</p>
          ) : (
            <ul className="py-1">
              {data.notifications.map((item) => (
                <li key={item.id} className="flex">
                  <NotificationLink item={item} viewerId={user.id} onOpen={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-gray-100 px-2 pt-2">
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {MESSAGES.notificationsSeeAll}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
