import { useId } from 'react';
import { SIZE_TIERS, VOLUME_MAX, VOLUME_MIN, clampVolume, type SizeTier } from '@shared/calc';
import { volumeFeedbackText, type QualifierQuestion, type QuestionContext } from '@shared/content/qualifier';
import { Button } from '../../components/Button';
import { inputClasses } from '../../components/TextField';
import { cn } from '../../lib/cn';
import type { AnswerValue } from './answers';

export interface QuestionCardProps {
  question: QualifierQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  context: QuestionContext;
  onLearnMore?: () => void;
  error?: string;
  /** The size tier picker of the 'standard' question. */
  sizeTier?: SizeTier | null;
  onSizeTier?: (tier: SizeTier | null) => void;
}

function VolumeInput({
  value,
  onChange,
  labelId,
  errorId,
}: {
  value: AnswerValue | undefined;
  onChange: (v: number) => void;
  labelId: string;
  errorId?: string;
}) {
  const volume = typeof value === 'number' ? value : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="range"
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          step={100}
          value={volume ?? 0}
          aria-labelledby={labelId}
          aria-describedby={errorId}
          aria-invalid={errorId ? true : undefined}
          aria-valuetext={volume === null ? 'Not answered' : `${volume.toLocaleString('en-US')} searches a month`}
          onChange={(e) => onChange(clampVolume(Number(e.target.value)))}
          className="min-w-40 flex-1 accent-brand-600"
        />
        <input
          type="number"
          inputMode="numeric"
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          aria-label="Monthly searches"
          value={volume ?? ''}
          placeholder="0"
          onChange={(e) => e.target.value !== '' && onChange(clampVolume(Math.round(Number(e.target.value))))}
          className={cn(inputClasses(false), 'w-32')}
        />
      </div>
      <p className="text-sm text-gray-700" aria-live="polite">
        {volume === null
          ? 'Move the slider to your keyword’s monthly searches (0 to 50,000).'
          : volumeFeedbackText(volume)}
      </p>
    </div>
  );
}

/**
 * One question of the Product Qualifier, the body of its step: its prompt (the input's label), its
 * input and its 'Learn More' video. The step's heading (number and title) is the stepper's.
 */
export function QuestionCard(props: QuestionCardProps) {
  const { question: q, value, onChange, context, onLearnMore, error } = props;
  const id = useId();
  const promptId = `${id}-prompt`;
  const errorId = `${id}-error`;
  const header = (
    <div className="flex items-start justify-between gap-3">
      <p id={promptId} className="text-sm font-medium text-gray-900">
        {q.prompt(context)}
      </p>
      {onLearnMore && (
        <Button
          size="sm"
          variant="ghost"
          className="shrink-0"
          onClick={onLearnMore}
          aria-label={`Learn More: ${q.title}`}
        >
          Learn More
        </Button>
      )}
    </div>
  );

  let input;
  if (q.kind === 'text')
    input = (
      <input
        type="text"
        aria-labelledby={promptId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required
        value={typeof value === 'string' ? value : ''}
        maxLength={200}
        placeholder="garlic press"
        onChange={(e) => onChange(e.target.value)}
        className={inputClasses(Boolean(error))}
      />
    );
  else if (q.kind === 'volume')
    input = <VolumeInput value={value} onChange={onChange} labelId={promptId} errorId={error ? errorId : undefined} />;
  else
    input = (
      <div
        role="radiogroup"
        aria-labelledby={promptId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="flex gap-3"
      >
        {(['Yes', 'No'] as const).map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-2 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-brand-500',
              value === option
                ? 'border-brand-500 bg-brand-50 text-brand-800'
                : 'border-gray-300 text-gray-700 hover:bg-gray-50',
            )}
          >
            <input
              type="radio"
              name={`${id}-${q.id}`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="accent-brand-600"
            />
            {option}
          </label>
        ))}
      </div>
    );

  return (
    <div className="flex flex-col gap-3" data-question={q.id}>
      {header}
      {q.hint && <p className="-mt-1 text-xs text-gray-500">{q.hint}</p>}
      {input}
      {error && (
        <p id={errorId} className="text-xs text-red-600">
          {error}
        </p>
      )}
      {q.id === 'standard' && props.onSizeTier && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-tier`} className="text-sm text-gray-700">
            Size tier
          </label>
          <select
            id={`${id}-tier`}
            value={props.sizeTier ?? ''}
            onChange={(e) => props.onSizeTier?.((e.target.value || null) as SizeTier | null)}
            className={cn(inputClasses(false, 'select'), 'w-auto')}
          >
            <option value="">Not chosen yet</option>
            {SIZE_TIERS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
