import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { parseVolume, type QualifierAnswerId } from '@shared/calc';
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
import { isAnswered, missingAnswersText, type AnswerMap } from './answers';
import { StepList, StepProgress } from './StepList';
import { readStep, writeStep } from './storage';
import { VideoEmbed } from './VideoEmbed';
import { useGetQualifierProgressQuery } from './qualifierApi';
import { useQualifierDraft, type SaveStatus } from './useQualifierDraft';
import { usePortalSettings } from '../settings/usePortalSettings';

type ScoredQuestion = Exclude<QualifierQuestion, { id: 'keyword' }>;

/**
 * The one question rating needs (docs/areas/seller-tools.md#validation: the first); rating fails only
 * while it is blank. Next also asks each step for its answer before moving on.
 */
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

const LAST_STEP = QUALIFIER_QUESTIONS.length - 1;

/** The index of the first question without an answer; -1 when every one has one. */
function firstOpenStep(answers: AnswerMap): number {
  return QUALIFIER_QUESTIONS.findIndex((question) => !isAnswered(question.id, answers[question.id]));
}

/** Where the stepper opens: the step of the last visit in this browser, else the first open question. */
function startingStep(answers: AnswerMap, userId: number): number {
  const open = firstOpenStep(answers);
  const stored = readStep(userId);
  if (
    stored !== null &&
    stored <= LAST_STEP &&
    (stored === open || isAnswered(QUALIFIER_QUESTIONS[stored]!.id, answers[QUALIFIER_QUESTIONS[stored]!.id]))
  )
    return stored;
  return open === -1 ? LAST_STEP : open;
}

type FocusTarget = 'heading' | 'input';

/**
 * The questions as a stepper: one question a step, its progress ("Question 3 of 11" and a bar), the
 * list of steps to jump back to, Back and Next (Next wants an answer, like the keyword always did),
 * and on the last step Rate My Product. Answers are saved as they change (useQualifierDraft).
 */
function QualifierForm({
  initial,
  email,
  userId,
}: {
  initial: QualifierProgress | null;
  email: string;
  userId: number;
}) {
  const q = useQualifierDraft(initial, userId);
  const answers = q.draft.answers;
  const [step, setStep] = useState(() => startingStep(answers, userId));
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; seq: number } | null>(null);
  const [learnMore, setLearnMore] = useState<ScoredQuestion | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  /** The question whose answer Next (or Rate My Product) asked for. */
  const [missing, setMissing] = useState<QualifierAnswerId | null>(null);
  const [resetting, setResetting] = useState(false);
  const [rateError, setRateError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const question = QUALIFIER_QUESTIONS[step]!;
  const total = QUALIFIER_QUESTIONS.length;
  const answeredAt = (i: number) => isAnswered(QUALIFIER_QUESTIONS[i]!.id, answers[QUALIFIER_QUESTIONS[i]!.id]);
  const answeredCount = QUALIFIER_QUESTIONS.filter((_, i) => answeredAt(i)).length;
  const open = firstOpenStep(answers);
  const reachable = (i: number) => i === step || i === open || answeredAt(i);
  const volumeAnswer = answers.volume;
  const context = {
    volume: volumeAnswer === undefined || volumeAnswer === null ? null : parseVolume(volumeAnswer),
    sizeTier: q.draft.sizeTier,
  };

  // A new step: focus goes to its heading (or, when an answer is asked for, to its input).
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'heading') {
      headingRef.current?.focus();
      return;
    }
    const input = bodyRef.current?.querySelector<HTMLElement>('input, select, textarea');
    input?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    input?.focus({ preventScroll: true });
  }, [focusRequest]);

  const goTo = (next: number, target: FocusTarget = 'heading') => {
    q.saveNow(); // moving on saves at once: nothing waits on the autosave
    setMissing(null);
    setStep(next);
    writeStep(userId, next);
    setFocusRequest((r) => ({ target, seq: (r?.seq ?? 0) + 1 }));
  };

  const onRate = async () => {
    const ok = await q.rate();
    if (ok) {
      setMissing(null);
      setRateError(null);
      setTimeout(() => document.getElementById('qualifier-results')?.scrollIntoView({ behavior: 'smooth' }), 0);
      return;
    }
    // The keyword (question 1) was cleared since: say here what is missing, and take the member
    // to question 1 (its input gets focus; the scroll centres it).
    setRateError(missingAnswersText(answers));
    goTo(0, 'input');
    setMissing(firstInvalidQuestion);
  };

  const onNext = (e: FormEvent) => {
    e.preventDefault();
    if (!isAnswered(question.id, answers[question.id])) {
      setMissing(question.id);
      setFocusRequest((r) => ({ target: 'input', seq: (r?.seq ?? 0) + 1 }));
      return;
    }
    if (step === LAST_STEP) void onRate();
    else goTo(step + 1);
  };

  const onReset = async () => {
    setResetting(true);
    await q.reset();
    setResetting(false);
    setConfirmReset(false);
    setRateError(null);
    goTo(0);
  };

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-label="Questions stepper"
        className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:p-6"
      >
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="text-sm font-medium text-gray-700" aria-hidden="true" data-testid="qualifier-step">
              Question {step + 1} of {total}
            </p>
            <p className="text-xs text-gray-500">
              {answeredCount} of {total} answered
            </p>
          </div>
          <StepProgress step={step + 1} total={total} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <StepList
            questions={QUALIFIER_QUESTIONS}
            current={step}
            answered={answeredAt}
            reachable={reachable}
            onSelect={(i) => goTo(i)}
          />
          <Button variant="ghost" size="sm" onClick={() => setConfirmReset(true)}>
            Refresh progress
          </Button>
        </div>
        <form
          noValidate
          onSubmit={onNext}
          aria-labelledby={headingId}
          className="flex flex-col gap-4 border-t border-gray-200 pt-4"
        >
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="rounded-sm text-base font-semibold text-gray-900 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500"
          >
            <span className="sr-only">{`Question ${step + 1} of ${total}:`}</span> {question.title}
          </h2>
          <div ref={bodyRef}>
            <QuestionCard
              key={question.id}
              question={question}
              value={answers[question.id]}
              onChange={(value) => {
                if (missing === question.id) setMissing(null);
                if (question.id === 'keyword') setRateError(null);
                q.setAnswer(question.id, value);
              }}
              context={context}
              error={missing === question.id ? MESSAGES.fieldRequired : undefined}
              onLearnMore={question.kind === 'text' ? undefined : () => setLearnMore(question)}
              sizeTier={q.draft.sizeTier}
              onSizeTier={question.id === 'standard' ? q.setSizeTier : undefined}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
            <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={step === 0}>
              Back
            </Button>
            <Button
              type="submit"
              loading={step === LAST_STEP && q.status === 'saving' && !resetting}
              aria-describedby={rateError ? 'qualifier-rate-error' : undefined}
            >
              {step === LAST_STEP ? 'Rate My Product' : 'Next'}
            </Button>
            <p className="text-sm text-gray-500" role="status">
              {STATUS_TEXT[q.status]}
            </p>
          </div>
          {rateError && (
            <p id="qualifier-rate-error" role="alert" className="-mt-1 text-sm font-medium text-red-700">
              {rateError}
            </p>
          )}
        </form>
      </section>
      {q.status === 'error' && q.error && (
        <LoadError onRetry={() => void q.retry()}>Your answers could not be saved: {q.error}</LoadError>
      )}
      {q.results && (
        <QualifierResults progress={q.results} answers={answers} sizeTier={q.draft.sizeTier} email={email} />
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
            <Button variant="secondary" onClick={() => setConfirmReset(false)} disabled={resetting} data-autofocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void onReset()} loading={resetting}>
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
  else body = <QualifierForm initial={data ?? null} email={user?.email ?? ''} userId={user?.id ?? 0} />;

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
