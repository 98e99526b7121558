import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { fillMessage, formatAgo, MESSAGES } from '@shared/messages';
import { defaultReviewScope } from '@shared/policies/review';
import type { Card as BoardCard, ReviewCard, ReviewDestination, ReviewScope, ReviewSort } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { TextArea } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { Refreshing } from '../../components/Refreshing';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { useGetCardHistoryQuery, useGetCardQuery } from '../board/boardApi';
import { DueChip } from '../board/DueChip';
import { useGetReviewQueueQuery, useSendOnReviewMutation } from './reviewApi';
import { waitingTime } from './waiting';

const SCOPES: ReadonlyArray<{ scope: ReviewScope; label: string }> = [
  { scope: 'mine', label: MESSAGES.reviewScopeMine },
  { scope: 'unassigned', label: MESSAGES.reviewScopeUnassigned },
  { scope: 'all', label: MESSAGES.reviewScopeAll },
];

const ACTION_LABEL: Record<ReviewDestination, string> = {
  'IN PROGRESS': MESSAGES.reviewRequestChanges,
  COMPLETED: MESSAGES.reviewApprove,
};

/** Where a queued card opens on its board: the card dialog on the member's board. */
export const cardLink = (card: Pick<ReviewCard, 'id' | 'ownerId'>) =>
  `/move-the-needle/${card.ownerId}?card=${card.id}`;

/** "just now", "5 minutes ago", "2 days ago", else the date (the full date is the element's title). */
const timeAgo = (iso: string) => formatAgo((Date.now() - Date.parse(iso)) / 1000) ?? new Date(iso).toLocaleDateString();

/** A key typed into a field is text, never a command. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * /review (coaches and admins): the review inbox (docs/areas/review.md). The queue on the left,
 * oldest first; the picked card on the right (checklist, attachments, the member's last comment,
 * history) with "Approve" (to COMPLETED) and "Request changes" (back to IN PROGRESS), each with
 * an optional comment, in one request. J and K move through the queue, A and R act. Admins open
 * on every card waiting, coaches on their own members'. On a phone the queue and the preview take
 * the screen in turn.
 */
export function ReviewQueue() {
  const user = useAppSelector(selectCurrentUser);
  const [scope, setScope] = useState<ReviewScope>(() => (user ? defaultReviewScope(user) : 'mine'));
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [sort, setSort] = useState<ReviewSort>('oldest');
  const { data, error, isLoading, isFetching, refetch } = useGetReviewQueueQuery({
    scope,
    sort,
    ...(overdueOnly ? { overdue: true } : {}),
  });
  /** The card the user picked (null: none yet; on wide screens the first card is shown). */
  const [picked, setPicked] = useState<number | null>(null);
  const rows = useRef(new Map<number, HTMLButtonElement>());
  const cards = data?.cards ?? [];
  const active = cards.find((c) => c.id === picked) ?? cards[0] ?? null;

  const pick = useCallback((id: number, focus = false) => {
    setPicked(id);
    if (focus) rows.current.get(id)?.focus();
  }, []);

  const step = useCallback(
    (by: 1 | -1) => {
      if (cards.length === 0) return;
      const at = active ? cards.findIndex((c) => c.id === active.id) : -1;
      const next = cards[Math.min(cards.length - 1, Math.max(0, at + by))];
      if (next) pick(next.id, true);
    },
    [active, cards, pick],
  );

  /** After a send the card leaves the queue: the next one (or the one before) is picked. */
  const afterSend = useCallback(
    (sentId: number) => {
      const at = cards.findIndex((c) => c.id === sentId);
      const next = cards[at + 1] ?? cards[at - 1];
      setPicked(next ? next.id : null);
    },
    [cards],
  );

  const filter = (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Show" className="inline-flex rounded-lg border border-gray-200 bg-white p-0.5">
        {SCOPES.map((s) => (
          <button
            key={s.scope}
            type="button"
            aria-pressed={scope === s.scope}
            onClick={() => {
              setScope(s.scope);
              setPicked(null);
            }}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
              scope === s.scope ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-50',
            )}
          >
            {s.label}
          </button>
        ))}
      </div>
      <button
        type="button"
        aria-pressed={overdueOnly}
        onClick={() => {
          setOverdueOnly(!overdueOnly);
          setPicked(null);
        }}
        className={cn(
          'rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
          overdueOnly
            ? 'border-red-300 bg-red-50 text-red-800'
            : 'border-gray-200 bg-white text-gray-700 hover:bg-gray-50',
        )}
      >
        {MESSAGES.reviewOverdueOnly}
      </button>
      <label className="flex items-center gap-1 text-sm text-gray-700">
        <span className="sr-only">{MESSAGES.reviewSortLabel}</span>
        <select
          value={sort}
          onChange={(e) => setSort(e.target.value as ReviewSort)}
          className="rounded-lg border border-gray-200 bg-white px-2 py-1.5 text-sm"
        >
          <option value="oldest">{MESSAGES.reviewSortOldest}</option>
          <option value="newest">{MESSAGES.reviewSortNewest}</option>
        </select>
      </label>
    </div>
  );

  let body;
  if (isLoading) body = <Loading label="Loading the review queue…" />;
  else if (error && !data)
    body = (
      <LoadError onRetry={() => void refetch()}>
        {MESSAGES.reviewQueueError} {toApiError(error).message}
      </LoadError>
    );
  else if (cards.length === 0 || !active) body = <EmptyState title={MESSAGES.reviewQueueEmpty} />;
  else
    body = (
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Refreshing busy={isFetching} className={cn(picked !== null && 'hidden lg:block')}>
          <ul aria-label={MESSAGES.reviewQueueTitle} className="flex flex-col gap-2">
            {cards.map((card) => {
              const current = card.id === active.id;
              return (
                <li key={card.id}>
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) rows.current.set(card.id, el);
                      else rows.current.delete(card.id);
                    }}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => pick(card.id)}
                    className={cn(
                      'w-full rounded-xl border px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-brand-500',
                      current ? 'border-brand-500 bg-brand-50' : 'border-gray-200 bg-white hover:bg-gray-50',
                    )}
                  >
                    <span className="block truncate font-medium text-gray-900">{card.title}</span>
                    <span className="block text-sm text-gray-600">
                      {card.ownerName} · waiting {waitingTime(card.waitingSince)}
                    </span>
                    <span className="mt-1 flex flex-wrap gap-1">
                      {card.overdue && (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">
                          {MESSAGES.reviewOverdueChip}
                        </span>
                      )}
                      {card.dueAt && <DueChip dueAt={card.dueAt} />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </Refreshing>
        <section
          aria-label={MESSAGES.reviewPreviewLabel}
          className={cn('min-w-0', picked === null && 'hidden lg:block')}
        >
          <button
            type="button"
            onClick={() => setPicked(null)}
            className="mb-3 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 lg:hidden"
          >
            ← {MESSAGES.reviewBackToQueue}
          </button>
          <ReviewPreview key={active.id} card={active} onStep={step} onSent={afterSend} />
        </section>
      </div>
    );

  return (
    <div>
      <PageHeader
        title={MESSAGES.reviewQueueTitle}
        description={
          data
            ? `${data.total} waiting${
                data.overdueCount > 0
                  ? ` · ${fillMessage(MESSAGES.reviewPastDeadline, { count: String(data.overdueCount), hours: String(data.slaHours) })}`
                  : ''
              }`
            : undefined
        }
        actions={filter}
      />
      {body}
    </div>
  );
}

/** The picked card, read in full, and the two ways on: approve or request changes, with a comment. */
function ReviewPreview({
  card,
  onStep,
  onSent,
}: {
  card: ReviewCard;
  onStep: (by: 1 | -1) => void;
  onSent: (id: number) => void;
}) {
  const full = useGetCardQuery(card.id);
  const history = useGetCardHistoryQuery(card.id);
  const [comment, setComment] = useState('');
  const [send, { isLoading: sending, error: sendError }] = useSendOnReviewMutation();

  const act = useCallback(
    async (to: ReviewDestination) => {
      if (sending) return;
      const text = comment.trim();
      const result = await send({ cardId: card.id, to, ...(text ? { comment: text } : {}) });
      if (!('error' in result)) onSent(card.id);
    },
    [card.id, comment, onSent, send, sending],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      const key = e.key.toLowerCase();
      if (key === 'j') onStep(1);
      else if (key === 'k') onStep(-1);
      else if (key === 'a') void act('COMPLETED');
      else if (key === 'r') void act('IN PROGRESS');
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [act, onStep]);

  return (
    <article className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-gray-900">{card.title}</h2>
          <p className="text-sm text-gray-600">
            {card.ownerName} · waiting {waitingTime(card.waitingSince)}
          </p>
        </div>
        <Link
          to={cardLink(card)}
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {MESSAGES.reviewOpenOnBoard}
        </Link>
      </header>
      {full.isLoading ? (
        <Loading label="Loading the card…" />
      ) : full.error || !full.data ? (
        <LoadError onRetry={() => void full.refetch()}>
          {MESSAGES.reviewCardError} {full.error ? toApiError(full.error).message : ''}
        </LoadError>
      ) : (
        <CardDetails card={full.data} ownerId={card.ownerId} />
      )}
      {history.data && history.data.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-gray-700">History</h3>
          <ol className="mt-1 flex flex-col gap-1 text-sm text-gray-600">
            {history.data.slice(0, 5).map((entry) => (
              <li key={entry.id}>
                {entry.actor ? `${entry.actor.fullName} ` : ''}
                {entry.text} ·{' '}
                <time dateTime={entry.createdAt} title={new Date(entry.createdAt).toLocaleString()}>
                  {timeAgo(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
        </div>
      )}
      <form
        className="flex flex-col gap-3 border-t border-gray-100 pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          void act('COMPLETED');
        }}
      >
        <TextArea
          label={MESSAGES.reviewCommentLabel}
          rows={3}
          maxLength={10_000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        {sendError ? (
          <p role="alert" className="text-sm text-red-700">
            {toApiError(sendError).message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={sending}>
            {ACTION_LABEL.COMPLETED}
          </Button>
          <Button type="button" variant="secondary" disabled={sending} onClick={() => void act('IN PROGRESS')}>
            {ACTION_LABEL['IN PROGRESS']}
          </Button>
        </div>
        <p className="hidden text-xs text-gray-500 lg:block">{MESSAGES.reviewKeysHint}</p>
      </form>
    </article>
  );
}

/** What the coach reviews: the description, the checklists' progress, the attachments, the member's last word. */
function CardDetails({ card, ownerId }: { card: BoardCard; ownerId: number }) {
  const lastComment = [...card.Activities]
    .filter((a) => a.User?.id === ownerId)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  return (
    <div className="flex flex-col gap-4 text-sm text-gray-700">
      {card.description.trim() && <p className="break-words whitespace-pre-wrap">{card.description}</p>}
      {card.CheckLists.map((list) => {
        const done = list.CheckListItems.filter((i) => i.completed).length;
        return (
          <div key={list.id}>
            <h3 className="font-medium text-gray-700">
              {list.title} · {done} of {list.CheckListItems.length} done
            </h3>
            <ul className="mt-1 flex flex-col gap-0.5">
              {list.CheckListItems.map((item) => (
                <li key={item.id} className={cn(item.completed && 'text-gray-500 line-through')}>
                  <span className="sr-only">{item.completed ? 'Done: ' : 'Open: '}</span>
                  {item.title}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {card.Attachments.length > 0 && (
        <div>
          <h3 className="font-medium text-gray-700">Attachments</h3>
          <ul className="mt-1 flex flex-col gap-0.5">
            {card.Attachments.map((a) => (
              <li key={a.id}>
                <a
                  href={a.fileUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="break-all text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {a.fileName}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h3 className="font-medium text-gray-700">{MESSAGES.reviewLastComment}</h3>
        {lastComment ? (
          <blockquote className="mt-1 border-l-2 border-gray-200 pl-3 break-words whitespace-pre-wrap">
            {lastComment.comment}
          </blockquote>
        ) : (
          <p className="mt-1 text-gray-500">{MESSAGES.reviewNoComment}</p>
        )}
      </div>
    </div>
  );
}
