import { useEffect, useId, useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { fillMessage, MESSAGES } from '@shared/messages';
import { SEARCH_LIMITS } from '@shared/schemas/search';
import type { CurrentUser } from '@shared/types';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { SearchIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useSidebarItems } from '../shell/SidebarNav';
import { matchingScreens, paletteGroups, type PaletteOption } from './paletteOptions';
import { setPaletteOpen, usePaletteOpen } from './paletteStore';
import { useSearchQuery } from './searchApi';

/** Whether the keyboard has a Command key (the hint says ⌘K there, Ctrl K elsewhere). */
function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);
}

/** Ctrl+K, or Cmd+K on a Mac: no other modifier. */
function isPaletteShortcut(e: KeyboardEvent): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

/**
 * The top bar's Search button, with the shortcut as a hint. `wide`: a field-like button filling the
 * sidebar's width; otherwise compact (an icon on a phone, the word and the hint from 640 px).
 */
export function SearchButton({ wide = false }: { wide?: boolean }) {
  const hint = isApple() ? '⌘K' : 'Ctrl K';
  return (
    <button
      type="button"
      aria-keyshortcuts="Control+K Meta+K"
      aria-haspopup="dialog"
      title={`Search (${hint})`}
      onClick={() => setPaletteOpen(true)}
      className={cn(
        'flex items-center gap-2 rounded-lg text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600',
        wide
          ? 'w-full border border-gray-200 bg-gray-50 px-3 py-2'
          : 'p-2 sm:border sm:border-gray-200 sm:px-3 sm:py-1.5',
      )}
    >
      <SearchIcon className="size-5 shrink-0 text-gray-500" />
      <span className={cn(wide ? 'flex-1 text-left' : 'sr-only sm:not-sr-only')}>Search</span>
      <kbd
        aria-hidden="true"
        className={cn(
          'rounded border border-gray-200 bg-white px-1.5 font-sans text-xs text-gray-500',
          !wide && 'hidden sm:inline',
        )}
      >
        {hint}
      </kbd>
    </button>
  );
}

/**
 * The command palette of a signed-in window (docs/areas/search.md#screens), mounted once by the
 * shell: Ctrl+K / Cmd+K anywhere (again to close it), or a Search button, opens it; Escape closes
 * it and focus goes back where it was. Its content (the term, the active option) starts afresh at
 * each opening.
 */
export function CommandPalette({ user }: { user: CurrentUser }) {
  const open = usePaletteOpen();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      setPaletteOpen((was) => !was);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      setPaletteOpen(false);
    };
  }, []);
  const close = () => setPaletteOpen(false);
  return (
    <Dialog open={open} onClose={close} title="Search" hideTitle closeLabel="Close search" size="lg">
      {open && <PaletteBody user={user} onClose={close} />}
    </Dialog>
  );
}

function PaletteBody({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const navigate = useNavigate();
  const items = useSidebarItems(user);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const optionId = (i: number) => `${baseId}-option-${i}`;

  const trimmed = term.trim();
  const debounced = useDebouncedValue(trimmed, SEARCH_LIMITS.debounceMs);
  const asked = debounced !== '' && debounced.length <= SEARCH_LIMITS.termMax;
  const query = useSearchQuery(debounced, { skip: !asked });
  const typing = trimmed !== debounced;
  // The answer shown is the one for what is typed now (not a term typed before).
  const current = trimmed !== '' && !typing && asked && !query.isFetching;
  const failed = current && query.isError;
  const answered = current && query.currentData !== undefined;
  // While a new term is on its way, the last answer stays in view (no flicker between keys).
  const results = trimmed === '' || failed ? [] : (query.data ?? []);

  const screens = useMemo(() => matchingScreens(items, trimmed), [items, trimmed]);
  const groups = useMemo(() => paletteGroups(screens, results), [screens, results]);
  const options = groups.flatMap((g) => g.options);
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);

  const loading = trimmed !== '' && (typing || query.isFetching);
  const empty = answered && options.length === 0;

  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const choose = (option: PaletteOption | undefined) => {
    if (!option) return;
    onClose();
    void navigate(option.path);
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((activeIndex + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((activeIndex - 1 + options.length) % options.length);
    } else if (e.key === 'Home' && e.ctrlKey) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && e.ctrlKey) {
      e.preventDefault();
      setActive(options.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(options[activeIndex]);
    }
  };

  let status = '';
  if (loading) status = MESSAGES.searchSearching;
  else if (empty) status = fillMessage(MESSAGES.searchNoResults, { term: trimmed });
  else if (answered) status = `${options.length} ${options.length === 1 ? 'result' : 'results'}`;

  let index = -1;
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-400" />
        <input
          type="text"
          role="combobox"
          aria-label="Search screens, courses, lessons and more"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_LIMITS.termMax}
          placeholder="Search screens, courses, lessons…"
          data-autofocus
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="w-full rounded-lg border border-gray-300 py-2.5 pr-10 pl-10 text-base text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 sm:text-sm"
        />
        {loading && <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2" />}
      </div>
      <p role="status" aria-live="polite" className={cn('text-sm text-gray-600', !status && 'sr-only')}>
        {status}
      </p>
      {failed && (
        <Banner
          kind="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {MESSAGES.searchFailed}
        </Banner>
      )}
      <div
        id={listId}
        role="listbox"
        aria-label="Results"
        className={cn('flex flex-col gap-3', options.length === 0 && 'hidden')}
      >
        {groups.map((group) => (
          <div key={group.key} role="group" aria-labelledby={`${baseId}-${group.key}`}>
            <div
              id={`${baseId}-${group.key}`}
              className="px-2 pb-1 text-xs font-semibold tracking-wide text-gray-500 uppercase"
            >
              {group.heading}
            </div>
            {group.options.map((option) => {
              index += 1;
              const i = index;
              const selected = i === activeIndex;
              return (
                <div
                  key={option.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={selected}
                  onMouseMove={() => {
                    if (!selected) setActive(i);
                  }}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(option)}
                  className={cn(
                    'flex cursor-pointer flex-col rounded-lg px-2 py-2',
                    selected ? 'bg-brand-50 text-brand-900' : 'text-gray-900',
                  )}
                >
                  <span className="text-sm font-medium break-words">{option.title}</span>
                  {option.subtitle && (
                    <span className={cn('text-xs break-words', selected ? 'text-brand-800' : 'text-gray-600')}>
                      {option.subtitle}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}
