import { Link } from 'react-router-dom';
import { MESSAGES, fillMessage } from '@shared/messages';
import { showsFirstRunCard } from '@shared/policies';
import type { CurrentUser, FirstRunStep, FirstRunStepKey } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Card, CardHeader } from '../../components/Card';
import { CompletionCircle } from '../../components/icons';
import { ProgressBar } from '../../components/ProgressBar';
import { Skeleton } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { toApiError } from '../../lib/apiErrors';
import { useGetFirstRunQuery, useSetFirstRunDismissedMutation } from './firstRunApi';

const STEP_LABELS: Record<FirstRunStepKey, string> = {
  lesson: MESSAGES.firstRunStepLesson,
  qualifier: MESSAGES.firstRunStepQualifier,
  product: MESSAGES.firstRunStepProduct,
  review: MESSAGES.firstRunStepReview,
};

function StepLink({ step, index }: { step: FirstRunStep; index: number }) {
  return (
    <Link
      to={step.href}
      data-testid={`first-run-${step.key}`}
      className={cn(
        'flex h-full items-start gap-3 rounded-lg border px-4 py-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-500',
        step.done
          ? 'border-green-200 bg-green-50 text-gray-700 hover:bg-green-100'
          : 'border-gray-200 bg-white text-gray-900 hover:border-brand-300 hover:bg-brand-50',
      )}
    >
      <CompletionCircle
        completed={step.done}
        className={cn('mt-0.5 size-5 shrink-0', step.done ? 'text-green-600' : 'text-gray-400')}
      />
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="text-xs text-gray-600">Step {index + 1}</span>
        <span className="font-medium">{STEP_LABELS[step.key]}</span>
        {step.done && <span className="text-xs font-medium text-green-800">{MESSAGES.firstRunStepDone}</span>}
      </span>
    </Link>
  );
}

/**
 * The getting-started checklist of a member's dashboard (docs/screens.md#getting-started): the
 * steps their role can take, ticked from their own data by the server, each linking to where it
 * is done, the progress ("2 of 4 done"), and Hide (stored for the account; Help brings it back).
 * Read again whenever the dashboard opens, so a step done elsewhere is ticked on return.
 */
export function FirstRunCard({ user, className }: { user: CurrentUser; className?: string }) {
  const { data, isLoading, error, refetch } = useGetFirstRunQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setDismissed, { isLoading: hiding }] = useSetFirstRunDismissedMutation();

  if (isLoading) {
    return (
      <Card className={className}>
        <CardHeader title={MESSAGES.firstRunTitle} />
        <Skeleton shape="lines" count={2} label={MESSAGES.firstRunLoading} className="px-5 py-4" />
      </Card>
    );
  }
  if (error && !data) {
    return (
      <div className={className}>
        <LoadError title={MESSAGES.firstRunLoadFailed} onRetry={() => void refetch()}>
          {toApiError(error).message}
        </LoadError>
      </div>
    );
  }
  if (!data || !showsFirstRunCard(user, data)) return null;

  const done = data.steps.filter((s) => s.done).length;
  const total = data.steps.length;
  const progress = fillMessage(MESSAGES.firstRunProgress, { done, total });
  const allDone = done === total;
  return (
    <Card className={className} labelledBy="first-run-title">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-200 px-5 py-4">
        <div className="min-w-0">
          <h2 id="first-run-title" className="text-base font-semibold text-gray-900">
            {MESSAGES.firstRunTitle}
          </h2>
          <p className="mt-0.5 text-sm text-gray-600">
            {allDone ? MESSAGES.firstRunAllDone : MESSAGES.firstRunDescription}
          </p>
        </div>
        <Button
          variant={allDone ? 'primary' : 'ghost'}
          size="sm"
          loading={hiding}
          onClick={() => void setDismissed({ dismissed: true })}
        >
          {MESSAGES.firstRunHide}
        </Button>
      </div>
      <div className="flex flex-col gap-4 px-5 py-4">
        <div className="flex items-center gap-3">
          <p className="shrink-0 text-sm font-medium text-gray-700" data-testid="first-run-progress">
            {progress}
          </p>
          <ProgressBar
            label={MESSAGES.firstRunTitle}
            value={done}
            max={total}
            detail={progress}
            showValue={false}
            size="sm"
            className="flex-1"
          />
        </div>
        <ol
          className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2', total === 4 ? 'xl:grid-cols-4' : 'xl:grid-cols-3')}
          aria-label="Steps"
        >
          {data.steps.map((step, i) => (
            <li key={step.key}>
              <StepLink step={step} index={i} />
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
