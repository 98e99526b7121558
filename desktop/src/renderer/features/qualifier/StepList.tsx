import type { QualifierQuestion } from '@shared/content/qualifier';
import { cn } from '../../lib/cn';

/**
 * The stepper's progress bar. Its value is the step's number, not a percent, and its text is
 * "Question 3 of 11", so a screen reader says where the member is.
 */
export function StepProgress({ step, total }: { step: number; total: number }) {
  return (
    <div
      role="progressbar"
      aria-label="Qualifier progress"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={step}
      aria-valuetext={`Question ${step} of ${total}`}
      className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width]"
        style={{ width: `${Math.round((step / total) * 100)}%` }}
      />
    </div>
  );
}

/**
 * The overview of the steps: one numbered button per question. A member jumps to any answered
 * question, and to the first one still open; the others wait (Next asks for an answer first).
 */
export function StepList({
  questions,
  current,
  answered,
  reachable,
  onSelect,
}: {
  questions: readonly QualifierQuestion[];
  current: number;
  answered: (index: number) => boolean;
  reachable: (index: number) => boolean;
  onSelect: (index: number) => void;
}) {
  return (
    <ol aria-label="Questions" className="flex flex-wrap gap-1.5">
      {questions.map((question, i) => {
        const done = answered(i);
        const here = i === current;
        return (
          <li key={question.id}>
            <button
              type="button"
              onClick={() => onSelect(i)}
              disabled={!reachable(i)}
              aria-current={here ? 'step' : undefined}
              aria-label={`Question ${i + 1}: ${question.title}, ${done ? 'answered' : 'not answered'}`}
              title={question.title}
              className={cn(
                'flex size-8 items-center justify-center rounded-full border text-xs font-semibold tabular-nums transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                'disabled:cursor-not-allowed disabled:border-gray-200 disabled:bg-white disabled:text-gray-500',
                done
                  ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
                  : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
                here && 'ring-2 ring-brand-500 ring-offset-2',
              )}
            >
              {i + 1}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
