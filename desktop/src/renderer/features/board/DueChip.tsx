import { dueStatus, type DueTone } from '@shared/board/due';
import { cn } from '../../lib/cn';

/** The chip's colours per tone (docs/areas/board.md, "Due dates"): red past due, amber within 48 h, else grey. */
export const DUE_TONE_CLASSES: Record<DueTone, string> = {
  overdue: 'bg-red-100 text-red-800 ring-red-200',
  soon: 'bg-amber-100 text-amber-900 ring-amber-200',
  later: 'bg-gray-100 text-gray-700 ring-gray-200',
};

/** The local date and time a due date names, for the chip's title ("Due Thu, 3 Dec, 15:00"). */
export function dueLocalText(dueAt: string): string {
  return new Date(dueAt).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A card's due date as a chip: its relative wording ("due tomorrow", "overdue by 2 days") in its tone. */
export function DueChip({ dueAt, now, className }: { dueAt: string; now?: Date; className?: string }) {
  const status = dueStatus(dueAt, now ?? new Date());
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded px-1.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        DUE_TONE_CLASSES[status.tone],
        className,
      )}
      data-testid="due-chip"
      data-tone={status.tone}
      title={`Due ${dueLocalText(dueAt)}`}
    >
      <svg
        viewBox="0 0 20 20"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <circle cx="10" cy="10" r="7" />
        <path d="M10 6v4l3 2" strokeLinecap="round" />
      </svg>
      {status.text}
    </span>
  );
}
