// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@shared/messages';
import type { BoardEvent } from '@shared/types/live';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { boardApi } from './boardApi';
import { fakeBoardServer, fakeBoard, fakeCard } from '../../test/fake-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });

/**
 * The board's fake API (fakeBoardServer) plus GET /api/events as a real streamed body the test
 * writes to; `hold('/card/move')` keeps that call's answer until the test releases it.
 */
function liveServer(opts: Parameters<typeof fakeBoardServer>[0] = {}) {
  const { calls } = fakeBoardServer(opts);
  const inner = globalThis.fetch;
  const streams: Array<ReadableStreamDefaultController<Uint8Array>> = [];
  const streamCalls: Array<Record<string, string>> = [];
  const signals: Array<AbortSignal | undefined> = [];
  const held = new Map<string, { release: (status: number) => void }>();
  const holding = new Set<string>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/events') {
        streamCalls.push({ board: url.searchParams.get('board') ?? '', ...(init?.headers as Record<string, string>) });
        signals.push(init?.signal ?? undefined);
        const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      }
      if (holding.has(url.pathname)) {
        return new Promise<Response>((resolve) =>
          held.set(url.pathname, {
            release: (status) =>
              resolve(
                new Response(JSON.stringify(status === 200 ? { success: true } : { error: { message: 'changed' } }), {
                  status,
                  headers: { 'Content-Type': 'application/json' },
                }),
              ),
          }),
        );
      }
      return inner(input, init);
    }),
  );
  const send = (id: number, event: string, data: unknown) =>
    act(async () => {
      streams
        .at(-1)!
        .enqueue(new TextEncoder().encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      await new Promise((r) => setTimeout(r, 10));
    });
  const reads = () => calls.filter((c) => c.path.endsWith('/list/read-many')).length;
  const boardStreams = (board: string) => streamCalls.filter((c) => c.board === board);
  /** The streams still open (not aborted by the renderer). */
  const open = () => streamCalls.filter((_, i) => !signals[i]?.aborted);
  return { calls, streams, streamCalls, boardStreams, open, send, reads, hold: (p: string) => holding.add(p), held };
}

const moved = (version: number, card = fakeCard(101, 11, 0, 'Set a goal')): BoardEvent => ({
  ownerId: 7,
  version,
  change: { kind: 'patch', cards: [card], removedCardIds: [], lists: [], removedListIds: [] },
});

describe('useLiveBoard: the open board follows the live events', () => {
  it('shows the live state and patches the board from an event, without reading it again', async () => {
    const live = liveServer();
    renderApp('/move-the-needle', premium());
    await waitFor(() => expect(screen.getByTestId('live-state').textContent).toBe(MESSAGES.liveConnected));
    expect(await screen.findByRole('heading', { name: "Dana Rivers's Board" })).toBeTruthy();
    // One stream for the window: the app shell's own-events stream gave way to the board's.
    expect(live.boardStreams('7')).toHaveLength(1);
    await waitFor(() => expect(live.open().map((c) => c.board)).toEqual(['7']));
    const readsBefore = live.reads();
    await live.send(5, 'board', moved(3));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'In progress' })).getByText('Set a goal')).toBeTruthy(),
    );
    expect(within(screen.getByRole('region', { name: 'Not started' })).queryByText('Set a goal')).toBeNull();
    expect(live.reads()).toBe(readsBefore);
  });

  it('reads the board again when the stream starts at a newer version than the read, not at the same one', async () => {
    const live = liveServer({ board: { ...fakeBoard(), version: 5 } });
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    await waitFor(() => expect(screen.getByTestId('live-state').dataset.state).toBe('connected'));
    const before = live.reads();
    await live.send(0, 'ready', { version: 5 });
    expect(live.reads()).toBe(before);
    await live.send(0, 'ready', { version: 6 });
    await waitFor(() => expect(live.reads()).toBe(before + 1));
    // An event not newer than the copy is already in it.
    await live.send(12, 'board', moved(5));
    expect(within(screen.getByRole('region', { name: 'Not started' })).getByText('Set a goal')).toBeTruthy();
  });

  it('reads the board again on resync and on a reset change', async () => {
    const live = liveServer();
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    await waitFor(() => expect(screen.getByTestId('live-state').dataset.state).toBe('connected'));
    await waitFor(() => expect(live.reads()).toBeGreaterThan(0));
    const before = live.reads();
    await live.send(9, 'resync', {});
    await waitFor(() => expect(live.reads()).toBe(before + 1));
    await live.send(10, 'board', { ownerId: 7, version: 50, change: { kind: 'reset' } });
    await waitFor(() => expect(live.reads()).toBe(before + 2));
  });

  it('holds an event about a card whose move is still pending, then applies it after the move is undone', async () => {
    const live = liveServer();
    live.hold('/api/move-the-needle/card/move');
    const { store } = renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    await waitFor(() => expect(screen.getByTestId('live-state').dataset.state).toBe('connected'));
    const board = () => boardApi.endpoints.getBoard.select(undefined)(store.getState()).data!;
    const listOf = (cardId: number) => board().lists.find((l) => l.Cards.some((c) => c.id === cardId))!.id;

    // The member drags "Set a goal" to ON HOLD (13): the optimistic patch shows it there at once.
    void store.dispatch(
      boardApi.endpoints.moveCard.initiate({
        board: undefined,
        cardId: 101,
        sourceListId: 10,
        destListId: 13,
        positionOnSourceList: 1,
        positionOnDestList: 0,
      }),
    );
    await waitFor(() => expect(listOf(101)).toBe(13));
    // Meanwhile a coach's move of the same card to COMPLETED (12) commits first: held, not applied over the drag.
    await live.send(11, 'board', moved(60, fakeCard(101, 12, 1, 'Set a goal')));
    expect(listOf(101)).toBe(13);
    // The member's move is refused (409, the board changed): its patch is undone, then the coach's move applies.
    await act(async () => {
      live.held.get('/api/move-the-needle/card/move')!.release(409);
      await new Promise((r) => setTimeout(r, 20));
    });
    await waitFor(() => expect(listOf(101)).toBe(12));
    expect(
      board()
        .lists.find((l) => l.id === 12)!
        .Cards.map((c) => [c.id, c.position]),
    ).toEqual([
      [102, 0],
      [101, 1],
    ]);
    expect(
      board()
        .lists.find((l) => l.id === 10)!
        .Cards.map((c) => c.id),
    ).toEqual([100]);
  });

  it('shows reconnecting when the stream ends, and reconnects with Last-Event-ID', async () => {
    const live = liveServer();
    renderApp('/move-the-needle', premium());
    await waitFor(() => expect(screen.getByTestId('live-state').dataset.state).toBe('connected'));
    await live.send(42, 'board', moved(3));
    await act(async () => {
      live.streams.at(-1)!.close();
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(screen.getByTestId('live-state').textContent).toBe(MESSAGES.liveReconnecting);
    await waitFor(() => expect(live.boardStreams('7')).toHaveLength(2), { timeout: 2_500 });
    expect(live.boardStreams('7')[1]!['Last-Event-ID']).toBe('42');
    await waitFor(() => expect(screen.getByTestId('live-state').dataset.state).toBe('connected'));
  });
});
