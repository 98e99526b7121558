import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import type { CurrentUser } from '@shared/types';
import { ExternalLink } from '../../components/ExternalLink';
import { HelpIcon } from '../../components/icons';
import { cn } from '../../lib/cn';
import { useDismissable } from '../../lib/useDismissable';
import { useMarkWelcomeSeenMutation } from '../auth/authApi';
import { WelcomeDialog } from '../board/WelcomeDialog';
import { useSetFirstRunDismissedMutation } from '../dashboard/firstRunApi';
import { usePortalSettings } from '../settings/usePortalSettings';

interface Item {
  key: string;
  label: string;
  /** A link out of the app (support), or an action in it. */
  href?: string;
  onSelect?: () => void;
}

/**
 * The Help menu of the top bar (the sidebar's head from lg up, the small screens' top bar): the
 * welcome video again (it opens once by itself on a member's board; here at any time, for every
 * role), the getting-started checklist back on the dashboard for members who hid it, and Contact
 * support (the portal setting `supportUrl`: an https page or a mailto: address).
 *
 * The WAI-ARIA menu button pattern: Enter, Space or Arrow Down opens it on the first item, Arrow
 * Up on the last; Arrow keys, Home and End move between items; Escape closes it and gives focus
 * back to the button; Tab closes it and moves on; a click outside closes it.
 */
export function HelpMenu({ user, className }: { user: CurrentUser; className?: string }) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const { rootRef, buttonRef } = useDismissable(open, () => setOpen(false));
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const buttonId = useId();
  const navigate = useNavigate();
  const { settings } = usePortalSettings();
  const [markWelcomeSeen] = useMarkWelcomeSeenMutation();
  const [setFirstRunDismissed] = useSetFirstRunDismissedMutation();

  const items: Item[] = [
    { key: 'welcome', label: MESSAGES.helpWelcomeVideo, onSelect: () => setWelcomeOpen(true) },
    ...(can(user, 'first-run:own')
      ? [
          {
            key: 'first-run',
            label: MESSAGES.helpGettingStarted,
            onSelect: () => {
              void setFirstRunDismissed({ dismissed: false })
                .unwrap()
                .then(() => navigate('/'))
                .catch(() => undefined);
            },
          },
        ]
      : []),
    { key: 'support', label: MESSAGES.helpContactSupport, href: settings.supportUrl },
  ];

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const last = items.length - 1;
    const move: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (e.key in move) {
      e.preventDefault();
      setFocusIndex(move[e.key]!);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const select = (item: Item) => {
    close(!item.href);
    item.onSelect?.();
  };

  const itemClass =
    'flex w-full items-center rounded-md px-3 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none';
  return (
    <div ref={rootRef} className={cn('relative', className)} data-testid="help-menu">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={MESSAGES.helpMenu}
        title={MESSAGES.helpMenu}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
        className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <HelpIcon />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-40 mt-2 w-60 rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
        >
          {items.map((item, i) => (
            <li key={item.key} role="none">
              {item.href ? (
                <ExternalLink
                  ref={(el: HTMLAnchorElement | null) => {
                    itemRefs.current[i] = el;
                  }}
                  href={item.href}
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => select(item)}
                >
                  {item.label}
                </ExternalLink>
              ) : (
                <button
                  ref={(el) => {
                    itemRefs.current[i] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => select(item)}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {welcomeOpen && (
        <WelcomeDialog
          onClose={() => {
            setWelcomeOpen(false);
            // Closing it counts as seen, as on the board (once per account; docs/areas/board.md).
            if (user.welcomeSeenAt === null) void markWelcomeSeen();
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
