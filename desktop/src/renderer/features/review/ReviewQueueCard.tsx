import { Link } from 'react-router-dom';
import { fillMessage, MESSAGES } from '@shared/messages';
import { Card } from '../../components/Card';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { useGetReviewQueueQuery } from './reviewApi';
import { waitingTime } from './waiting';

/**
 * Dashboard card of a coach (docs/areas/review.md): how many cards of their members wait for review and
 * how long the oldest has waited, linking to /review. One request: the first card of `mine`.
 */
export function ReviewQueueCard({ className }: { className?: string }) {
  const { data, isLoading, isError } = useGetReviewQueueQuery({ scope: 'mine', itemsPerPage: 1 });
  const total = data?.total ?? 0;
  const oldest = data?.cards[0];
  return (
    <Card className={cn('p-0', className)}>
      <Link
        to="/review"
        className="flex h-full flex-col gap-2 rounded-xl px-5 py-4 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className="text-sm font-medium text-gray-500">{MESSAGES.reviewWaitingForYou}</span>
        <span className="text-3xl font-semibold tabular-nums text-gray-900" data-testid="review-waiting">
          {isLoading ? <Spinner className="size-6 text-brand-600" label="Loading" /> : isError ? '—' : total}
        </span>
        {data && data.overdueCount > 0 && (
          <span className="text-sm font-medium text-red-700" data-testid="review-past-deadline">
            {fillMessage(MESSAGES.reviewPastDeadline, {
              count: String(data.overdueCount),
              hours: String(data.slaHours),
            })}
          </span>
        )}
        {oldest && (
          <span className="text-sm text-gray-600">
            {fillMessage(MESSAGES.reviewOldestWaiting, { wait: waitingTime(oldest.waitingSince) })}
          </span>
        )}
        <span className="text-sm text-brand-700">{MESSAGES.reviewOpenQueue} →</span>
      </Link>
    </Card>
  );
}
