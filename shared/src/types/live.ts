import type { BoardCard, MtnList } from './board';

/**
 * What changed on a board (docs/areas/live.md), enough for an open board to patch itself without a read:
 * `patch` carries the changed cards and lists as the board read presents them (a list without its
 * Cards) and the ids of removed ones; positions of the other cards and lists follow from the
 * contiguity rule (0..n-1), so the renderer renumbers. `reset` asks for a new read (the board was
 * reset, or labels changed on many cards).
 */
export type BoardChange =
  | { kind: 'patch'; cards: BoardCard[]; removedCardIds: number[]; lists: MtnList[]; removedListIds: number[] }
  | { kind: 'reset' };

/** The data of a `board` event of GET /api/events. */
export interface BoardEvent {
  ownerId: number;
  /** The board's version after the change (mtn_boards.version). */
  version: number;
  change: BoardChange;
}

/** The data of a `notification` event (published by the notification inbox). */
export interface NotificationEvent {
  [field: string]: unknown;
}

/** The named events of the stream; `resync`: the reconnect came too late to replay, read again. */
export type LiveEventName = 'board' | 'notification' | 'resync';
