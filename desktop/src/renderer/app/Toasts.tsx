import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from './hooks';
import { toastDismissed, type Toast } from './toastsSlice';
import { cn } from '../lib/cn';

const DURATION_MS = { success: 5000, info: 5000, error: 8000 } as const;
/** A toast that offers a next step stays long enough to be reached by keyboard. */
const ACTION_DURATION_MS = 10_000;

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = window.setTimeout(
      () => dispatch(toastDismissed(toast.id)),
      toast.action ? ACTION_DURATION_MS : DURATION_MS[toast.kind],
    );
    return () => window.clearTimeout(timer);
    // A repeat (count + 1) starts the timer again.
  }, [dispatch, toast.id, toast.kind, toast.count, toast.action]);
  return (
    <li
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border bg-white px-4 py-3 text-sm shadow-lg',
        toast.kind === 'error' ? 'border-red-200' : 'border-gray-200',
      )}
      data-kind={toast.kind}
    >
      <span
        aria-hidden="true"
        className={cn(
          'mt-1 size-2 shrink-0 rounded-full',
          toast.kind === 'error' ? 'bg-red-500' : toast.kind === 'success' ? 'bg-green-500' : 'bg-brand-500',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className={cn('font-medium', toast.kind === 'error' ? 'text-red-800' : 'text-gray-900')}>
          {toast.message}
          {toast.count > 1 && (
            <span
              className="ml-2 rounded-full bg-gray-100 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-gray-700"
              data-testid="toast-count"
            >
              <span aria-hidden="true">×{toast.count}</span>
              <span className="sr-only">({toast.count} times)</span>
            </span>
          )}
        </p>
        {toast.detail && <p className="mt-0.5 text-gray-600">{toast.detail}</p>}
        {toast.action && (
          <Link
            to={toast.action.to}
            className="mt-1 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
            onClick={() => dispatch(toastDismissed(toast.id))}
          >
            {toast.action.label}
          </Link>
        )}
      </div>
      <button
        type="button"
        className="-m-1 rounded p-1 text-gray-400 hover:text-gray-700"
        aria-label="Dismiss notification"
        onClick={() => dispatch(toastDismissed(toast.id))}
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </li>
  );
}

/**
 * The toast region (role=status, polite). Toasts are added by the listener middleware. Rendered
 * inside the router: a toast's action is a link.
 */
export function Toasts() {
  const toasts = useAppSelector((s) => s.toasts);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end"
    >
      <ul className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ul>
    </div>
  );
}
