import { cn } from '../../lib/cn';

/** A labelled progress bar (role=progressbar) for course and module progress, whole percents. */
export function ProgressBar({
  value,
  label,
  showValue = true,
  size = 'md',
  className,
}: {
  value: number;
  label: string;
  showValue?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const shown = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={`${shown}%`}
        className={cn('flex-1 overflow-hidden rounded-full bg-gray-200', size === 'sm' ? 'h-1.5' : 'h-2.5')}
      >
        <div
          className={cn('h-full rounded-full transition-[width]', shown >= 100 ? 'bg-green-500' : 'bg-brand-600')}
          style={{ width: `${shown}%` }}
        />
      </div>
      {showValue && <span className="w-10 text-right text-xs font-medium tabular-nums text-gray-600">{shown}%</span>}
    </div>
  );
}
