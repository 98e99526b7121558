import { memo, useEffect, useMemo, useState } from 'react';
import { ReactSortable, type SortableEvent } from 'react-sortablejs';
import type { BoardList } from '@shared/types/board';
import { isReviewList, listDisplayName } from '@shared/board/list-roles';
import { cn } from '../../lib/cn';
import { AddCard } from './AddCard';
import { matchesDueFilter, type DueFilter } from '@shared/board/due';
import { BoardCardTile, type TileOwner } from './BoardCardTile';
import { ListMenu, type ListMenuAction } from './ListMenu';

/** How many cards a column renders at first; long lists grow by this much on demand. */
export const CARDS_PAGE = 50;

export interface CardDrop {
  cardId: number;
  fromListId: number;
  toListId: number;
  oldIndex: number;
  newIndex: number;
}

/** Sortable containers are identified by their id, mtn-list-{id}-cards. */
const listIdOf = (el: HTMLElement) => Number(/^mtn-list-(\d+)-cards$/.exec(el.id)?.[1]);
const noop = () => {};

/** The time, read again every minute while `active` (the review list's "In review 2 d" chips). */
function useMinuteClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

export interface BoardColumnProps {
  list: BoardList;
  canDelete: boolean;
  canRename: boolean;
  isFirst: boolean;
  isLast: boolean;
  onOpenCard: (id: number) => void;
  /** "Move to…" on each tile. */
  onMoveCardTo?: (id: number) => void;
  onDropCard: (drop: CardDrop) => void;
  onMoveList: (listId: number, to: number) => void;
  onRenameList: (listId: number, name: string) => void;
  onDeleteList: (list: BoardList) => void;
  /** The board's due-date filter and the moment it was chosen at (docs/areas/board.md, "Due dates"). */
  dueFilter?: DueFilter;
  filterNow?: Date;
  /** The board's owner on its tiles (views of another member's board), else undefined. */
  owner?: TileOwner;
  /** On a phone, the list pager shows one list at a time: the others are hidden below 640 px. */
  pagedOut?: boolean;
}

/**
 * One list: its header (name, in sentence case for the reserved lists, count, actions) and its cards, sortable within and across lists
 * (react-sortablejs with the fallback drag, which works with mouse and touch alike). The drop
 * goes up to the board, which updates the cache optimistically and calls the API.
 */
export const BoardColumn = memo(function BoardColumn(props: BoardColumnProps) {
  const { list, onOpenCard, onDropCard } = props;
  const displayName = listDisplayName(list.name);
  const inReview = isReviewList(list.name);
  const now = useMinuteClock(inReview);
  const [shown, setShown] = useState(CARDS_PAGE);
  const [renaming, setRenaming] = useState(false);
  const visible = list.Cards.length > shown ? list.Cards.slice(0, shown) : list.Cards;
  // react-sortablejs writes flags onto its items: give it fresh objects, never the cached cards.
  const items = useMemo(() => visible.map((c) => ({ id: c.id })), [visible]);

  const onEnd = (evt: SortableEvent) => {
    const { oldIndex, newIndex } = evt;
    if (oldIndex === undefined || newIndex === undefined) return;
    const fromListId = listIdOf(evt.from);
    const toListId = listIdOf(evt.to);
    if (fromListId === toListId && oldIndex === newIndex) return;
    onDropCard({ cardId: Number(evt.item.dataset.cardId), fromListId, toListId, oldIndex, newIndex });
  };

  const actions: ListMenuAction[] = [
    ...(props.canRename ? [{ label: 'Rename list', onSelect: () => setRenaming(true) }] : []),
    { label: 'Move list left', onSelect: () => props.onMoveList(list.id, list.position - 1), disabled: props.isFirst },
    { label: 'Move list right', onSelect: () => props.onMoveList(list.id, list.position + 1), disabled: props.isLast },
    ...(props.canDelete ? [{ label: 'Delete list', danger: true, onSelect: () => props.onDeleteList(list) }] : []),
  ];

  return (
    <section
      className={cn(
        'mtn-list flex max-h-full w-72 shrink-0 flex-col rounded-xl bg-gray-100 ring-1 ring-gray-200 max-sm:w-full',
        props.pagedOut && 'max-sm:hidden',
      )}
      aria-labelledby={`mtn-list-${list.id}-name`}
      data-list-id={list.id}
    >
      <header className="mtn-list-handle flex cursor-grab items-center gap-2 px-3 pt-2.5 pb-1.5">
        {renaming ? (
          <form
            className="flex-1"
            onSubmit={(e) => {
              e.preventDefault();
              const value = new FormData(e.currentTarget).get('name');
              const name = typeof value === 'string' ? value.trim() : '';
              if (name && name !== list.name) props.onRenameList(list.id, name);
              setRenaming(false);
            }}
          >
            <input
              name="name"
              aria-label={`New name of list ${displayName}`}
              defaultValue={list.name}
              autoFocus
              maxLength={100}
              onBlur={(e) => e.currentTarget.form?.requestSubmit()}
              onKeyDown={(e) => e.key === 'Escape' && setRenaming(false)}
              className="w-full rounded border border-brand-400 px-2 py-0.5 text-sm font-semibold"
            />
          </form>
        ) : (
          <h2 id={`mtn-list-${list.id}-name`} className="min-w-0 flex-1 truncate text-sm font-semibold text-gray-800">
            {displayName}
          </h2>
        )}
        <span className="rounded-full bg-gray-200 px-2 text-xs text-gray-600" aria-label={`${list.Cards.length} cards`}>
          {list.Cards.length}
        </span>
        <ListMenu listName={displayName} actions={actions} />
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-1">
        <ReactSortable
          tag="ul"
          list={items}
          setList={noop}
          group="mtn-cards"
          forceFallback
          fallbackTolerance={4}
          // On touch screens a short press starts a drag, so a swipe still scrolls the list.
          delay={180}
          delayOnTouchOnly
          animation={120}
          ghostClass="opacity-40"
          onEnd={onEnd}
          id={`mtn-list-${list.id}-cards`}
          className="flex min-h-10 flex-col gap-2 py-1"
        >
          {visible.map((card) => (
            <BoardCardTile
              key={card.id}
              card={card}
              onOpen={onOpenCard}
              onMoveTo={props.onMoveCardTo}
              hidden={!matchesDueFilter(card.dueAt, props.dueFilter ?? 'all', props.filterNow)}
              owner={props.owner}
              inReview={inReview}
              now={inReview ? now : undefined}
            />
          ))}
        </ReactSortable>
        {list.Cards.length > shown && (
          <button
            type="button"
            onClick={() => setShown((n) => n + CARDS_PAGE)}
            className="mb-1 w-full rounded-lg px-2 py-1 text-xs text-brand-700 hover:bg-gray-200"
          >
            Show {Math.min(CARDS_PAGE, list.Cards.length - shown)} more cards ({list.Cards.length - shown} hidden)
          </button>
        )}
      </div>
      <div className="px-2 pb-2">
        <AddCard listId={list.id} listName={displayName} />
      </div>
    </section>
  );
});
