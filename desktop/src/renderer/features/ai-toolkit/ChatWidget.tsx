import { useEffect, useId, useRef, useState } from 'react';
import { can } from '@shared/policies/actions';
import { isAllowedChatUrl } from '@shared/schemas/ai-tools';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { cn } from '../../lib/cn';
import { useGetChatWidgetQuery } from './aiToolsApi';

/**
 * The raina chat widget (docs/areas/ai-toolkit.md#screens): only for admins and members tagged raina. The vendor's widget
 * is a remote script, which the CSP (script-src 'self', on the web and in the desktop app) does
 * not run; this widget is the vendor's chat page in an iframe from an allowlisted chat origin
 * (frame-src), opened from a floating button. No third-party script runs in the app's origin.
 */
export function ChatWidget() {
  const user = useAppSelector(selectCurrentUser);
  const allowed = can(user, 'aiTools:chat-widget');
  const { data: widget } = useGetChatWidgetQuery(undefined, { skip: !allowed });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!allowed || !widget || !isAllowedChatUrl(widget.url)) return null;
  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3">
      {open && (
        <section
          id={panelId}
          aria-label={widget.title}
          className="h-[min(560px,70vh)] w-[min(380px,calc(100vw-2rem))] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl"
        >
          <iframe
            src={widget.url}
            title={widget.title}
            className="size-full border-0"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            allow="clipboard-write"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </section>
      )}
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'rounded-full px-4 py-3 text-sm font-semibold shadow-lg',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          open ? 'bg-white text-gray-800 ring-1 ring-gray-300' : 'bg-brand-600 text-white hover:bg-brand-700',
        )}
      >
        {open ? 'Close chat' : widget.title}
      </button>
    </div>
  );
}
