import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { statusShares } from '@shared/calc/board';
import { MTN_CUTOFF_DATE } from '@shared/limits';
import { dashboardBoardCard } from '@shared/policies/dashboard';
import { Card } from '../../components/Card';
import { ExternalLink } from '../../components/ExternalLink';
import { Spinner } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { LIST_ROLES } from '@shared/board/list-roles';
import { cn } from '../../lib/cn';
import { useGetBoardSummaryQuery } from './boardApi';
import { STATUS_COLORS } from './config';
import { usePortalSettings } from '../settings/usePortalSettings';

const DonutChart = lazy(async () => ({ default: (await import('./DonutChart')).DonutChart }));

const LEGEND = [LIST_ROLES.inProgress, LIST_ROLES.onHold, LIST_ROLES.completed] as const;
const LEGEND_LABELS: Record<(typeof LEGEND)[number], string> = {
  [LIST_ROLES.inProgress]: 'In progress',
  [LIST_ROLES.onHold]: 'On hold',
  [LIST_ROLES.completed]: 'Completed',
};

function MoveTheNeedleCard({ className }: { className?: string }) {
  const { data, error, isLoading } = useGetBoardSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const shares = statusShares(data?.counts ?? {});
  return (
    <Card className={cn('flex flex-col', className)}>
      <div className="flex items-center justify-between gap-2 px-5 pt-4">
        <h2 className="text-sm font-medium text-gray-500">Move the Needle</h2>
        <Link to="/move-the-needle" className="text-sm text-brand-700 hover:underline">
          Open board →
        </Link>
      </div>
      <div className="flex flex-1 flex-wrap items-center gap-4 px-5 py-4" data-testid="mtn-donut">
        {isLoading ? (
          <Spinner className="size-6 text-brand-600" label="Loading" />
        ) : error ? (
          <p role="alert" className="text-sm text-red-700">
            {toApiError(error).message}
          </p>
        ) : (
          <>
            <Suspense fallback={<div className="size-28 rounded-full bg-gray-100" />}>
              <DonutChart counts={data!.counts} completed={shares.COMPLETED} />
            </Suspense>
            <ul className="flex flex-col gap-2 text-sm" aria-label="Share of cards per status">
              {LEGEND.map((s) => (
                <li key={s} className="flex items-center gap-2 whitespace-nowrap">
                  <span className="size-3 rounded-sm" style={{ background: STATUS_COLORS[s] }} aria-hidden="true" />
                  <span className="text-gray-700">{LEGEND_LABELS[s]}</span>
                  <span className="font-semibold tabular-nums text-gray-900" data-testid={`mtn-share-${s}`}>
                    {shares[s]}%
                  </span>
                </li>
              ))}
              <li className="sr-only">
                Completed: {shares.COMPLETED}% of {data!.total} cards
              </li>
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}

/** The cutoff as members read it ("February 13, 2025"). */
const CUTOFF_LABEL = new Date(`${MTN_CUTOFF_DATE}T00:00:00Z`).toLocaleDateString('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

function RainmakerCalendarCard({ className }: { className?: string }) {
  const { settings } = usePortalSettings();
  return (
    <Card className={cn('flex flex-col gap-2 px-5 py-4', className)}>
      <h2 className="text-sm font-medium text-gray-500">Rainmaker Calendar</h2>
      <p className="text-sm text-gray-700">
        Move the Needle boards are for members who joined before {CUTOFF_LABEL}. Book your next session and see upcoming
        Rainmaker events on the calendar.
      </p>
      <ExternalLink href={settings.calendarUrl} className="mt-auto text-sm font-medium text-brand-700 hover:underline">
        Open the Rainmaker Calendar →
      </ExternalLink>
    </Card>
  );
}

/** Course only members (before the cutoff): the Move the Needle card, without a board of their own. */
function MoveTheNeedleUpgradeCard({ className }: { className?: string }) {
  const { settings } = usePortalSettings();
  return (
    <Card className={cn('flex flex-col gap-2 px-5 py-4', className)}>
      <h2 className="text-sm font-medium text-gray-500">Move the Needle</h2>
      <p className="text-sm text-gray-700">
        The Move the Needle goal board comes with the premium membership: plan your next steps as cards and track them
        from Not started to Completed.
      </p>
      <ExternalLink href={settings.applyUrl} className="mt-auto text-sm font-medium text-brand-700 hover:underline">
        Apply To Upgrade or AKG →
      </ExternalLink>
    </Card>
  );
}

/**
 * Dashboard card (docs/areas/board.md#screens), by the shared dashboardBoardCard: the Move the Needle donut (share of
 * cards per status, the completed share in the centre) for members with a board; the Move the
 * Needle card with an upgrade link for course only members; the Rainmaker Calendar card for
 * members hidden by the cutoff; nothing for basic members otherwise.
 */
export function BoardDashboardCard({ className }: { className?: string }) {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const kind = dashboardBoardCard(user);
  if (kind === 'donut') return <MoveTheNeedleCard className={className} />;
  if (kind === 'upgrade') return <MoveTheNeedleUpgradeCard className={className} />;
  if (kind === 'calendar') return <RainmakerCalendarCard className={className} />;
  return null;
}
