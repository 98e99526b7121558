import { useState } from 'react';
import { fillMessage, MESSAGES } from '@shared/messages';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card, PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Skeleton } from '../../components/Skeleton';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { useGetNotificationsQuery, useMarkNotificationsReadMutation } from './notificationsApi';
import { NotificationLink } from './NotificationBell';

const PER_PAGE = 20;

/** /notifications: the whole inbox, paged, newest first; mark one or all read. */
export function Notifications() {
  const user = useAppSelector(selectCurrentUser);
  const [page, setPage] = useState(1);
  const { data, isError, isFetching, refetch } = useGetNotificationsQuery({ page, itemsPerPage: PER_PAGE });
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();
  if (!user) return null;

  let content;
  if (isError && !data) {
    content = (
      <Banner kind="error">
        {MESSAGES.notificationsLoadFailed}{' '}
        <button type="button" className="font-medium underline" onClick={() => void refetch()}>
          {MESSAGES.notificationsTryAgain}
        </button>
      </Banner>
    );
  } else if (!data) {
    content = <Skeleton shape="list" />;
  } else if (data.total === 0) {
    content = <EmptyState title={MESSAGES.notificationsEmpty} />;
  } else {
    content = (
      <>
        <Card className="p-2">
          <ul className="divide-y divide-gray-100">
            {data.notifications.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 py-1">
                <NotificationLink item={item} viewerId={user.id} />
                {!item.readAt && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={marking}
                    onClick={() => void markRead({ ids: [item.id] })}
                    aria-label={`${MESSAGES.notificationsMarkRead}: ${item.text}`}
                  >
                    {MESSAGES.notificationsMarkRead}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Card>
        <Pager page={page} perPage={PER_PAGE} totalCount={data.total} onPageChange={setPage} disabled={isFetching} />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={MESSAGES.notificationsTitle}
        description={data ? fillMessage(MESSAGES.notificationsUnread, { count: data.unread }) : undefined}
        actions={
          <Button
            variant="secondary"
            disabled={!data || data.unread === 0 || marking}
            onClick={() => void markRead({ all: true })}
          >
            {MESSAGES.notificationsMarkAllRead}
          </Button>
        }
      />
      {content}
    </div>
  );
}
