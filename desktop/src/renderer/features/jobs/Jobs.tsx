import { useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { JOB_QUEUES, type FailedJob, type JobQueueName } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { SelectField } from '../../components/FormFields';
import { Pager } from '../../components/Pager';
import { Loading } from '../../components/Spinner';
import { Table, TBody, Td, Th, THead } from '../../components/Table';
import { toApiError } from '../../lib/apiErrors';
import {
  useDiscardJobMutation,
  useGetFailedJobsQuery,
  useGetJobSummaryQuery,
  useRetryJobMutation,
  type JobRef,
} from './jobsApi';

/** The queues by readable name (docs/areas/jobs.md says what each does). */
export const QUEUE_LABELS: Record<JobQueueName, string> = {
  mail: 'Mail',
  'analytics-forward': 'Analytics forwarding',
  'stripe-sync': 'Stripe sync',
  prune: 'Sessions and rate limits',
  'live-sweep': 'Live events clean-up',
  'uploads-sweep': 'Uploads clean-up',
  'analytics-sweep': 'Analytics clean-up',
  'notification-digest': 'Notification digest',
  'call-reminders': 'Call reminders',
  'card-reminder': 'Due-date reminders',
  'review-sla': 'Review deadline',
  'recurring-cards': 'Recurring cards',
};

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** Jobs (admins): counts per queue, then the failed jobs with their last error, Retry and Discard. */
export function Jobs() {
  return (
    <div className="space-y-8">
      <PageHeader title={MESSAGES.jobsTitle} description={MESSAGES.jobsIntro} />
      <QueueSummary />
      <FailedJobs />
    </div>
  );
}

function QueueSummary() {
  const { data, error, isLoading, refetch } = useGetJobSummaryQuery();
  if (isLoading) return <Loading label="Loading the queues…" />;
  if (!data)
    return <LoadError onRetry={() => void refetch()}>{toApiError(error).message || MESSAGES.jobsError}</LoadError>;
  return (
    <section aria-labelledby="jobs-queues">
      <h2 id="jobs-queues" className="mb-2 text-lg font-semibold text-gray-900">
        Queues
      </h2>
      <Table caption="Jobs per queue" focusable>
        <THead>
          <Th>Queue</Th>
          <Th className="text-right">Queued</Th>
          <Th className="text-right">Running</Th>
          <Th className="text-right">Failed</Th>
          <Th className="text-right">Done (24 h)</Th>
          <Th>Schedule (UTC)</Th>
        </THead>
        <TBody>
          {data.queues.map((q) => (
            <tr key={q.queue}>
              <Td className="font-medium text-gray-900">{QUEUE_LABELS[q.queue]}</Td>
              <Td className="text-right tabular-nums">{q.queued}</Td>
              <Td className="text-right tabular-nums">{q.active}</Td>
              <Td className={`text-right tabular-nums ${q.failed > 0 ? 'font-semibold text-red-700' : ''}`}>
                {q.failed}
              </Td>
              <Td className="text-right tabular-nums">{q.completedLast24h}</Td>
              <Td className="font-mono text-xs text-gray-700">{q.cron ?? 'on demand'}</Td>
            </tr>
          ))}
        </TBody>
      </Table>
    </section>
  );
}

function FailedJobs() {
  const [queue, setQueue] = useState<JobQueueName | ''>('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useGetFailedJobsQuery({ queue: queue || undefined, page });
  const [retry, retrying] = useRetryJobMutation();
  const [discard, discarding] = useDiscardJobMutation();
  const [confirm, setConfirm] = useState<FailedJob | null>(null);
  const busy = retrying.isLoading || discarding.isLoading;
  const ref = (j: FailedJob): JobRef => ({ queue: j.queue, id: j.id });

  return (
    <section aria-labelledby="jobs-failed" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="jobs-failed" className="text-lg font-semibold text-gray-900">
          Failed jobs
        </h2>
        <div className="w-64 max-w-full">
          <SelectField
            label="Queue"
            value={queue}
            onChange={(e) => {
              setQueue(e.target.value as JobQueueName | '');
              setPage(1);
            }}
          >
            <option value="">All queues</option>
            {JOB_QUEUES.map((q) => (
              <option key={q} value={q}>
                {QUEUE_LABELS[q]}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {isLoading ? (
        <Loading label="Loading the failed jobs…" />
      ) : !data ? (
        <LoadError onRetry={() => void refetch()}>{toApiError(error).message || MESSAGES.jobsError}</LoadError>
      ) : data.jobs.length === 0 ? (
        <EmptyState title={MESSAGES.jobsNoFailed} />
      ) : (
        <>
          <ul className="space-y-3" aria-busy={isFetching}>
            {data.jobs.map((j) => (
              <li key={j.id} className="rounded-lg border border-gray-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-medium [overflow-wrap:anywhere] text-gray-900">{j.description}</p>
                    <p className="text-sm text-gray-600">
                      {QUEUE_LABELS[j.queue]} · {j.attempts} {j.attempts === 1 ? 'attempt' : 'attempts'} · failed{' '}
                      {when(j.failedAt)}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => void retry(ref(j))}
                      aria-label={`Retry ${j.description}`}
                    >
                      Retry
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={busy}
                      onClick={() => setConfirm(j)}
                      aria-label={`Discard ${j.description}`}
                    >
                      Discard
                    </Button>
                  </div>
                </div>
                <pre className="mt-2 max-w-full overflow-x-auto rounded bg-gray-50 p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere] text-gray-800">
                  {j.lastError}
                </pre>
              </li>
            ))}
          </ul>
          <Pager
            page={data.page}
            perPage={data.perPage}
            totalCount={data.total}
            onPageChange={setPage}
            disabled={isFetching}
            label="Failed jobs pages"
          />
        </>
      )}
      <Dialog
        open={confirm !== null}
        size="sm"
        title="Discard job"
        onClose={() => setConfirm(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={discarding.isLoading}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={discarding.isLoading}
              onClick={() => {
                if (!confirm) return;
                void discard(ref(confirm)).then(() => setConfirm(null));
              }}
            >
              Discard
            </Button>
          </>
        }
      >
        <p className="text-sm text-gray-700">{MESSAGES.jobDiscardConfirm}</p>
        {confirm && <p className="mt-2 text-sm font-medium [overflow-wrap:anywhere]">{confirm.description}</p>}
      </Dialog>
    </section>
  );
}
