import { Link } from 'react-router-dom';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { useGetDueSoonQuery } from './boardApi';
import { DueChip } from './DueChip';

/**
 * The dashboard's "Due soon" (docs/areas/board.md, "Due dates"): the member's own cards overdue
 * or due within the week, soonest first, from GET /api/move-the-needle/due-soon; each opens its
 * card on the board.
 */
export function DueSoonCard({ className, now }: { className?: string; now?: Date }) {
  const { data, error, isLoading } = useGetDueSoonQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Card className={cn('flex flex-col', className)}>
      <div className="flex items-center justify-between gap-2 px-5 pt-4">
        <h2 className="text-sm font-medium text-gray-500">Due soon</h2>
        {data && data.overdue > 0 && (
          <span className="rounded-full bg-red-100 px-2 text-xs font-medium text-red-800">{data.overdue} overdue</span>
        )}
      </div>
      <div className="px-5 py-4">
        {isLoading ? (
          <Spinner className="size-5 text-brand-600" label="Loading" />
        ) : error ? (
          <p role="alert" className="text-sm text-red-700">
            {toApiError(error).message}
          </p>
        ) : data!.cards.length === 0 ? (
          <p className="text-sm text-gray-600">Nothing is due in the next 7 days.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Cards due soon">
            {data!.cards.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <Link
                  to={`/move-the-needle?card=${c.id}`}
                  className="min-w-0 flex-1 truncate text-gray-900 hover:text-brand-700 hover:underline"
                >
                  {c.title}
                </Link>
                <DueChip dueAt={c.dueAt} now={now} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
