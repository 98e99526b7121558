import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * Content that is being read again (a new page, filter or search) while the last answer stays on
 * screen. The content keeps its full contrast (dimming it made grey text fail WCAG's 4.5:1 while a
 * read was in flight); a thin moving bar above it shows the wait and `aria-busy` tells assistive
 * technology. One wrapper for every list screen (docs/screens.md, "Accessibility").
 */
export function Refreshing({ busy, children, className }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <div className={cn('relative', className)} aria-busy={busy || undefined}>
      {busy && (
        <div
          aria-hidden="true"
          data-testid="refreshing"
          className="pointer-events-none absolute inset-x-0 -top-1.5 h-0.5 overflow-hidden rounded-full bg-brand-100"
        >
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-500" />
        </div>
      )}
      {children}
    </div>
  );
}
