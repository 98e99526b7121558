import type { BoardResponse } from '@shared/types/board';
import { listDisplayName } from '@shared/board/list-roles';
import { Dialog } from '../../components/Dialog';
import { cn } from '../../lib/cn';

/**
 * "Move to…" of a card tile (docs/areas/board.md, "Moves"): the board's lists as buttons, the
 * card's own marked and not offered; choosing one moves the card to the end of that list through
 * the same move a drag makes. The way to move a card by keyboard, and on a phone where the target
 * list is off screen.
 */
export function MoveToDialog({
  board,
  cardId,
  onMove,
  onClose,
}: {
  board: BoardResponse;
  cardId: number;
  onMove: (move: {
    sourceListId: number;
    positionOnSourceList: number;
    destListId: number;
    positionOnDestList: number;
  }) => void;
  onClose: () => void;
}) {
  const from = board.lists.find((l) => l.Cards.some((c) => c.id === cardId));
  const card = from?.Cards.find((c) => c.id === cardId);
  if (!from || !card) return null;
  return (
    <Dialog open onClose={onClose} title={`Move “${card.title}”`} description="Choose the list it goes to." size="sm">
      <ul className="flex flex-col gap-1.5" aria-label="Lists">
        {board.lists.map((list) => {
          const here = list.id === from.id;
          return (
            <li key={list.id}>
              <button
                type="button"
                disabled={here}
                aria-current={here ? 'true' : undefined}
                onClick={() => {
                  onMove({
                    sourceListId: from.id,
                    positionOnSourceList: from.Cards.indexOf(card),
                    destListId: list.id,
                    positionOnDestList: list.Cards.length,
                  });
                  onClose();
                }}
                className={cn(
                  'flex w-full items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm',
                  here
                    ? 'border-gray-200 bg-gray-50 text-gray-500'
                    : 'border-gray-200 text-gray-900 hover:border-brand-300 hover:bg-brand-50',
                )}
              >
                <span className="min-w-0 break-words">{listDisplayName(list.name)}</span>
                <span className="shrink-0 text-xs text-gray-500">
                  {here ? 'Here now' : `${list.Cards.length} card${list.Cards.length === 1 ? '' : 's'}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
