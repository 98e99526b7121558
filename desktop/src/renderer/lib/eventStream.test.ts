import { describe, expect, it, vi } from 'vitest';
import { openEventStream, parseEvents, type StreamEvent } from './eventStream';

describe('parseEvents: the text/event-stream format', () => {
  it('reads id, event and JSON data, skips comments, and keeps an unfinished event for the next chunk', () => {
    const got: StreamEvent[] = [];
    const rest = parseEvents(
      'retry: 2000\n\n: heartbeat\n\nid: 7\nevent: board\ndata: {"a":1}\n\nid: 8\r\nevent: resync\r\ndata: {}\r\n\r\nid: 9\nev',
      (e) => got.push(e),
    );
    expect(got).toEqual([
      { id: 7, event: 'board', data: { a: 1 } },
      { id: 8, event: 'resync', data: {} },
    ]);
    expect(rest).toBe('id: 9\nev');
    parseEvents(`${rest}ent: notification\ndata: {"n":2}\n\n`, (e) => got.push(e));
    expect(got.at(-1)).toEqual({ id: 9, event: 'notification', data: { n: 2 } });
  });
});

describe('openEventStream: a stream the server closed', () => {
  /** A fetch whose every call answers one stream body of `text`, counting the calls. */
  function fakeFetch(texts: string[]) {
    const calls: Array<Record<string, string>> = [];
    const impl = ((_url: string, init?: RequestInit) => {
      calls.push({ ...(init?.headers as Record<string, string>) });
      const text = texts[Math.min(calls.length - 1, texts.length - 1)]!;
      return Promise.resolve(new Response(new Blob([text]).stream(), { status: 200 }));
    }) as typeof fetch;
    return { impl, calls };
  }

  it('after `closed` with reason replaced, reconnects only when the page is shown, with Last-Event-ID', async () => {
    const { impl, calls } = fakeFetch([
      'id: 4\nevent: board\ndata: {"n":1}\n\nevent: closed\ndata: {"reason":"replaced"}\n\n',
      ': heartbeat\n\n',
    ]);
    let show: () => void = () => undefined;
    const shown = new Promise<void>((r) => (show = r));
    const events: StreamEvent[] = [];
    const close = openEventStream('/api/events', {
      fetchImpl: impl,
      onEvent: (e) => events.push(e),
      retryMs: () => 0,
      whenVisible: () => shown,
    });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1); // waiting for the page, not retrying
    expect(events.map((e) => e.event)).toEqual(['board']); // `closed` is the stream's own business
    show();
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    expect(calls[1]!['Last-Event-ID']).toBe('4');
    close();
  });

  it('after another end (a session that ended), retries after the usual delay', async () => {
    const { impl, calls } = fakeFetch(['event: closed\ndata: {"reason":"session"}\n\n']);
    const close = openEventStream('/api/events', {
      fetchImpl: impl,
      onEvent: () => undefined,
      retryMs: () => 0,
      whenVisible: () => new Promise(() => undefined),
    });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(2));
    close();
  });
});
