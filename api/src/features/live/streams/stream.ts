import { PassThrough } from 'node:stream';
import type { Knex } from 'knex';
import type { LiveLimits } from '../../../config';
import type { PortalContext } from '../../../core/context';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../../core/db-unavailable';
import { HttpError } from '../../../core/errors';
import { sha256 } from '../../../core/session';
import type { LiveTopic } from '../../../core/live-events';
import { liveBus, newestEventId, replaySince, type LiveMessage } from '../bus/bus';
import type { CloseReason, OpenStream } from './registry';

export interface StreamOptions {
  userId: number;
  impersonatorId: number | null;
  /** The owner of the board whose events the stream carries (null: only the user's own events). */
  boardOwnerId: number | null;
  /** The community space whose changes the stream carries (null: none). */
  spaceId: number | null;
  /** The `?board` as requested (the policy is asked about it again on every check). */
  board: number | undefined;
  /** `rightsOf` the holder when the stream opens. */
  rights: string;
  /** The `Last-Event-ID` of a reconnect. */
  lastEventId: number | null;
  heartbeatMs: number;
  limits: LiveLimits;
  sessionIdleMs: number;
}

/** One server-sent event: `id`, `event` and one `data` line (JSON has no raw newlines). */
export function formatEvent(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Each message formatted once, however many streams send it (the bus hands them all one object). */
const formattedMessages = new WeakMap<LiveMessage, string>();
function formatted(m: LiveMessage): string {
  let text = formattedMessages.get(m);
  if (text === undefined) formattedMessages.set(m, (text = formatEvent(m.id, m.type, m.payload)));
  return text;
}

/** A `Last-Event-ID` header as an id, or null. */
export function parseLastEventId(header: string | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/**
 * Opens the `text/event-stream` response of GET /api/events (after the chain's auth and policy).
 * Written by hand on Koa's stream body (a PassThrough): the format is four lines, and the
 * stream must subscribe to the bus BEFORE it replays, so nothing committed in between is lost;
 * events heard during the replay wait and are sent after it, without duplicates.
 */
export async function openEventStream(ctx: PortalContext, knex: Knex, opts: StreamOptions): Promise<void> {
  const topics: Array<{ topic: LiveTopic; key: number }> = [{ topic: 'user', key: opts.userId }];
  if (opts.boardOwnerId !== null) topics.push({ topic: 'board', key: opts.boardOwnerId });
  if (opts.spaceId !== null) topics.push({ topic: 'community', key: opts.spaceId });
  const wanted = (m: LiveMessage) => topics.some((t) => t.topic === m.topic && t.key === m.key);

  // Shutting down (a request that came on a kept-alive connection after SIGTERM): no stream that
  // would hold the drain; nginx sends a GET answered 503 to another instance (proxy_next_upstream).
  const bus = liveBus(knex, (err) => ctx.deps.log.warn('live bus', { error: String(err) }));
  if (bus.ended)
    throw new HttpError(503, 'shutting_down', DATABASE_UNAVAILABLE_MESSAGE, undefined, { 'Retry-After': '1' });

  const out = new PassThrough();
  let open = true;
  let held: LiveMessage[] | null = [];
  const sent = new Set<number>();
  let heartbeat: NodeJS.Timeout | null = null;
  let unsubscribe: () => void = () => undefined;
  const res = ctx.res;
  const externalKey = ctx.session?.externalKey;

  const stream: OpenStream = {
    userId: opts.userId,
    sessionId: externalKey ? sha256(externalKey) : null,
    impersonatorId: opts.impersonatorId,
    board: opts.board,
    rights: opts.rights,
    openedAt: Date.now(),
    bufferedBytes: () => (open ? buffered() : 0),
    close: (reason: CloseReason) => close(reason),
  };
  function close(reason?: CloseReason) {
    if (!open) return;
    open = false;
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe();
    bus.streams.remove(stream);
    if (reason && reason !== 'shutdown') ctx.deps.log.info('live stream closed', { userId: opts.userId, reason });
    if (reason === 'slow') {
      // Nothing more can be sent: drop what waits and the connection with it, so the memory goes now.
      // A reset, not a FIN: a FIN would wait behind the unsent bytes the client never takes, and
      // the kernel would hold them (and the connection) until its orphan timeout.
      out.destroy();
      if (res.socket) res.socket.resetAndDestroy();
      else res.destroy();
    } else {
      // Why, for the client: after `replaced` it waits until its page is shown again before
      // reconnecting (or a user's eleventh tab and the first would take turns forever).
      if (reason && reason !== 'shutdown') out.write(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
      out.end();
    }
  }
  /**
   * Bytes written but not yet handed to the kernel: the PassThrough's both sides and the response's
   * own buffer (which counts its socket's). A client that stops reading makes it grow.
   */
  const buffered = () => out.writableLength + out.readableLength + res.writableLength;
  const write = (chunk: string) => {
    if (!open) return;
    out.write(chunk);
    if (buffered() > opts.limits.streamBufferBytes) close('slow');
  };
  const send = (m: LiveMessage) => {
    if (!open || sent.has(m.id)) return;
    sent.add(m.id);
    if (sent.size > 1000) sent.clear(); // only the replay's overlap matters
    write(formatted(m));
  };

  unsubscribe = await bus.subscribe(
    (m) => {
      if (!wanted(m)) return;
      if (held) held.push(m);
      else send(m);
    },
    () => close('shutdown'),
  );
  bus.streams.add(stream, opts.limits, opts.sessionIdleMs);
  ctx.req.on('close', () => close());
  res.on('close', () => close());

  ctx.status = 200;
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Accel-Buffering', 'no'); // nginx: do not buffer the stream
  // Not kept alive: a stream ended by the server (shutdown) would go back to a proxy's connection
  // pool as it ends, just before its connection closes, and the next request sent on it would fail.
  ctx.set('Connection', 'close');
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.body = out;
  write('retry: 2000\n\n');

  try {
    // The board's version now that the stream listens: a read older than it may have missed a change.
    if (opts.boardOwnerId !== null) {
      const row = await knex('mtn_boards')
        .where({ user_id: opts.boardOwnerId })
        .first<{ version: number } | undefined>('version');
      write(`event: ready\ndata: ${JSON.stringify({ version: row ? Number(row.version) : null })}\n\n`);
    }
    if (opts.lastEventId !== null) {
      const missed = await replaySince(knex, opts.lastEventId, topics);
      if (missed === null) write(formatEvent(await newestEventId(knex), 'resync', {}));
      else for (const m of missed) send(m);
    }
  } catch (err) {
    ctx.deps.log.warn('live replay', { error: String(err) });
    write(formatEvent(0, 'resync', {}));
  }
  const waiting = held;
  held = null;
  for (const m of waiting) send(m);
  heartbeat = setInterval(() => write(': heartbeat\n\n'), opts.heartbeatMs);
  heartbeat.unref();
}
