import { cn } from '../lib/cn';

/**
 * The one progress bar (role=progressbar, whole percents): course, module and checklist progress,
 * the board's total, and long work such as an import or the users.csv export. Without `value` it
 * is indeterminate: the work's size is unknown, so it shows movement rather than a share.
 */
export function ProgressBar({
  label,
  value,
  max = 100,
  detail,
  showLabel,
  showValue = true,
  size = 'md',
  tone = 'status',
  className,
  barClassName,
  valueTestId,
}: {
  /** The bar's accessible name; shown as well where `showLabel` says. */
  label: string;
  value?: number;
  max?: number;
  /** A second text: beside a label shown above, and the bar's aria-valuetext. */
  detail?: string;
  /** Show the label above the bar (with `detail`) or before it; by default it is only announced. */
  showLabel?: 'above' | 'before';
  /** Show the percent after the bar. */
  showValue?: boolean;
  size?: 'sm' | 'md';
  /** 'status': brand, green once complete; 'green': always green. */
  tone?: 'status' | 'green';
  className?: string;
  /** Classes of the bar itself (e.g. a fixed width; it fills the row otherwise). */
  barClassName?: string;
  valueTestId?: string;
}) {
  const determinate = value !== undefined && max > 0;
  const percent = determinate ? Math.max(0, Math.min(100, Math.round((value / max) * 100))) : 0;
  const bar = (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={determinate ? percent : undefined}
      aria-valuetext={detail ?? (determinate ? `${percent}%` : undefined)}
      className={cn(
        'overflow-hidden rounded-full bg-gray-200',
        size === 'sm' ? 'h-1.5' : 'h-2.5',
        barClassName ?? 'w-full flex-1',
      )}
    >
      {determinate ? (
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            tone === 'green' || percent >= 100 ? 'bg-green-500' : 'bg-brand-600',
          )}
          style={{ width: `${percent}%` }}
        />
      ) : (
        <div className="h-full w-full animate-pulse rounded-full bg-brand-400" />
      )}
    </div>
  );
  return (
    <div className={cn(showLabel === 'above' ? 'w-full' : 'flex items-center gap-3', className)}>
      {showLabel === 'above' && (
        <div className="mb-1 flex items-center justify-between gap-3 text-xs text-gray-600">
          <span className="font-medium text-gray-800">{label}</span>
          {detail && <span>{detail}</span>}
        </div>
      )}
      {showLabel === 'before' && <span className="text-sm font-medium text-gray-700">{label}</span>}
      {bar}
      {showValue && determinate && showLabel !== 'above' && (
        <span className="w-10 text-right text-xs font-medium tabular-nums text-gray-600" data-testid={valueTestId}>
          {percent}%
        </span>
      )}
    </div>
  );
}
