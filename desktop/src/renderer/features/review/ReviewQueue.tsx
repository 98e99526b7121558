import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COMPLETED_LIST_NAME, REVIEW_DESTINATIONS } from '@shared/board/list-roles';
import { MESSAGES } from '@shared/messages';
import type { ReviewCard, ReviewDestination, ReviewScope } from '@shared/types';
import { LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { TextArea } from '../../components/FormFields';
import { Loading } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { cn } from '../../lib/cn';
import { useGetReviewQueueQuery, useSendOnReviewMutation } from './reviewApi';
import { waitingTime } from './waiting';
import { Refreshing } from '../../components/Refreshing';

const SCOPES: ReadonlyArray<{ scope: ReviewScope; label: string }> = [
  { scope: 'mine', label: MESSAGES.reviewScopeMine },
  { scope: 'unassigned', label: MESSAGES.reviewScopeUnassigned },
  { scope: 'all', label: MESSAGES.reviewScopeAll },
];

const ACTION_LABEL: Record<ReviewDestination, string> = {
  'IN PROGRESS': MESSAGES.reviewSendBack,
  COMPLETED: MESSAGES.reviewMarkCompleted,
};

/** Where a queued card opens: the card dialog on the member's board. */
export const cardLink = (card: Pick<ReviewCard, 'id' | 'ownerId'>) =>
  `/move-the-needle/${card.ownerId}?card=${card.id}`;

/** /review (coaches and admins, docs/areas/review.md): the cards waiting in FOR REVIEW, oldest first, sent on in one step. */
export function ReviewQueue() {
  const [scope, setScope] = useState<ReviewScope>('mine');
  const { data, error, isLoading, isFetching, refetch } = useGetReviewQueueQuery({ scope });
  const [sending, setSending] = useState<{ card: ReviewCard; to: ReviewDestination } | null>(null);

  const filter = (
    <div role="group" aria-label="Show" className="inline-flex rounded-lg border border-gray-200 bg-white p-0.5">
      {SCOPES.map((s) => (
        <button
          key={s.scope}
          type="button"
          aria-pressed={scope === s.scope}
          onClick={() => setScope(s.scope)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500',
            scope === s.scope ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-50',
          )}
        >
          {s.label}
        </button>
      ))}
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
  else if (!data || data.cards.length === 0) body = <EmptyState title={MESSAGES.reviewQueueEmpty} />;
  else
    body = (
      <Refreshing busy={isFetching}>
        <ul aria-label={MESSAGES.reviewQueueTitle} className="flex flex-col gap-3">
          {data.cards.map((card) => (
            <li
              key={card.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3"
            >
              <div className="min-w-0">
                <Link
                  to={cardLink(card)}
                  className="font-medium text-gray-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {card.title}
                </Link>
                <p className="text-sm text-gray-600">
                  {card.ownerName} · waiting {waitingTime(card.waitingSince)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {REVIEW_DESTINATIONS.map((to) => (
                  <Button
                    key={to}
                    size="sm"
                    variant={to === COMPLETED_LIST_NAME ? 'primary' : 'secondary'}
                    aria-label={`${ACTION_LABEL[to]}: ${card.title}`}
                    onClick={() => setSending({ card, to })}
                  >
                    {ACTION_LABEL[to]}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </Refreshing>
    );

  return (
    <div>
      <PageHeader
        title={MESSAGES.reviewQueueTitle}
        description={data ? `${data.total} waiting` : undefined}
        actions={filter}
      />
      {body}
      {sending && (
        <SendOnDialog
          key={`${sending.card.id}-${sending.to}`}
          card={sending.card}
          to={sending.to}
          onClose={() => setSending(null)}
        />
      )}
    </div>
  );
}

/** The one step: an optional comment, then the card goes on (the comment and the move in one request). */
function SendOnDialog({ card, to, onClose }: { card: ReviewCard; to: ReviewDestination; onClose: () => void }) {
  const [comment, setComment] = useState('');
  const [send, { isLoading }] = useSendOnReviewMutation();
  const submit = async () => {
    const text = comment.trim();
    const result = await send({ cardId: card.id, to, ...(text ? { comment: text } : {}) });
    if (!('error' in result)) onClose();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={ACTION_LABEL[to]}
      description={`${card.title} · ${card.ownerName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={isLoading} onClick={() => void submit()}>
            {ACTION_LABEL[to]}
          </Button>
        </>
      }
    >
      <TextArea
        label={MESSAGES.reviewCommentLabel}
        rows={4}
        maxLength={10_000}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
    </Dialog>
  );
}
