import type { BoardResponse } from '@shared/types/board';
import type { BoardChange } from '@shared/types/live';
import { cardPlace } from './boardMoves';

/**
 * Applies a live `board` event's change to the cached board (docs/areas/live.md), the way the API made
 * it: changed cards and lists land at their positions, removed ones go, and every list touched is
 * renumbered 0..n-1 (the contiguity rule). Answers 'refetch' when the change cannot be applied to
 * this copy (a reset, or a card in a list this copy does not have): then the board is read again.
 */
export function applyBoardChange(board: BoardResponse, change: BoardChange): 'applied' | 'refetch' {
  if (change.kind !== 'patch') return 'refetch';
  const renumberLists = () => board.lists.forEach((l, i) => (l.position = i));
  const renumberCards = (list: BoardResponse['lists'][number]) => list.Cards.forEach((c, i) => (c.position = i));

  for (const id of change.removedListIds) {
    const at = board.lists.findIndex((l) => l.id === id);
    if (at >= 0) board.lists.splice(at, 1);
  }
  for (const list of change.lists) {
    const at = board.lists.findIndex((l) => l.id === list.id);
    const existing = at >= 0 ? board.lists.splice(at, 1)[0]! : { ...list, Cards: [] };
    existing.name = list.name;
    board.lists.splice(Math.max(0, Math.min(list.position, board.lists.length)), 0, existing);
  }
  if (change.removedListIds.length > 0 || change.lists.length > 0) renumberLists();

  for (const id of change.removedCardIds) {
    const place = cardPlace(board, id);
    if (!place) continue;
    place.list.Cards.splice(place.position, 1);
    renumberCards(place.list);
  }
  for (const card of change.cards) {
    const dest = board.lists.find((l) => l.id === card.ListId);
    if (!dest) return 'refetch';
    const source = cardPlace(board, card.id);
    if (source) {
      source.list.Cards.splice(source.position, 1);
      renumberCards(source.list);
    }
    dest.Cards.splice(Math.max(0, Math.min(card.position, dest.Cards.length)), 0, { ...card });
    renumberCards(dest);
  }
  return 'applied';
}
