import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../lib/cn';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** 'center' for modals, 'left' for the mobile navigation drawer. */
  placement?: 'center' | 'left';
  /** Hide the visible title (still announced). */
  hideTitle?: boolean;
  /**
   * Where focus lands on open: 'first' (the element marked data-autofocus, else the first
   * focusable) or 'panel' (the dialog itself: a stray key edits nothing and no phone keyboard
   * rises; Tab then reaches the first control).
   */
  initialFocus?: 'first' | 'panel';
  /**
   * A close button (×) in the header with this accessible name, always in view above the scrolling
   * body: a long dialog on a phone can be left without scrolling to its end.
   */
  closeLabel?: string;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/** Open dialogs, innermost last: only the top one handles Escape and Tab. */
const openStack: object[] = [];

/**
 * Accessible modal: role=dialog + aria-modal, labelled by its title, focus moves in (to the
 * element marked data-autofocus, else the first focusable, or the panel itself with
 * initialFocus="panel"), Tab is trapped, Escape and a click
 * on the backdrop close, and focus returns to where it was when the dialog closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  placement = 'center',
  hideTitle = false,
  initialFocus = 'first',
  closeLabel,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    if (!open) return;
    const token = {};
    openStack.push(token);
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel && initialFocus === 'panel') panel.focus();
    else if (panel) {
      const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
      (preferred ?? focusables(panel)[0] ?? panel).focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (!panelRef.current || openStack[openStack.length - 1] !== token) return;
      // A field with a list open over it (a mention's people) takes Escape and Tab itself.
      if (event.target instanceof HTMLElement && event.target.dataset.ownsKeys === 'true') return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panelRef.current);
      if (items.length === 0) {
        event.preventDefault();
        panelRef.current.focus();
        return;
      }
      const first = items[0] as HTMLElement;
      const last = items[items.length - 1] as HTMLElement;
      const active = document.activeElement;
      const onPanel = active === panelRef.current;
      if (event.shiftKey && (active === first || onPanel || !panelRef.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openStack.splice(openStack.indexOf(token), 1);
      document.body.style.overflow = overflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;

  return createPortal(
    <div
      className={cn(
        'fixed inset-0 z-50 flex',
        placement === 'center' ? 'items-end justify-center p-4 sm:items-center' : 'items-stretch',
      )}
    >
      <div className="absolute inset-0 bg-gray-900/50" aria-hidden="true" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-full w-full flex-col bg-white shadow-xl focus:outline-none',
          placement === 'center' ? cn('rounded-xl', SIZES[size]) : 'max-w-xs',
        )}
      >
        <div
          className={cn(
            'flex items-start gap-3',
            hideTitle ? (closeLabel ? 'justify-end px-3 pt-2' : 'sr-only') : 'border-b border-gray-200 px-5 py-4',
          )}
        >
          <div className={cn('min-w-0 flex-1', hideTitle && 'sr-only')}>
            <h2 id={titleId} className="text-base font-semibold text-gray-900">
              {title}
            </h2>
            {description && (
              <p id={descId} className="mt-1 text-sm text-gray-500">
                {description}
              </p>
            )}
          </div>
          {closeLabel && (
            <button
              type="button"
              aria-label={closeLabel}
              title={closeLabel}
              onClick={() => onCloseRef.current()}
              className={cn(
                'shrink-0 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600',
                !hideTitle && '-my-1 -mr-2',
              )}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-gray-200 px-5 py-3">
            {footer}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
