import { useState } from 'react';
import { parseVolume } from '@shared/calc';
import { QUALIFIER_QUESTIONS, type QualifierQuestion } from '@shared/content/qualifier';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import type { QualifierProgress } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button, buttonClasses } from '../../components/Button';
import { Card, PageHeader } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { ExternalLink } from '../../components/ExternalLink';
import { Loading } from '../../components/Spinner';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { LearnMoreDialog } from './LearnMoreDialog';
import { QualifierResults } from './QualifierResults';
import { QuestionCard } from './QuestionCard';
import { missingAnswersText } from './answers';
import { VideoEmbed } from './VideoEmbed';
import { useGetQualifierProgressQuery } from './qualifierApi';
import { useQualifierDraft, type SaveStatus } from './useQualifierDraft';
import { usePortalSettings } from '../settings/usePortalSettings';

type ScoredQuestion = Exclude<QualifierQuestion, { id: 'keyword' }>;

/** The one required question (docs/areas/seller-tools.md#validation: the first); rating fails only while it is blank. */
const firstInvalidQuestion = 'keyword';

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  saved: 'Your answers are saved.',
  error: '',
};

/** Course only members: the upgrade prompt instead of the tool (docs/areas/seller-tools.md#screens). */
function UpgradePrompt() {
  const { settings } = usePortalSettings();
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <h2 className="text-xl font-semibold text-gray-900">Upgrade to use the Product Qualifier Tool</h2>
      <p className="max-w-md text-sm text-gray-600">
        The Product Qualifier rates your product idea in ten questions and emails you the result. It is part of the
        premium membership.
      </p>
      <ExternalLink href={settings.applyUrl} className={buttonClasses('primary')}>
        Upgrade now
      </ExternalLink>
    </Card>
  );
}

function QualifierForm({ initial, email }: { initial: QualifierProgress | null; email: string }) {
  const q = useQualifierDraft(initial);
  const [learnMore, setLearnMore] = useState<ScoredQuestion | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [keywordError, setKeywordError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const [rateError, setRateError] = useState<string | null>(null);
  const volumeAnswer = q.draft.answers.volume;
  const context = {
    volume: volumeAnswer === undefined || volumeAnswer === null ? null : parseVolume(volumeAnswer),
    sizeTier: q.draft.sizeTier,
  };

  const onRate = async () => {
    const ok = await q.rate();
    setKeywordError(ok ? null : MESSAGES.fieldRequired);
    if (ok) {
      setRateError(null);
      setTimeout(() => document.getElementById('qualifier-results')?.scrollIntoView({ behavior: 'smooth' }), 0);
      return;
    }
    // The only error may be far above the button: say here what is missing, and take the member
    // to the first invalid question (its input gets focus; the scroll centres it).
    setRateError(missingAnswersText(q.draft.answers));
    const first = document.querySelector<HTMLElement>(`[data-question="${firstInvalidQuestion}"]`);
    first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    first?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  };

  const onReset = async () => {
    setResetting(true);
    await q.reset();
    setResetting(false);
    setConfirmReset(false);
    setKeywordError(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex flex-col gap-4" aria-label="Questions">
        {QUALIFIER_QUESTIONS.map((question, i) => (
          <QuestionCard
            key={question.id}
            question={question}
            number={i + 1}
            value={q.draft.answers[question.id]}
            onChange={(value) => {
              if (question.id === 'keyword') {
                setKeywordError(null);
                setRateError(null);
              }
              q.setAnswer(question.id, value);
            }}
            context={context}
            error={question.id === 'keyword' ? (keywordError ?? undefined) : undefined}
            onLearnMore={question.kind === 'text' ? undefined : () => setLearnMore(question)}
            sizeTier={q.draft.sizeTier}
            onSizeTier={question.id === 'standard' ? q.setSizeTier : undefined}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={() => void onRate()}
          loading={q.status === 'saving' && !resetting}
          aria-describedby={rateError ? 'qualifier-rate-error' : undefined}
        >
          Rate My Product
        </Button>
        <Button variant="secondary" onClick={() => setConfirmReset(true)}>
          Refresh progress
        </Button>
        <p className="text-sm text-gray-500" role="status">
          {STATUS_TEXT[q.status]}
        </p>
      </div>
      {rateError && (
        <p id="qualifier-rate-error" role="alert" className="-mt-3 text-sm font-medium text-red-700">
          {rateError}
        </p>
      )}
      {q.status === 'error' && q.error && (
        <LoadError onRetry={() => void q.retry()}>Your answers could not be saved: {q.error}</LoadError>
      )}
      {q.results && (
        <QualifierResults progress={q.results} answers={q.draft.answers} sizeTier={q.draft.sizeTier} email={email} />
      )}
      {learnMore && <LearnMoreDialog question={learnMore} onClose={() => setLearnMore(null)} />}
      <Dialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        title="Refresh your progress?"
        description="This clears all your answers and results so you can start over."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmReset(false)} disabled={resetting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void onReset()} loading={resetting} data-autofocus>
              Yes, start over
            </Button>
          </>
        }
      />
    </div>
  );
}

/** /product-qualifier (docs/areas/seller-tools.md#screens Product Qualifier Tool). */
export function ProductQualifier() {
  const { settings } = usePortalSettings();
  const user = useAppSelector(selectCurrentUser);
  const allowed = can(user, 'qualifier:use');
  const { data, error, isLoading, refetch } = useGetQualifierProgressQuery(undefined, { skip: !allowed });

  let body;
  if (!allowed) body = <UpgradePrompt />;
  else if (isLoading) body = <Loading label="Loading your answers…" />;
  else if (error) body = <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>;
  else body = <QualifierForm initial={data ?? null} email={user?.email ?? ''} />;

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Product Qualifier Tool"
        description="Answer the questions about your product idea, then rate it: 8 or more points is two thumbs up."
      />
      {allowed && (
        <VideoEmbed url={settings.qualifierIntroVideo} title="Product Qualifier introduction" className="mb-6" />
      )}
      {body}
    </div>
  );
}
