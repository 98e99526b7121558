import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { canArchiveCard, canResetBoard } from '@shared/policies/board';
import type { BoardList } from '@shared/types/board';
import { matchesDueFilter, type DueFilter } from '@shared/board/due';
import { Banner, LoadError } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ProgressBar } from '../../components/ProgressBar';
import { Loading } from '../../components/Spinner';
import { toApiError } from '../../lib/apiErrors';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { NotFound } from '../shell/StatusPages';
import { ArchivedCards } from './ArchivedCards';
import { BoardColumns } from './BoardColumns';
import { useDeleteListMutation, useGetBoardQuery, useResetBoardMutation } from './boardApi';
import { LiveIndicator } from './LiveIndicator';
import { useLiveBoard } from './useLiveBoard';
import { progressOf } from './boardMoves';
import { ConfirmDialog } from './ConfirmDialog';
import { WelcomeDialog, welcomeOnOpen } from './WelcomeDialog';
import { useMarkWelcomeSeenMutation } from '../auth/authApi';
import { boardUserId } from './boardRoute';
import { useQueryParams } from '../../lib/useQueryParams';

const CardDialog = lazy(async () => ({ default: (await import('./card/CardDialog')).CardDialog }));

/**
 * /move-the-needle (own board; for an admin the Master Template) and /move-the-needle/{id}
 * (a member's board, coach and admin). The open card is in the URL (?card=ID), and so is the
 * due-date filter (?due=week|overdue), applied over the loaded board (docs/areas/board.md, "Due dates").
 */
export function MoveTheNeedle() {
  const params = useParams();
  const userId = boardUserId(params.id);
  if (userId === null) return <NotFound />;
  return <Board userId={userId} />;
}

function Board({ userId }: { userId: number | undefined }) {
  const user = useAppSelector(selectCurrentUser);
  const { data, error, isLoading, isFetching, refetch } = useGetBoardQuery(userId);
  const [searchParams, updateParams] = useQueryParams();
  const openCard = Number(searchParams.get('card')) || null;
  const dueParam = searchParams.get('due');
  const dueFilter: DueFilter = dueParam === 'week' || dueParam === 'overdue' ? dueParam : 'all';
  // The moment the filter compares with: when it was chosen (or the board changed).
  const filterNow = useMemo(() => new Date(), [dueFilter, data]);
  const filterId = useId();
  const [deleting, setDeleting] = useState<BoardList | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [archiveOpen, setArchiveOpen] = useState(false);
  const [deleteList, deleteState] = useDeleteListMutation();
  const [resetBoard, resetState] = useResetBoardMutation();
  const live = useLiveBoard(userId ?? user?.id, userId);
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const [markWelcomeSeen] = useMarkWelcomeSeenMutation();
  /** The welcome video opens by itself at most once per visit (and once per account: see welcomeOnOpen). */
  const welcomeOffered = useRef(false);
  const offerWelcome = data !== undefined && openCard === null && welcomeOnOpen(user, data.board);
  useEffect(() => {
    if (!offerWelcome || welcomeOffered.current) return;
    welcomeOffered.current = true;
    setWelcomeOpen(true);
  }, [offerWelcome]);
  const closeWelcome = () => {
    setWelcomeOpen(false);
    if (user && user.welcomeSeenAt === null) void markWelcomeSeen();
  };

  const onOpenCard = useCallback((id: number) => updateParams({ card: String(id) }), [updateParams]);
  const onCloseCard = () => updateParams({ card: null });

  if (isLoading) return <Loading label="Loading the board…" />;
  if (!data) {
    return <LoadError onRetry={() => void refetch()}>{toApiError(error).message}</LoadError>;
  }

  const owner = { id: data.board.userId, role: data.board.ownerRole };
  const progress = progressOf(data);
  const cardCount = data.lists.reduce((n, l) => n + l.Cards.length, 0);
  const matching =
    dueFilter === 'all'
      ? cardCount
      : data.lists.reduce(
          (n, l) => n + l.Cards.filter((c) => matchesDueFilter(c.dueAt, dueFilter, filterNow)).length,
          0,
        );

  return (
    <div className="flex h-[calc(100dvh-9rem)] min-h-[28rem] flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">
            {data.board.isTemplate ? 'Master Template' : `${data.board.ownerName}'s Board`}
          </h1>
          {data.board.isTemplate && (
            <p className="mt-1 text-sm text-gray-500">
              Master Template: every member&apos;s board starts as a copy of it.
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <LiveIndicator state={live} />
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={filterId} className="text-gray-600">
              Show
            </label>
            <select
              id={filterId}
              value={dueFilter}
              onChange={(e) => updateParams({ due: e.target.value === 'all' ? null : e.target.value })}
              className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-900"
            >
              <option value="all">All cards</option>
              <option value="week">Due this week</option>
              <option value="overdue">Overdue</option>
            </select>
          </div>
          <div aria-live="polite">
            <ProgressBar
              label="Total progress"
              value={progress}
              showLabel="before"
              tone="green"
              className="gap-2"
              barClassName="w-32"
              valueTestId="mtn-progress"
            />
          </div>
          {user?.id === owner.id && !data.board.isTemplate && (
            <Button variant="ghost" size="sm" onClick={() => setWelcomeOpen(true)}>
              Welcome video
            </Button>
          )}
          {canArchiveCard(user, owner) && (
            <Button variant="secondary" size="sm" onClick={() => setArchiveOpen(true)}>
              Archived cards
            </Button>
          )}
          {canResetBoard(user, owner) && (
            <Button variant="secondary" size="sm" onClick={() => setConfirmReset(true)}>
              Reset board
            </Button>
          )}
        </div>
      </div>
      {error && <Banner kind="warning">{toApiError(error).message}</Banner>}
      <p className="sr-only" aria-live="polite">
        {isFetching ? 'Updating the board…' : `${data.lists.length} lists, ${cardCount} cards`}
      </p>
      {dueFilter !== 'all' && (
        <p className="-mt-2 text-sm text-gray-600" role="status" data-testid="due-filter-count">
          {matching === 0
            ? dueFilter === 'week'
              ? 'No cards due this week.'
              : 'No overdue cards.'
            : `${matching} card${matching === 1 ? '' : 's'} ${dueFilter === 'week' ? 'due this week' : 'overdue'}`}
        </p>
      )}
      <BoardColumns
        data={data}
        boardArg={userId}
        onOpenCard={onOpenCard}
        onDeleteList={setDeleting}
        dueFilter={dueFilter}
        filterNow={filterNow}
      />

      {/* Never on top of a card opened from a link. */}
      {welcomeOpen && openCard === null && <WelcomeDialog onClose={closeWelcome} />}
      {openCard !== null && (
        <Suspense fallback={<Loading label="Loading card…" />}>
          <CardDialog cardId={openCard} board={data} boardArg={userId} onClose={onCloseCard} />
        </Suspense>
      )}
      {archiveOpen && <ArchivedCards ownerId={userId} onClose={() => setArchiveOpen(false)} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete the list ${deleting.name}?`}
          confirmLabel="Yes, delete"
          busy={deleteState.isLoading}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void deleteList(deleting.id).finally(() => setDeleting(null))}
        >
          The list and its {deleting.Cards.length} card{deleting.Cards.length === 1 ? '' : 's'} will be deleted. This
          cannot be undone.
        </ConfirmDialog>
      )}
      {confirmReset && (
        <ConfirmDialog
          title="Reset the board?"
          confirmLabel="Yes, reset"
          busy={resetState.isLoading}
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => void resetBoard({ id: owner.id }).finally(() => setConfirmReset(false))}
        >
          Every list and card of this board is replaced by a fresh copy of the Master Template. This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
