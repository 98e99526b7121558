/**
 * What a board command touched (docs/architecture.md, "The path of a board write"): the board, the
 * cards and lists it changed, and the kinds of change. Every command returns one; the board write
 * that runs it collects them, and at its end, inside the transaction, the board's live event is
 * published from them (read-model/board-event.ts): the touched cards and lists as the board read
 * shows them, or a full reload for a `reset`.
 */

/** The kinds of change a command makes. */
export type BoardChange =
  | 'card-created'
  | 'card-edited'
  | 'card-moved'
  | 'card-archived'
  | 'card-restored'
  | 'card-deleted'
  | 'card-labelled'
  | 'attachment-changed'
  | 'checklist-changed'
  | 'item-changed'
  | 'comment-changed'
  | 'list-created'
  | 'list-changed'
  | 'list-deleted'
  | 'labels-changed'
  | 'board-reset';

export interface BoardTouch {
  /** The board's owner (the board whose row the write locked). */
  ownerId: number;
  cards: number[];
  lists: number[];
  changes: BoardChange[];
  /** The whole board changed (a reset, a label renamed on many cards): viewers read it again. */
  reset: boolean;
  /**
   * Already announced by the command's own statement (the card move run on its own, which is one
   * statement and its own transaction): the board write publishes nothing more for it.
   */
  announced: boolean;
}

/** A touch of `ownerId`'s board by one change. */
export function touched(
  ownerId: number,
  change: BoardChange,
  what: { cards?: readonly number[]; lists?: readonly number[]; reset?: boolean; announced?: boolean } = {},
): BoardTouch {
  return {
    ownerId,
    cards: [...(what.cards ?? [])],
    lists: [...(what.lists ?? [])],
    changes: [change],
    reset: what.reset === true,
    announced: what.announced === true,
  };
}

/**
 * The touches of one write as one: every card and list once, in id order, and a reset when any
 * touch is one. Touches already announced are left out; null when nothing is left to announce.
 */
export function mergeTouches(touches: readonly BoardTouch[]): BoardTouch | null {
  const open = touches.filter((t) => !t.announced);
  if (open.length === 0) return null;
  const ids = (pick: (t: BoardTouch) => number[]) => [...new Set(open.flatMap(pick))].sort((a, b) => a - b);
  return {
    ownerId: open[0]!.ownerId,
    cards: ids((t) => t.cards),
    lists: ids((t) => t.lists),
    changes: [...new Set(open.flatMap((t) => t.changes))],
    reset: open.some((t) => t.reset),
    announced: false,
  };
}
