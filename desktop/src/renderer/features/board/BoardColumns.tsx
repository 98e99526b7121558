import { useCallback, useMemo, useState } from 'react';
import { ReactSortable, type SortableEvent } from 'react-sortablejs';
import { canDeleteList, canRenameList } from '@shared/policies/board';
import type { BoardList, BoardResponse } from '@shared/types/board';
import type { DueFilter } from '@shared/board/due';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { AddList } from './AddList';
import { BoardColumn, type CardDrop } from './BoardColumn';
import { useMoveCardMutation, useReorderCardMutation, useUpsertListMutation } from './boardApi';
import { MoveToDialog } from './MoveToDialog';

const noop = () => {};

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

  return (
    <div className="relative flex min-h-0 flex-1 items-start gap-3 overflow-x-auto pb-4" data-testid="mtn-board">
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
        className="flex h-full items-start gap-3"
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
          />
        ))}
      </ReactSortable>
      <AddList userId={data.board.userId} />
      {movingCardId !== null && (
        <MoveToDialog
          board={data}
          cardId={movingCardId}
          onMove={(move) => void moveCard({ board: boardArg, cardId: movingCardId, ...move })}
          onClose={() => setMovingCardId(null)}
        />
      )}
    </div>
  );
}
