import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import type { InsightsSummary } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { formatDay } from '../../lib/dates';
import { waitingTime } from '../review/waiting';
import { AtRisk } from './AtRisk';
import { ActiveCharts, BoardCharts, CourseFunnelChart, LessonsChart, MembersChart } from './charts';
import { useGetInsightsSummaryQuery } from './insightsApi';
import { DEFAULT_PERIOD_DAYS, lastDays, PRESETS, rangeErrors } from './range';
import { Refreshing } from '../../components/Refreshing';

function StatCard({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-xs">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums">{value.toLocaleString('en-US')}</dd>
      {note && <dd className="text-xs text-gray-600">{note}</dd>}
    </div>
  );
}

function StatCards({ summary }: { summary: InsightsSummary }) {
  const t = summary.totals;
  return (
    <dl aria-label="Totals for the period" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <StatCard label="Active members" value={t.activeMembers} />
      <StatCard label="Sign-ups" value={t.signUps} />
      <StatCard label="Cancellations" value={t.cancellations} />
      <StatCard label="Lessons completed" value={t.lessonCompletions} />
      <StatCard
        label="Cards waiting for review"
        value={t.cardsWaiting}
        note={t.oldestWaitingSince ? `Oldest waiting ${waitingTime(t.oldestWaitingSince)}` : undefined}
      />
    </dl>
  );
}

const isEmpty = (s: InsightsSummary) =>
  s.totals.activeMembers === 0 &&
  s.totals.signUps === 0 &&
  s.totals.cancellations === 0 &&
  s.totals.lessonCompletions === 0 &&
  s.totals.cardsWaiting === 0 &&
  s.courses.every((c) => c.started === 0) &&
  s.boardProgress.every((b) => b.boards === 0);

/**
 * /insights (admins; coaches for their own members; docs/areas/insights.md#insights-page): totals, charts with their
 * numbers as tables, a date range (two dates and presets), and the members at risk.
 */
export function Insights() {
  const [draft, setDraft] = useState(() => lastDays(DEFAULT_PERIOD_DAYS));
  const [range, setRange] = useState(draft);
  const [preset, setPreset] = useState<number | null>(DEFAULT_PERIOD_DAYS);
  const errors = rangeErrors(draft.from, draft.to);
  const { data, error, isLoading, isFetching, refetch } = useGetInsightsSummaryQuery(range);

  const change = (key: 'from' | 'to', value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    setPreset(null);
    if (Object.keys(rangeErrors(next.from, next.to)).length === 0) setRange(next);
  };
  const choose = (days: number) => {
    const next = lastDays(days);
    setDraft(next);
    setRange(next);
    setPreset(days);
  };

  const picker = (
    <div className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-gray-200 bg-white p-0.5">
        {PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={preset === days}
            onClick={() => choose(days)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
              preset === days ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-50',
            )}
          >
            {days} days
          </button>
        ))}
      </div>
      <TextField
        label="From"
        type="date"
        value={draft.from}
        max={draft.to}
        error={errors.from}
        onChange={(e) => change('from', e.target.value)}
        className="w-40"
      />
      <TextField
        label="To"
        type="date"
        value={draft.to}
        min={draft.from}
        error={errors.to}
        onChange={(e) => change('to', e.target.value)}
        className="w-40"
      />
    </div>
  );

  let body;
  if (isLoading) body = <Loading label="Loading the insights…" />;
  else if (error && !data)
    body = (
      <LoadError onRetry={() => void refetch()}>
        {MESSAGES.insightsError} {toApiError(error).message}
      </LoadError>
    );
  else if (data)
    body = (
      <Refreshing busy={isFetching} className="flex flex-col gap-4">
        <StatCards summary={data} />
        {isEmpty(data) ? (
          <EmptyState title={MESSAGES.insightsEmpty} />
        ) : (
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <ActiveCharts summary={data} />
            <MembersChart summary={data} />
            <LessonsChart summary={data} />
            <CourseFunnelChart summary={data} />
            <BoardCharts summary={data} />
          </div>
        )}
      </Refreshing>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={MESSAGES.insightsTitle}
        description={
          data
            ? `${formatDay(data.range.from)} to ${formatDay(data.range.to)} (UTC)${data.scope === 'coach' ? ' · the members you coach' : ''}`
            : undefined
        }
        actions={picker}
      />
      {body}
      <AtRisk />
    </div>
  );
}
