import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, stripeStatusLabel } from '@shared/messages';
import type { AtRiskMember, AtRiskReason } from '@shared/types';
import { Banner, LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card, CardHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Pager } from '../../components/Pager';
import { Loading } from '../../components/Spinner';
import { Table, TBody, Td, Th, THead } from '../../components/Table';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { formatDay } from '../../lib/dates';
import { useNarrow } from '../../lib/useNarrow';
import { useAtRiskExport } from './exportAtRisk';
import { AT_RISK_PER_PAGE, useGetAtRiskQuery } from './insightsApi';
import { Refreshing } from '../../components/Refreshing';

export { AT_RISK_PER_PAGE };

export const REASON_LABEL: Record<AtRiskReason, string> = {
  payment: MESSAGES.insightsReasonPayment,
  inactive: MESSAGES.insightsReasonInactive,
  board: MESSAGES.insightsReasonBoard,
};

const REASON_CLASS: Record<AtRiskReason, string> = {
  payment: 'bg-red-50 text-red-800 ring-red-200',
  inactive: 'bg-amber-50 text-amber-900 ring-amber-200',
  board: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
};

const linkClass =
  'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 rounded';

function Reasons({ m }: { m: AtRiskMember }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={`Reasons for ${m.fullName}`}>
      {m.reasons.map((r) => (
        <li
          key={r}
          className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1', REASON_CLASS[r])}
        >
          {REASON_LABEL[r]}
          {r === 'payment' && m.stripeStatus ? ` (${stripeStatusLabel(m.stripeStatus)})` : ''}
        </li>
      ))}
    </ul>
  );
}

function Links({ m, className }: { m: AtRiskMember; className?: string }) {
  return (
    <div className={className}>
      {m.links.user && (
        <Link to={m.links.user} className={linkClass} aria-label={`${m.fullName} in the User Dashboard`}>
          User Dashboard
        </Link>
      )}
      {m.links.board && (
        <Link to={m.links.board} className={linkClass} aria-label={`${m.fullName}’s board`}>
          Board
        </Link>
      )}
    </div>
  );
}

const lastActive = (m: AtRiskMember) => (m.lastActive ? formatDay(m.lastActive) : 'Never');
const boardChanged = (m: AtRiskMember) => (m.boardChangedAt ? formatDay(m.boardChangedAt) : '—');

function Row({ m }: { m: AtRiskMember }) {
  return (
    <tr>
      <Td>
        <div className="font-medium text-gray-900">{m.fullName}</div>
        <div className="text-gray-600">{m.email}</div>
      </Td>
      <Td>
        <Reasons m={m} />
      </Td>
      <Td className="whitespace-nowrap">{lastActive(m)}</Td>
      <Td className="whitespace-nowrap">{boardChanged(m)}</Td>
      <Td>
        <Links m={m} className="flex flex-col gap-1" />
      </Td>
    </tr>
  );
}

/** At phone width: one card per member instead of a table that scrolls sideways. */
function MemberCard({ m }: { m: AtRiskMember }) {
  return (
    <li className="rounded-lg border border-gray-200 px-4 py-3">
      <div className="font-medium text-gray-900">{m.fullName}</div>
      <div className="text-sm break-all text-gray-600">{m.email}</div>
      <div className="mt-2">
        <Reasons m={m} />
      </div>
      <p className="mt-2 text-sm text-gray-700">
        Last active: {lastActive(m)} · Board changed: {boardChanged(m)}
      </p>
      <Links m={m} className="mt-2 flex flex-wrap gap-4 text-sm" />
    </li>
  );
}

/** Below this width the members at risk are cards, not a table. */
const TABLE_MIN_WIDTH = 640;

/** Members at risk (docs/areas/insights.md#insights-page): one page at a time, with the reasons, links and the CSV export. */
export function AtRisk() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useGetAtRiskQuery({ page, itemsPerPage: AT_RISK_PER_PAGE });
  const exporter = useAtRiskExport();
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box, TABLE_MIN_WIDTH);

  let body;
  if (isLoading) body = <Loading label="Loading the members at risk…" />;
  else if (error && !data)
    body = (
      <LoadError onRetry={() => void refetch()}>
        {MESSAGES.insightsAtRiskError} {toApiError(error).message}
      </LoadError>
    );
  else if (!data || data.total === 0) body = <EmptyState title={MESSAGES.insightsAtRiskEmpty} />;
  else
    body = (
      <Refreshing busy={isFetching}>
        {narrow ? (
          <ul aria-label={MESSAGES.insightsAtRiskTitle} className="flex flex-col gap-3">
            {data.members.map((m) => (
              <MemberCard key={m.id} m={m} />
            ))}
          </ul>
        ) : (
          <Table caption={MESSAGES.insightsAtRiskTitle}>
            <THead>
              <Th>Member</Th>
              <Th>Reasons</Th>
              <Th>Last active</Th>
              <Th>Board changed</Th>
              <Th>Open</Th>
            </THead>
            <TBody>
              {data.members.map((m) => (
                <Row key={m.id} m={m} />
              ))}
            </TBody>
          </Table>
        )}
        <Pager
          page={page}
          perPage={AT_RISK_PER_PAGE}
          totalCount={data.total}
          onPageChange={setPage}
          disabled={isFetching}
          label="Members at risk pages"
        />
      </Refreshing>
    );

  return (
    <Card>
      <CardHeader
        title={MESSAGES.insightsAtRiskTitle}
        description={data ? `${data.total} member${data.total === 1 ? '' : 's'}` : undefined}
        actions={
          <Button
            size="sm"
            variant="secondary"
            loading={exporter.running}
            disabled={!data || data.total === 0}
            onClick={() => void exporter.start()}
          >
            {MESSAGES.insightsExportCsv}
          </Button>
        }
      />
      <div ref={box} className="p-4 sm:p-5">
        {exporter.error && (
          <Banner kind="error" className="mb-3">
            {exporter.error}
          </Banner>
        )}
        {body}
      </div>
    </Card>
  );
}
