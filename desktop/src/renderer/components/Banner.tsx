import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './Button';

export type BannerKind = 'error' | 'success' | 'info' | 'warning';

const STYLES: Record<BannerKind, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-200 bg-brand-50 text-brand-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

/** A message box; errors are announced (role=alert), the rest politely (role=status). */
export function Banner({
  kind = 'error',
  title,
  children,
  action,
  className,
}: {
  kind?: BannerKind;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn('flex flex-wrap items-start gap-3 rounded-lg border px-4 py-3 text-sm', STYLES[kind], className)}
    >
      <div className="min-w-0 flex-1">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={title ? 'mt-1' : undefined}>{children}</div>}
      </div>
      {action}
    </div>
  );
}

/** A screen's load error with a "Try again" button: the error state of a list or page read. */
export function LoadError({ children, onRetry, title }: { children: ReactNode; onRetry: () => void; title?: string }) {
  return (
    <Banner
      kind="error"
      title={title}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Banner>
  );
}
