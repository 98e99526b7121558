import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_COACHES_LISTED } from '@shared/limits';
import { formatAgo, MESSAGES } from '@shared/messages';
import { canEditActivity } from '@shared/policies/board';
import type { Activity, Card, CardHistoryEntry } from '@shared/types/board';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { cn } from '../../../lib/cn';
import { selectCurrentUser, useAppSelector } from '../../../app/hooks';
import {
  useDeleteActivityMutation,
  useGetCardHistoryQuery,
  useGetCoachesQuery,
  useUpsertActivityMutation,
} from '../boardApi';
import { mergeActivity } from './activityFeed';
import { matchPeople, mentionQuery } from './mentions';
import { Markdown } from './Markdown';

/** One comment: author, date, text, mentions; its author (or an admin) may delete it. */
function Comment({ activity: a }: { activity: Activity }) {
  const user = useAppSelector(selectCurrentUser);
  const [remove, { isLoading }] = useDeleteActivityMutation();
  const [confirming, setConfirming] = useState(false);
  const author = a.User?.fullName ?? 'Former member';
  return (
    <li className="flex gap-3">
      <Avatar photoUrl={a.User?.photoUrl ?? null} fullName={author} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-gray-900">{author}</span>
          <time dateTime={a.createdAt} title={new Date(a.createdAt).toLocaleString()} className="text-xs text-gray-500">
            {formatAgo((Date.now() - Date.parse(a.createdAt)) / 1000) ?? new Date(a.createdAt).toLocaleDateString()}
          </time>
          {canEditActivity(user, a.User?.id ?? null) &&
            (confirming ? (
              <span className="flex items-center gap-1 text-xs" role="group" aria-label="Delete this comment?">
                Delete this comment?
                <Button
                  size="sm"
                  variant="danger"
                  loading={isLoading}
                  onClick={() => void remove({ id: a.id, CardId: a.CardId })}
                >
                  Yes
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </span>
            ) : (
              <button
                type="button"
                className="text-xs text-gray-500 underline hover:text-red-700"
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            ))}
        </p>
        <div className="mt-1 rounded-lg bg-white px-3 py-2 ring-1 ring-gray-200">
          <Markdown>{a.comment}</Markdown>
        </div>
        {a.TaggedUsers.length > 0 && (
          <p className="mt-1 text-xs text-gray-600">
            Mentioned: {a.TaggedUsers.map((u) => `@${u.fullName}`).join(', ')}
          </p>
        )}
      </div>
    </li>
  );
}

/** One entry of the card's history, quieter than a comment: "Jane moved this card from A to B · 2 hours ago". */
function HistoryEntry({ entry }: { entry: CardHistoryEntry }) {
  const when = new Date(entry.createdAt);
  const ago = formatAgo((Date.now() - when.getTime()) / 1000) ?? when.toLocaleDateString();
  return (
    <li className="flex gap-3 pl-1 text-xs text-gray-600">
      <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-gray-400" />
      <p className="min-w-0 flex-1 break-words">
        <span className="font-medium text-gray-800">{entry.actor?.fullName || MESSAGES.historyFormerMember}</span>{' '}
        {entry.text} ·{' '}
        <time dateTime={entry.createdAt} title={when.toLocaleString()}>
          {ago}
        </time>
      </p>
    </li>
  );
}

/**
 * Activity: a comment box (Enter sends when not empty, Shift+Enter starts a new line) where "@"
 * opens a list of the coaches who may be mentioned (up to 50 listed), filtered as the name is
 * typed; Up/Down pick, Enter or Tab takes, Escape closes. A mention counts while its "@Name" is in
 * the text. Then the comments and the card's history (read when the dialog opens), newest first.
 */
export function CardActivity({ card }: { card: Card }) {
  const [comment, setComment] = useState('');
  const [mentioned, setMentioned] = useState<number[]>([]);
  const [query, setQuery] = useState<{ at: number; query: string } | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once the text just set is on screen (set with the text, so typing that follows lands after it). */
  const caretAfterRender = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterRender.current;
    if (at === null || !box.current) return;
    caretAfterRender.current = null;
    box.current.focus();
    box.current.setSelectionRange(at, at);
  }, [comment]);
  const { data: coaches = [], isLoading: loadingCoaches } = useGetCoachesQuery(undefined, {
    skip: query === null && mentioned.length === 0,
  });
  const [send, { isLoading }] = useUpsertActivityMutation();
  const history = useGetCardHistoryQuery(card.id);
  const feed = mergeActivity(card.Activities, history.data ?? []);
  const id = useId();
  const listId = `${id}-people`;
  const options = query ? matchPeople(coaches, query.query).slice(0, MAX_COACHES_LISTED) : [];
  const open = query !== null && (options.length > 0 || loadingCoaches);
  const active = open ? options[Math.min(activeIndex, options.length - 1)] : undefined;

  /** The mentions still written in the text (a deleted "@Name" is no longer a mention). */
  const mentionsIn = (text: string) =>
    mentioned.filter((cid) => {
      const coach = coaches.find((c) => c.id === cid);
      return coach ? text.includes(`@${coach.fullName}`) : false;
    });

  const follow = (text: string, caret: number) => {
    const next = mentionQuery(text, caret);
    setQuery(next);
    if (next?.query !== query?.query) setActiveIndex(0);
  };

  const take = (person: { id: number; fullName: string }) => {
    const el = box.current;
    if (!query || !el) return;
    const caret = el.selectionStart ?? comment.length;
    const insert = `@${person.fullName} `;
    const text = comment.slice(0, query.at) + insert + comment.slice(caret);
    setComment(text);
    setMentioned((m) => (m.includes(person.id) ? m : [...m, person.id]));
    setQuery(null);
    caretAfterRender.current = query.at + insert.length;
  };

  const submit = async () => {
    const text = comment.trim();
    if (!text || isLoading) return;
    try {
      await send({ comment: text, CardId: card.id, mentionedUsers: mentionsIn(text) }).unwrap();
      setComment('');
      setMentioned([]);
      setQuery(null);
    } catch {
      // Toasted by the listener.
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
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
      setQuery(null);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  /** The button for pointer and touch users: an "@" at the caret, which opens the list. */
  const startMention = () => {
    const el = box.current;
    const caret = el?.selectionStart ?? comment.length;
    const before = comment.slice(0, caret);
    const insert = before === '' || /\s$/.test(before) ? '@' : ' @';
    const text = before + insert + comment.slice(caret);
    setComment(text);
    const at = caret + insert.length;
    follow(text, at);
    caretAfterRender.current = at;
  };
  const written = mentionsIn(comment);

  return (
    <section aria-labelledby="mtn-activity-heading" className="flex flex-col gap-3">
      <h3 id="mtn-activity-heading" className="text-sm font-semibold text-gray-900">
        Activity
      </h3>
      <div className="relative flex flex-col gap-2">
        <label htmlFor={id} className="sr-only">
          Write a comment
        </label>
        <textarea
          id={id}
          ref={box}
          rows={2}
          value={comment}
          maxLength={10_000}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={active ? `${listId}-${active.id}` : undefined}
          aria-describedby={`${id}-hint`}
          data-owns-keys={open ? 'true' : undefined}
          onChange={(e) => {
            setComment(e.target.value);
            follow(e.target.value, e.target.selectionStart ?? e.target.value.length);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setQuery(null)}
          placeholder="Write a comment… (@ to mention a coach, Enter to send, Shift+Enter for a new line)"
          className="w-full resize-y rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <p id={`${id}-hint`} className="sr-only">
          Type @ and a name to mention a coach: they get an email with a link to this card.
        </p>
        {open && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Coaches to mention"
            className="absolute top-full left-0 z-20 mt-1 max-h-48 w-full max-w-xs overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
          >
            {loadingCoaches && options.length === 0 && (
              <li
                role="option"
                aria-disabled="true"
                aria-selected="false"
                className="px-3 py-1.5 text-xs text-gray-500"
              >
                Loading coaches…
              </li>
            )}
            {options.map((c) => (
              <li
                key={c.id}
                id={`${listId}-${c.id}`}
                role="option"
                aria-selected={c.id === active?.id}
                // Keeps the focus in the comment box (a click would blur it and close the list first).
                onMouseDown={(e) => {
                  e.preventDefault();
                  take(c);
                }}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm',
                  c.id === active?.id ? 'bg-brand-50 text-brand-900' : 'text-gray-800 hover:bg-gray-50',
                )}
              >
                <Avatar photoUrl={c.photoUrl} fullName={c.fullName} size="sm" />
                {c.fullName}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={() => void submit()} disabled={!comment.trim()} loading={isLoading}>
            Send
          </Button>
          <Button size="sm" variant="secondary" onMouseDown={(e) => e.preventDefault()} onClick={startMention}>
            Mention a coach
          </Button>
          {written.length > 0 && (
            <span className="text-xs text-gray-600">
              Mentioning {written.map((cid) => `@${coaches.find((c) => c.id === cid)?.fullName ?? cid}`).join(', ')}:
              they get an email with a link to this card.
            </span>
          )}
        </div>
      </div>
      {history.isLoading && (
        <p role="status" className="text-xs text-gray-500">
          {MESSAGES.historyLoading}
        </p>
      )}
      {history.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-xs text-red-700">
          {MESSAGES.historyFailed}
          <Button size="sm" variant="secondary" onClick={() => void history.refetch()}>
            {MESSAGES.historyRetry}
          </Button>
        </div>
      )}
      {feed.length === 0 && history.isSuccess && <p className="text-xs text-gray-500">{MESSAGES.historyNone}</p>}
      <ol className="flex flex-col gap-3" aria-label="Comments and history">
        {feed.map((item) =>
          item.type === 'comment' ? (
            <Comment key={item.key} activity={item.activity} />
          ) : (
            <HistoryEntry key={item.key} entry={item.entry} />
          ),
        )}
      </ol>
    </section>
  );
}
