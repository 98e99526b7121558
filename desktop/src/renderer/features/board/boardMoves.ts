import type { BoardResponse } from '@shared/types/board';
import { boardProgress } from '@shared/calc/progress';
import { isReviewList } from '@shared/board/list-roles';

/**
 * The optimistic side of drag and drop: the same moves the API makes (docs/areas/board.md#behaviour), applied to the
 * cached board. Positions are renumbered 0..n-1 in every list touched. A card that enters FOR REVIEW
 * waits for review from `now` (the tile's "In review" chip; the server's patch brings its own time),
 * and one that leaves it no longer waits.
 */
export function moveCardInBoard(
  board: BoardResponse,
  cardId: number,
  destListId: number,
  destIndex: number,
  now: Date = new Date(),
): void {
  const from = cardPlace(board, cardId);
  const dest = board.lists.find((l) => l.id === destListId);
  if (!from || !dest) return;
  const source = from.list;
  const [card] = source.Cards.splice(from.position, 1);
  if (!card) return;
  const at = Math.max(0, Math.min(destIndex, dest.Cards.length));
  const reviewSince = dest.id === source.id ? card.reviewSince : isReviewList(dest.name) ? now.toISOString() : null;
  dest.Cards.splice(at, 0, { ...card, ListId: dest.id, reviewSince });
  source.Cards.forEach((c, i) => (c.position = i));
  dest.Cards.forEach((c, i) => (c.position = i));
}

/**
 * Where a card is on the cached board: the list holding it and its index there. The board is what
 * moves first (drag and drop and the card dialog's In List select change it before the server
 * answers, live updates refresh it), so the card dialog reads the card's place from here rather
 * than from its own copy of the card, which is read again only after a move has been answered.
 */
export function cardPlace(
  board: BoardResponse,
  cardId: number,
): { list: BoardResponse['lists'][number]; position: number } | undefined {
  for (const list of board.lists) {
    const position = list.Cards.findIndex((c) => c.id === cardId);
    if (position >= 0) return { list, position };
  }
  return undefined;
}

/** Moves a list to `destIndex` on the cached board. */
export function moveListInBoard(board: BoardResponse, listId: number, destIndex: number): void {
  const from = board.lists.findIndex((l) => l.id === listId);
  if (from < 0) return;
  const [list] = board.lists.splice(from, 1);
  if (!list) return;
  board.lists.splice(Math.max(0, Math.min(destIndex, board.lists.length)), 0, list);
  board.lists.forEach((l, i) => (l.position = i));
}

/** Board progress of a loaded board (docs/areas/board.md#behaviour). */
export function progressOf(board: BoardResponse): number {
  const counts: Record<string, number> = {};
  for (const l of board.lists) counts[l.name] = (counts[l.name] ?? 0) + l.Cards.length;
  return boardProgress(counts);
}
