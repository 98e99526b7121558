import { cn } from '../../lib/cn';

/**
 * A labelled progress bar (role=progressbar). Without `value` it is indeterminate: the work's
 * size is unknown (an upload being processed), so it shows movement rather than a share.
 */
export function ProgressBar({
  label,
  value,
  max = 100,
  detail,
  className,
}: {
  label: string;
  value?: number;
  max?: number;
  detail?: string;
  className?: string;
}) {
  const determinate = value !== undefined && max > 0;
  const percent = determinate ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className={cn('w-full', className)}>
      <div className="mb-1 flex items-center justify-between gap-3 text-xs text-gray-600">
        <span className="font-medium text-gray-800">{label}</span>
        {detail && <span>{detail}</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? 100 : undefined}
        aria-valuenow={determinate ? percent : undefined}
        aria-valuetext={detail}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        {determinate ? (
          <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
        ) : (
          <div className="h-full w-full animate-pulse rounded-full bg-brand-400" />
        )}
      </div>
    </div>
  );
}
