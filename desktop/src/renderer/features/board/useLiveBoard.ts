import { useEffect, useState } from 'react';
import { addListener, isAnyOf } from '@reduxjs/toolkit';
import { useStore } from 'react-redux';
import type { BoardEvent } from '@shared/types/live';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { StreamState } from '../../lib/eventStream';
import { useLiveHub } from '../live/LiveStream';
import { boardApi } from './boardApi';
import { applyBoardChange } from './liveBoard';

const { moveCard, reorderCard } = boardApi.endpoints;
const dragStarted = isAnyOf(moveCard.matchPending, reorderCard.matchPending);
const dragSettled = isAnyOf(
  moveCard.matchFulfilled,
  moveCard.matchRejected,
  reorderCard.matchFulfilled,
  reorderCard.matchRejected,
);
const cardOf = (action: { meta: { arg: { originalArgs: unknown } } }) =>
  (action.meta.arg.originalArgs as { cardId: number }).cardId;

/**
 * Keeps the open board live (docs/areas/live.md): the window's one event stream (the app shell's live
 * hub) is asked to watch the board of `boardUserId` (the user whose board the route shows; the API
 * resolves an admin's to the Master Template) as the board read starts; its `board` events patch the cached board of `boardArg` (the
 * getBoard query's argument) in place, without a read. A `reset` change, a `resync` or a change
 * this copy cannot place reads the board again, and so does a read older than the board's version
 * when the stream started listening (its `ready` event). An event not newer than the copy's
 * version is already in it and skipped. Events wait, in order, while the board is not
 * loaded yet or a drag (move, reorder) is on its way to the API: the optimistic move is then kept
 * or undone first, and the events (the committed truth, applied as absolute positions) follow.
 * Answers the stream's state for the screen's live indicator.
 */
export function useLiveBoard(boardUserId: number | undefined, boardArg: number | undefined): StreamState {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const hub = useLiveHub();
  const [state, setState] = useState<StreamState>('connecting');

  useEffect(() => {
    if (boardUserId === undefined || !hub) return;
    const now = hub.state();
    setState(now.board === boardUserId ? now.state : 'connecting');
    const offState = hub.onState((s, board) => {
      if (board === boardUserId) setState(s);
    });
    const held: BoardEvent[] = [];
    // The board's version when the stream started listening (its `ready` event): a cached read
    // older than that may have missed a change and is read again.
    let readyVersion: number | null = null;
    const cached = () => boardApi.endpoints.getBoard.select(boardArg)(store.getState());
    const readAgain = () => void dispatch(boardApi.util.invalidateTags(['Board']));
    const checkReady = () => {
      const data = cached().data;
      if (readyVersion === null || data === undefined) return;
      const stale = (data.version ?? -1) < readyVersion;
      readyVersion = null; // before the read: its dispatch comes back here through the store
      if (stale) readAgain();
    };
    const apply = (event: BoardEvent) => {
      const outcome = { result: 'applied' as 'applied' | 'refetch' };
      dispatch(
        boardApi.util.updateQueryData('getBoard', boardArg, (draft) => {
          if (draft.version !== undefined && event.version <= draft.version) return; // already in this copy
          outcome.result = applyBoardChange(draft, event.change);
          draft.version = event.version;
        }),
      );
      if (outcome.result === 'refetch') readAgain();
    };
    // Drags (moves, reorders) on their way to the API, per card, seen through the store's listeners.
    const inFlight = new Map<number, number>();
    const flush = () => {
      checkReady();
      if (held.length === 0 || inFlight.size > 0 || cached().data === undefined) return;
      for (const event of held.splice(0)) apply(event);
    };
    const unsubscribe = store.subscribe(flush);
    const listeners = [
      dispatch(
        addListener({
          matcher: dragStarted,
          effect: (action) => {
            const id = cardOf(action);
            inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
          },
        }),
      ),
      dispatch(
        addListener({
          matcher: dragSettled,
          effect: (action) => {
            const id = cardOf(action);
            const n = (inFlight.get(id) ?? 1) - 1;
            if (n > 0) inFlight.set(id, n);
            else inFlight.delete(id);
            // After the mutation's own patch is kept or undone (its onQueryStarted runs on the same settle).
            setTimeout(flush, 0);
          },
        }),
      ),
    ];

    // Only what the stream of this board carries: during a switch the previous stream may still talk.
    const offEvents = hub.subscribe((e, board) => {
      if (board !== boardUserId) return;
      if (e.event === 'ready') {
        readyVersion = (e.data as { version: number | null }).version ?? -1;
        return checkReady();
      }
      if (e.event === 'resync') return readAgain();
      if (e.event !== 'board') return;
      const event = e.data as BoardEvent;
      const touchesDrag = event.change.kind === 'patch' && event.change.cards.some((c) => inFlight.has(c.id));
      if (held.length > 0 || touchesDrag || cached().data === undefined) held.push(event);
      else apply(event);
    });
    const release = hub.watchBoard(boardUserId);
    return () => {
      release();
      offEvents();
      offState();
      unsubscribe();
      for (const off of listeners) off();
    };
  }, [boardUserId, boardArg, hub, dispatch, store]);

  return state;
}
