import { Link } from 'react-router-dom';
import { DASHBOARD_RESOURCES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { Card, CardHeader } from '../../components/Card';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { ResourceCover } from './DefaultCover';
import { relativeTime } from './resourceView';
import { useGetResourcesQuery } from './resourcesApi';

/**
 * Dashboard 'Recent Resources' (docs/areas/resources.md#screens): the 15 newest resources, each linking to
 * /resources?id={id}, with its cover (or the default image), title and relative creation time.
 */
export function RecentResourcesCard({ className }: { className?: string }) {
  const { data, isLoading, isError, refetch } = useGetResourcesQuery({ itemsPerPage: DASHBOARD_RESOURCES });
  return (
    <Card className={cn('flex flex-col', className)}>
      <CardHeader
        title="Recent Resources"
        actions={
          <Link to="/resources" className="text-sm font-medium text-brand-700 hover:underline">
            View all
          </Link>
        }
      />
      <div className="max-h-96 flex-1 overflow-y-auto">
        {isLoading ? (
          <Skeleton shape="lines" label="Loading resources…" className="px-5 py-4" />
        ) : isError ? (
          <p className="px-5 py-4 text-sm text-gray-600">
            The resources could not be loaded.{' '}
            <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => void refetch()}>
              Try again
            </button>
          </p>
        ) : !data || data.length === 0 ? (
          <p className="px-5 py-4 text-sm text-gray-500">{MESSAGES.noResources}</p>
        ) : (
          <ul className="divide-y divide-gray-100" aria-label="Recent resources">
            {data.map((r) => (
              <li key={r.id}>
                <Link
                  to={`/resources?id=${r.id}`}
                  className="flex items-center gap-3 px-5 py-2.5 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
                >
                  <ResourceCover resource={r} className="h-10 w-16 shrink-0 rounded-md" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-gray-900">{r.title}</span>
                    <time dateTime={r.createdAt} className="text-xs text-gray-500">
                      {relativeTime(r.createdAt)}
                    </time>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
