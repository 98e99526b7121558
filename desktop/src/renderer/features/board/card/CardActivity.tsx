import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_COACHES_LISTED } from '@shared/limits';
import { formatAgo, MESSAGES } from '@shared/messages';
import { canEditActivity } from '@shared/policies/board';
import type { Activity, Card, CardHistoryEntry } from '@shared/types/board';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { selectCurrentUser, useAppSelector } from '../../../app/hooks';
import {
  useDeleteActivityMutation,
  useGetCardHistoryQuery,
  useGetCoachesQuery,
  useUpsertActivityMutation,
} from '../boardApi';
import { mergeActivity } from './activityFeed';
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
          <time dateTime={a.createdAt} className="text-xs text-gray-500">
            {new Date(a.createdAt).toLocaleString()}
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
 * Activity: a comment box (Enter sends when not empty, Shift+Enter starts a new line) with
 * optional coach mentions (up to 50 coaches listed), then the comments and the card's history
 * (read when the dialog opens) together, newest first.
 */
export function CardActivity({ card }: { card: Card }) {
  const [comment, setComment] = useState('');
  const [mentioned, setMentioned] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const { data: coaches = [], isLoading: loadingCoaches } = useGetCoachesQuery(undefined, {
    skip: !picking && mentioned.length === 0,
  });
  const [send, { isLoading }] = useUpsertActivityMutation();
  const history = useGetCardHistoryQuery(card.id);
  const feed = mergeActivity(card.Activities, history.data ?? []);
  const id = useId();

  const submit = async () => {
    const text = comment.trim();
    if (!text || isLoading) return;
    try {
      await send({ comment: text, CardId: card.id, mentionedUsers: mentioned }).unwrap();
      setComment('');
      setMentioned([]);
      setPicking(false);
    } catch {
      // Toasted by the listener.
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const toggle = (coachId: number) =>
    setMentioned((m) => (m.includes(coachId) ? m.filter((x) => x !== coachId) : [...m, coachId]));

  return (
    <section aria-labelledby="mtn-activity-heading" className="flex flex-col gap-3">
      <h3 id="mtn-activity-heading" className="text-sm font-semibold text-gray-900">
        Activity
      </h3>
      <div className="flex flex-col gap-2">
        <label htmlFor={id} className="sr-only">
          Write a comment
        </label>
        <textarea
          id={id}
          rows={2}
          value={comment}
          maxLength={10_000}
          onChange={(e) => setComment(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Write a comment… (Enter to send, Shift+Enter for a new line)"
          className="w-full resize-y rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={() => void submit()} disabled={!comment.trim()} loading={isLoading}>
            Send
          </Button>
          <Button size="sm" variant="secondary" aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
            Mention a coach
          </Button>
          {mentioned.map((cid) => {
            const coach = coaches.find((c) => c.id === cid);
            return (
              <span
                key={cid}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800"
              >
                @{coach?.fullName ?? cid}
                <button
                  type="button"
                  aria-label={`Do not mention ${coach?.fullName ?? cid}`}
                  onClick={() => toggle(cid)}
                >
                  ×
                </button>
              </span>
            );
          })}
        </div>
        {picking && (
          <fieldset className="max-h-40 overflow-y-auto rounded-lg border border-gray-200 p-2">
            <legend className="px-1 text-xs text-gray-600">
              Coaches to mention (up to {MAX_COACHES_LISTED} listed)
            </legend>
            <p className="px-1 pb-1 text-xs text-gray-500">
              Each coach you mention gets an email with a link to this card.
            </p>
            {loadingCoaches && <p className="text-xs text-gray-500">Loading coaches…</p>}
            {!loadingCoaches && coaches.length === 0 && <p className="text-xs text-gray-500">No coaches to mention.</p>}
            {coaches.map((c) => (
              <label key={c.id} className="flex items-center gap-2 py-0.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={mentioned.includes(c.id)}
                  onChange={() => toggle(c.id)}
                />
                {c.fullName}
              </label>
            ))}
          </fieldset>
        )}
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
