/**
 * A server-sent event stream read with fetch (docs/areas/live.md). Not the browser's EventSource: the
 * desktop app reaches the API through its app:// protocol, which forwards fetch requests and
 * streams their bodies (registered with `stream: true`), and this way both the web and the
 * desktop use one code path that sets `Last-Event-ID` itself on every reconnect. Reconnects
 * with a growing delay (1 s .. 15 s) until closed.
 */
export type StreamState = 'connecting' | 'connected' | 'reconnecting';

export interface StreamEvent {
  id: number | null;
  event: string;
  data: unknown;
}

export interface StreamOptions {
  onEvent(event: StreamEvent): void;
  onState?(state: StreamState): void;
  fetchImpl?: typeof fetch;
  /** Delays between attempts, in ms (default 1 s doubling to 15 s). */
  retryMs?: (attempt: number) => number;
  /**
   * Waits until the page is shown (default: the document's `visibilitychange` to visible, at once
   * when it is visible already). Used after the server closed this stream because the user opened
   * too many (`closed` with reason `replaced`): the stream comes back when its page is looked at.
   */
  whenVisible?: () => Promise<void>;
}

/** Resolves when the document is (or becomes) visible; at once outside a browser. */
export function documentVisible(): Promise<void> {
  if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      document.removeEventListener('visibilitychange', check);
      resolve();
    };
    document.addEventListener('visibilitychange', check);
  });
}

/** Splits a chunk of the stream into complete events; returns the unfinished rest. */
export function parseEvents(buffer: string, emit: (e: StreamEvent) => void): string {
  let rest = buffer.replace(/\r\n?/g, '\n');
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    let id: number | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id' && /^\d+$/.test(value)) id = Number(value);
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.join('\n'));
    } catch {
      parsed = data.join('\n');
    }
    emit({ id, event, data: parsed });
  }
  return rest;
}

/** Opens the stream at `url`; returns the function that closes it for good. */
export function openEventStream(url: string, options: StreamOptions): () => void {
  const doFetch = options.fetchImpl ?? fetch.bind(globalThis);
  const retry = options.retryMs ?? ((n: number) => Math.min(1_000 * 2 ** n, 15_000));
  let closed = false;
  let lastId: number | null = null;
  let attempt = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The server closed this stream for a newer one of the same user. */
  let replaced = false;

  const connect = async () => {
    controller = new AbortController();
    options.onState?.(attempt === 0 && lastId === null ? 'connecting' : 'reconnecting');
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (lastId !== null) headers['Last-Event-ID'] = String(lastId);
      const res = await doFetch(url, { headers, credentials: 'include', signal: controller.signal });
      if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`);
      attempt = 0;
      options.onState?.('connected');
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = parseEvents(buffer + decoder.decode(value, { stream: true }), (e) => {
          if (e.id !== null) lastId = e.id;
          if (e.event === 'closed') replaced = (e.data as { reason?: string } | null)?.reason === 'replaced';
          else options.onEvent(e);
        });
      }
    } catch {
      // a refused or broken stream: try again below
    }
    if (closed) return;
    options.onState?.('reconnecting');
    if (replaced) {
      replaced = false;
      await (options.whenVisible ?? documentVisible)();
      if (!closed) void connect();
      return;
    }
    timer = setTimeout(() => void connect(), retry(attempt++));
  };
  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
