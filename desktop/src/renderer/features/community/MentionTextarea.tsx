import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type TextareaHTMLAttributes,
} from 'react';
import { fillMessage, MESSAGES } from '@shared/messages';
import { SEARCH_DEBOUNCE_MS } from '@shared/limits';
import { COMMUNITY_LIMITS } from '@shared/schemas/community';
import type { CommunityAuthor } from '@shared/types';
import { Avatar } from '../../components/Avatar';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { matchPeople, mentionQuery } from '../board/card/mentions';
import { useGetCommunityMentionableQuery } from './communityApi';

/** How long the picker waits for the typing to pause before it asks the API (the list narrows at once). */
const MENTION_DEBOUNCE_MS = Math.min(SEARCH_DEBOUNCE_MS, 200);

/**
 * The members picked in the text that are still written there as "@Name" (a deleted "@Name" is no
 * longer a mention): the write's `mentionedUserIds`.
 */
export function mentionedIds(text: string, picked: readonly CommunityAuthor[]): number[] {
  const ids = picked.filter((p) => text.includes(`@${p.fullName}`)).map((p) => p.id);
  return [...new Set(ids)].slice(0, COMMUNITY_LIMITS.mentionsMax);
}

/** The members picked and still written, for the line under the box. */
export function mentionedPeople(text: string, picked: readonly CommunityAuthor[]): CommunityAuthor[] {
  const ids = new Set(mentionedIds(text, picked));
  return picked.filter((p, i) => ids.has(p.id) && picked.findIndex((q) => q.id === p.id) === i);
}

/** The picked-people state of a composer: what it offers the box, and the ids to send. */
export function useMentions() {
  const [picked, setPicked] = useState<CommunityAuthor[]>([]);
  return {
    picked,
    onPick: (person: CommunityAuthor) =>
      setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person])),
    reset: () => setPicked([]),
  };
}

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> & {
  id: string;
  /** The space whose readers may be mentioned (none yet: no list). */
  spaceId: number | undefined;
  value: string;
  onChange: (value: string) => void;
  onPick: (person: CommunityAuthor) => void;
  picked: readonly CommunityAuthor[];
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
};

/**
 * A text box with the @ picker (docs/areas/community.md#mentions): "@" and a letter or more open a
 * list of the members who see the space whose name (a word of it) starts so, from
 * GET /api/community/space/:id/mentionable; Up and Down move, Enter or Tab mention, Escape closes
 * (a dialog around it leaves Escape to the box while the list is open), a click mentions too. The box
 * stays a textbox (a textarea may not take the combobox role) and points at the list and its active
 * option with aria-controls, aria-autocomplete and aria-activedescendant; a status line says how many
 * there are. Picking writes "@Name " where the "@" was and tells the composer who.
 */
export function MentionTextarea({
  id,
  spaceId,
  value,
  onChange,
  onPick,
  picked,
  textareaRef,
  onKeyDown,
  onBlur,
  className,
  ...rest
}: Props) {
  const own = useRef<HTMLTextAreaElement>(null);
  const box = textareaRef ?? own;
  const listId = `${id}-people`;
  const [query, setQuery] = useState<{ at: number; query: string } | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  /** Where the caret goes once the text just set is on screen. */
  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === null || !box.current) return;
    caretAfterRender.current = null;
    box.current.focus();
    box.current.setSelectionRange(at, at);
  }, [value, box]);

  const typed = query && query.query.trim() !== '' ? query.query.trim().slice(0, COMMUNITY_LIMITS.mentionQueryMax) : '';
  const asked = useDebouncedValue(typed, MENTION_DEBOUNCE_MS);
  const search = useGetCommunityMentionableQuery(
    { spaceId: spaceId ?? 0, q: asked },
    { skip: spaceId === undefined || asked === '' },
  );
  // The last answer narrowed at once by what is typed since; the API's answer for it follows.
  const options = typed && search.data ? matchPeople(search.data, typed) : [];
  // "Looking for people…" only before the first answer; later the last answer's matches stay until the next.
  const waiting = typed !== '' && options.length === 0 && search.data === undefined && !search.isError;
  const open = typed !== '' && spaceId !== undefined && (options.length > 0 || waiting);
  // Nobody for a name being typed (one word, answered): said, not shown (the text after a finished
  // mention, "@Dana Rivers is…", is no name being typed).
  const nobody =
    !open && typed !== '' && !/\s/.test(typed) && asked === typed && search.isSuccess && !search.isFetching;
  const active = options.length > 0 ? options[Math.min(activeIndex, options.length - 1)] : undefined;

  // The list sits under the box in the flow (an overlay would be cut off by a dialog's scrolling body):
  // it is brought into view as it opens, and so is the active option as the arrows move.
  const activeId = open && active ? `${listId}-${active.id}` : null;
  useEffect(() => {
    if (open) document.getElementById(listId)?.scrollIntoView({ block: 'nearest' });
  }, [open, listId]);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const follow = (text: string, caret: number) => {
    const next = mentionQuery(text, caret);
    setQuery(next);
    if (next?.query !== query?.query) setActiveIndex(0);
  };

  const take = (person: CommunityAuthor) => {
    const el = box.current;
    if (!query || !el) return;
    const caret = el.selectionStart ?? value.length;
    const insert = `@${person.fullName} `;
    const text = value.slice(0, query.at) + insert + value.slice(caret);
    onPick(person);
    onChange(text);
    setQuery(null);
    caretAfterRender.current = query.at + insert.length;
  };

  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && options.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const by = e.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((i) => (Math.min(i, options.length - 1) + by + options.length) % options.length);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey && active) {
        e.preventDefault();
        take(active);
        return;
      }
    }
    if (open && e.key === 'Escape') {
      // Closes the list, not the dialog (the dialog leaves keys to a field marked data-owns-keys).
      e.preventDefault();
      e.stopPropagation();
      setQuery(null);
      return;
    }
    onKeyDown?.(e);
  };

  let status = '';
  if (open && options.length > 0) status = fillMessage(MESSAGES.communityMentionFound, { count: options.length });
  else if (open) status = MESSAGES.communityMentionLoading;
  else if (nobody) status = MESSAGES.communityMentionNone;

  return (
    <div>
      <textarea
        {...rest}
        id={id}
        ref={box}
        value={value}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeId ?? undefined}
        data-owns-keys={open ? 'true' : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          follow(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onKeyDown={keyDown}
        onBlur={(e) => {
          setQuery(null);
          onBlur?.(e);
        }}
        className={className}
      />
      <p role="status" className="sr-only">
        {status}
      </p>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={MESSAGES.communityMentionPeople}
          className="mt-1 max-h-60 w-full max-w-xs scroll-my-2 overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-md"
        >
          {options.length === 0 && (
            <li role="option" aria-disabled="true" aria-selected="false" className="px-3 py-1.5 text-xs text-gray-600">
              {MESSAGES.communityMentionLoading}
            </li>
          )}
          {options.map((p) => (
            <li
              key={p.id}
              id={`${listId}-${p.id}`}
              role="option"
              aria-selected={p.id === active?.id}
              // Keeps the focus in the box (a click would blur it and close the list first).
              onMouseDown={(e) => {
                e.preventDefault();
                take(p);
              }}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm',
                p.id === active?.id ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-50',
              )}
            >
              <Avatar photoUrl={p.avatar} fullName={p.fullName} size="sm" />
              <span className="truncate">{p.fullName}</span>
            </li>
          ))}
        </ul>
      )}
      {mentionedPeople(value, picked).length > 0 && (
        <p className="mt-1 text-xs text-gray-600">
          {fillMessage(MESSAGES.communityMentioning, {
            names: mentionedPeople(value, picked)
              .map((p) => `@${p.fullName}`)
              .join(', '),
          })}
        </p>
      )}
    </div>
  );
}
