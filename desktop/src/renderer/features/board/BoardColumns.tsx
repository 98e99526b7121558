import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ReactSortable, type SortableEvent } from 'react-sortablejs';
import { canDeleteList, canRenameList } from '@shared/policies/board';
import type { BoardList, BoardResponse } from '@shared/types/board';
import type { DueFilter } from '@shared/board/due';
import { listDisplayName } from '@shared/board/list-roles';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { cn } from '../../lib/cn';
import { AddList } from './AddList';
import { BoardColumn, type CardDrop } from './BoardColumn';
import type { TileOwner } from './BoardCardTile';
import { useMoveCardMutation, useReorderCardMutation, useUpsertListMutation } from './boardApi';
import { MoveToDialog } from './MoveToDialog';

const noop = () => {};

/** Which way the board's strip can still scroll (the fades and the scroll buttons show it). */
interface Overflow {
  left: boolean;
  right: boolean;
}

/** The strip's overflow, kept current on scroll, on resize and when the lists change. */
function useOverflow(scroller: RefObject<HTMLDivElement | null>, lists: unknown): [Overflow, () => void] {
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((o) => (o.left === left && o.right === right ? o : { left, right }));
  }, [scroller]);
  useEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure, scroller, lists]);
  return [overflow, measure];
}

const ARROWS = { left: 'M12 4l-6 6 6 6', right: 'M8 4l6 6-6 6' } as const;

function Arrow({ to }: { to: keyof typeof ARROWS }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={ARROWS[to]} />
    </svg>
  );
}

/**
 * A button that stays focusable at the end of its way (aria-disabled rather than disabled), so a
 * keyboard user pressing it repeatedly keeps their place.
 */
function StepButton({
  label,
  to,
  off,
  onStep,
  className,
  children,
}: {
  label: string;
  to: keyof typeof ARROWS;
  off: boolean;
  onStep: () => void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={children ? undefined : label}
      title={label}
      aria-disabled={off || undefined}
      onClick={() => !off && onStep()}
      className={cn(
        'inline-flex items-center justify-center gap-1 focus-visible:outline-2 focus-visible:outline-brand-500',
        off ? 'cursor-default text-gray-400' : 'hover:text-gray-900',
        className,
      )}
    >
      {to === 'left' && <Arrow to="left" />}
      {children}
      {to === 'right' && <Arrow to="right" />}
    </button>
  );
}

/**
 * On a phone (below 640 px): one list at a time, its name, "2 of 7" and Previous / Next list
 * buttons (no swipe needed). The lists themselves stay in the page, the others hidden by CSS.
 */
function ListPager({ lists, page, onPage }: { lists: BoardList[]; page: number; onPage: (page: number) => void }) {
  const current = lists[page];
  if (!current) return null;
  return (
    <nav aria-label="Lists" className="flex items-center gap-2 sm:hidden" data-testid="mtn-list-pager">
      <StepButton
        label="Previous list"
        to="left"
        off={page === 0}
        onStep={() => onPage(page - 1)}
        className="rounded-lg bg-white px-2 py-2 text-sm text-gray-700 shadow-xs ring-1 ring-gray-200"
      >
        Previous
      </StepButton>
      <p className="min-w-0 flex-1 text-center text-sm" aria-live="polite" aria-atomic="true">
        <span className="block truncate font-semibold text-gray-900">{listDisplayName(current.name)}</span>
        <span className="block text-xs text-gray-700">
          {page + 1} of {lists.length}
        </span>
      </p>
      <StepButton
        label="Next list"
        to="right"
        off={page === lists.length - 1}
        onStep={() => onPage(page + 1)}
        className="rounded-lg bg-white px-2 py-2 text-sm text-gray-700 shadow-xs ring-1 ring-gray-200"
      >
        Next
      </StepButton>
    </nav>
  );
}

/**
 * The columns of a board, lists sortable by their header, cards sortable within and across
 * lists. Every drop is applied to the cached board at once (optimistic) and undone, with the
 * spec's toast, when the API refuses it.
 */
export function BoardColumns({
  data,
  boardArg,
  onOpenCard,
  onDeleteList,
  dueFilter = 'all',
  filterNow,
}: {
  data: BoardResponse;
  /** The getBoard argument the board was loaded with (the cache entry to update). */
  boardArg: number | undefined;
  onOpenCard: (id: number) => void;
  onDeleteList: (list: BoardList) => void;
  dueFilter?: DueFilter;
  filterNow?: Date;
}) {
  const user = useAppSelector(selectCurrentUser);
  const [reorderCard] = useReorderCardMutation();
  const [moveCard] = useMoveCardMutation();
  const [upsertList] = useUpsertListMutation();
  const owner = { id: data.board.userId, role: data.board.ownerRole };
  const lists = data.lists;
  const items = useMemo(() => lists.map((l) => ({ id: l.id })), [lists]);
  const [movingCardId, setMovingCardId] = useState<number | null>(null);
  // The card "Move to…" just moved: once the dialog has closed, its tile's button takes the focus
  // (the dialog's own return goes nowhere: the tile is a new element in another list).
  const [refocus, setRefocus] = useState<{ cardId: number; listId: number } | null>(null);
  useEffect(() => {
    if (refocus === null || movingCardId !== null) return;
    // Once the board shows the card in its new list (the optimistic move lands a moment later).
    if (!lists.some((l) => l.id === refocus.listId && l.Cards.some((c) => c.id === refocus.cardId))) return;
    setRefocus(null);
    document.querySelector<HTMLElement>(`[data-move-to-card="${refocus.cardId}"]`)?.focus();
  }, [refocus, movingCardId, lists]);
  // The owner's avatar goes on the tiles of another member's board (a coach's, an admin's view),
  // never on one's own board or on the Master Template.
  const ownerName = data.board.ownerName;
  const ownerPhotoUrl = data.board.ownerPhotoUrl ?? null;
  const showOwner = !data.board.isTemplate && user?.id !== data.board.userId;
  const tileOwner = useMemo<TileOwner | undefined>(
    () => (showOwner ? { fullName: ownerName, photoUrl: ownerPhotoUrl } : undefined),
    [showOwner, ownerName, ownerPhotoUrl],
  );
  // The phone's pager: the list shown, kept in range when lists go.
  const [pageState, setPage] = useState(0);
  const page = Math.min(pageState, Math.max(0, lists.length - 1));
  const scroller = useRef<HTMLDivElement>(null);
  const [overflow, measure] = useOverflow(scroller, lists);
  const scrollLists = (direction: -1 | 1) => {
    const el = scroller.current;
    if (!el) return;
    // A screen of lists less the fade, so the list cut at the edge comes fully into view.
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * Math.max(288, el.clientWidth - 96), behavior: reduce ? 'auto' : 'smooth' });
  };

  const onDropCard = useCallback(
    (drop: CardDrop) => {
      if (drop.fromListId === drop.toListId) {
        void reorderCard({
          board: boardArg,
          ListId: drop.fromListId,
          cardId: drop.cardId,
          startPosition: drop.oldIndex,
          endPosition: drop.newIndex,
        });
      } else {
        void moveCard({
          board: boardArg,
          cardId: drop.cardId,
          sourceListId: drop.fromListId,
          destListId: drop.toListId,
          positionOnSourceList: drop.oldIndex,
          positionOnDestList: drop.newIndex,
        });
      }
    },
    [boardArg, moveCard, reorderCard],
  );

  const onMoveList = useCallback(
    (listId: number, to: number) => {
      const list = lists.find((l) => l.id === listId);
      if (!list || to < 0 || to >= lists.length) return;
      void upsertList({ board: boardArg, id: listId, name: list.name, position: to });
    },
    [boardArg, lists, upsertList],
  );
  const onRenameList = useCallback(
    (listId: number, name: string) => void upsertList({ board: boardArg, id: listId, name }),
    [boardArg, upsertList],
  );

  const onListEnd = (evt: SortableEvent) => {
    if (evt.oldIndex === undefined || evt.newIndex === undefined || evt.oldIndex === evt.newIndex) return;
    const list = lists[evt.oldIndex];
    if (list) onMoveList(list.id, evt.newIndex);
  };

  const lastPage = page === lists.length - 1;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <ListPager lists={lists} page={page} onPage={setPage} />
      <div className="relative flex min-h-0 flex-1 flex-col">
        {/* Wider screens: fades and buttons at the edges the strip can still scroll to. */}
        {(overflow.left || overflow.right) && (
          <>
            <div
              aria-hidden="true"
              className={cn(
                'pointer-events-none absolute inset-y-0 left-0 z-10 w-12 bg-gradient-to-r from-gray-50 to-transparent transition-opacity max-sm:hidden',
                overflow.left ? 'opacity-100' : 'opacity-0',
              )}
            />
            <div
              aria-hidden="true"
              className={cn(
                'pointer-events-none absolute inset-y-0 right-0 z-10 w-12 bg-gradient-to-l from-gray-50 to-transparent transition-opacity max-sm:hidden',
                overflow.right ? 'opacity-100' : 'opacity-0',
              )}
            />
            <StepButton
              label="Scroll to the lists on the left"
              to="left"
              off={!overflow.left}
              onStep={() => scrollLists(-1)}
              className={cn(
                'absolute top-1/2 left-1 z-20 size-9 -translate-y-1/2 rounded-full bg-white text-gray-700 shadow-md ring-1 ring-gray-200 max-sm:hidden',
                !overflow.left && 'pointer-events-none opacity-0 focus-visible:opacity-40',
              )}
            />
            <StepButton
              label="Scroll to the lists on the right"
              to="right"
              off={!overflow.right}
              onStep={() => scrollLists(1)}
              className={cn(
                'absolute top-1/2 right-1 z-20 size-9 -translate-y-1/2 rounded-full bg-white text-gray-700 shadow-md ring-1 ring-gray-200 max-sm:hidden',
                !overflow.right && 'pointer-events-none opacity-0 focus-visible:opacity-40',
              )}
            />
          </>
        )}
        <div
          ref={scroller}
          onScroll={measure}
          className="relative flex min-h-0 flex-1 items-start gap-3 overflow-x-auto pb-4 max-sm:flex-col max-sm:items-stretch max-sm:overflow-x-hidden"
          data-testid="mtn-board"
        >
          <ReactSortable
            list={items}
            setList={noop}
            handle=".mtn-list-handle"
            filter="button, input"
            preventOnFilter={false}
            forceFallback
            fallbackTolerance={4}
            delay={180}
            delayOnTouchOnly
            animation={150}
            direction="horizontal"
            onEnd={onListEnd}
            className="flex h-full items-start gap-3 max-sm:w-full"
          >
            {lists.map((list, i) => (
              <BoardColumn
                key={list.id}
                list={list}
                isFirst={i === 0}
                isLast={i === lists.length - 1}
                canDelete={canDeleteList(user, list)}
                canRename={canRenameList(user, list, owner)}
                onOpenCard={onOpenCard}
                onMoveCardTo={setMovingCardId}
                onDropCard={onDropCard}
                onMoveList={onMoveList}
                onRenameList={onRenameList}
                onDeleteList={onDeleteList}
                dueFilter={dueFilter}
                filterNow={filterNow}
                owner={tileOwner}
                pagedOut={i !== page}
              />
            ))}
          </ReactSortable>
          {/* On a phone, after the last list only. */}
          <div className={cn('shrink-0', !lastPage && 'max-sm:hidden')}>
            <AddList userId={data.board.userId} />
          </div>
        </div>
      </div>
      {movingCardId !== null && (
        <MoveToDialog
          board={data}
          cardId={movingCardId}
          onMove={(move) => {
            void moveCard({ board: boardArg, cardId: movingCardId, ...move });
            // The phone's pager follows the card to its list, and focus goes back to its tile there.
            const to = lists.findIndex((l) => l.id === move.destListId);
            if (to >= 0) setPage(to);
            setRefocus({ cardId: movingCardId, listId: move.destListId });
          }}
          onClose={() => setMovingCardId(null)}
        />
      )}
    </div>
  );
}
