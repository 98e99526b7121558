import { openEventStream, type StreamEvent, type StreamState } from './eventStream';

/**
 * One event stream for a whole signed-in window (see docs/areas/live.md, "One stream per window").
 * Without a watched board it is `GET /api/events` (the user's own events: notifications); while a
 * board screen watches a board it is `GET /api/events?board=<id>`, which carries the same own
 * events as well, so a board page never needs a second stream.
 *
 * Switching (a board screen opens or closes) opens the new stream first and closes the old one
 * only once the new one is connected (the server subscribes before it answers), so no own event
 * is lost in between; a `notification` that both carried during that overlap is delivered once (by id).
 * A community screen watches its space the same way (`watchSpace`: `?space=<id>`, with the board's
 * `board=` too if one is watched), so a space's `community` events come on the same one stream.
 */
export interface LiveHub {
  /** Every event, with the board of the stream that carried it (null: the own-events stream). */
  subscribe(listener: LiveListener): () => void;
  /** Watch a board's events until the returned release is called (the latest watch wins). */
  watchBoard(boardUserId: number): () => void;
  /** Watch a community space's events until the returned release is called (the latest watch wins). */
  watchSpace(spaceId: number): () => void;
  /** The state of the stream of what is watched now, and the board it watches. */
  state(): { state: StreamState; board: number | null };
  onState(listener: (state: StreamState, board: number | null) => void): () => void;
  /** Opens the stream (after the first watchers have registered, so the first one is the right one). */
  start(): void;
  close(): void;
}

/**
 * `board`: the board the carrying stream watches. A `reconnected` event (no id, no data) is
 * delivered when the current stream is back after it broke: what it missed was replayed by
 * Last-Event-ID, but a listener may read again what no event announces. `space`: the community
 * space the carrying stream watches (null: none).
 */
export type LiveListener = (event: StreamEvent, board: number | null, space: number | null) => void;

interface Connection {
  board: number | null;
  space: number | null;
  state: StreamState;
  everConnected: boolean;
  close: () => void;
}

/** The events of the user's own topic, which every stream carries. */
const OWN_EVENTS = new Set(['notification']);

/** How many delivered ids are remembered to drop the overlap's duplicates. */
const SEEN_IDS = 500;

export function createLiveHub(baseUrl: string, connect: typeof openEventStream = openEventStream): LiveHub {
  const listeners = new Set<LiveListener>();
  const stateListeners = new Set<(state: StreamState, board: number | null) => void>();
  const watches: Array<{ board: number }> = [];
  const spaceWatches: Array<{ space: number }> = [];
  const seen = new Set<number>();
  let started = false;
  let current: Connection | null = null;
  /** The connected stream kept open until `current` connects. */
  let previous: Connection | null = null;

  const wanted = () => watches.at(-1)?.board ?? null;
  const wantedSpace = () => spaceWatches.at(-1)?.space ?? null;
  const emit = (event: StreamEvent, board: number | null, space: number | null) => {
    // Only the user's own events can come on two streams (both carry them during a switch).
    if (event.id !== null && OWN_EVENTS.has(event.event)) {
      if (seen.has(event.id)) return;
      seen.add(event.id);
      if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value as number);
    }
    for (const listener of [...listeners]) listener(event, board, space);
  };
  const setState = (conn: Connection, state: StreamState) => {
    const wasBroken = conn.everConnected && conn.state === 'reconnecting';
    conn.state = state;
    if (state === 'connected') {
      conn.everConnected = true;
      if (conn === current && previous) {
        previous.close();
        previous = null;
      }
    }
    if (conn !== current) return;
    for (const listener of [...stateListeners]) listener(state, conn.board);
    if (state === 'connected' && wasBroken)
      emit({ id: null, event: 'reconnected', data: null }, conn.board, conn.space);
  };

  const open = () => {
    if (!started) return;
    const board = wanted();
    const space = wantedSpace();
    if (current && current.board === board && current.space === space) return;
    if (current?.everConnected) {
      previous?.close();
      previous = current;
    } else {
      current?.close(); // never connected: nothing to keep
    }
    const conn: Connection = { board, space, state: 'connecting', everConnected: false, close: () => undefined };
    current = conn;
    const query = [board === null ? '' : `board=${board}`, space === null ? '' : `space=${space}`].filter(Boolean);
    const url = `${baseUrl}/api/events${query.length > 0 ? `?${query.join('&')}` : ''}`;
    conn.close = connect(url, {
      onEvent: (event) => emit(event, conn.board, conn.space),
      onState: (state) => setState(conn, state),
    });
  };
  /** Watches change in bursts (a route leaving one board and opening another): switch once after them. */
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      open();
    });
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    watchBoard(boardUserId) {
      const watch = { board: boardUserId };
      watches.push(watch);
      schedule();
      return () => {
        const at = watches.indexOf(watch);
        if (at >= 0) watches.splice(at, 1);
        schedule();
      };
    },
    watchSpace(spaceId) {
      const watch = { space: spaceId };
      spaceWatches.push(watch);
      schedule();
      return () => {
        const at = spaceWatches.indexOf(watch);
        if (at >= 0) spaceWatches.splice(at, 1);
        schedule();
      };
    },
    state: () => ({ state: current?.state ?? 'connecting', board: current?.board ?? null }),
    onState(listener) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      open();
    },
    close() {
      started = false;
      previous?.close();
      current?.close();
      previous = current = null;
    },
  };
}
