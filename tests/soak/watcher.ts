/**
 * A live stream of the soak: `GET /api/events?board=<ownerId>` through nginx, read as the renderer
 * reads it (lib/eventStream.ts): reconnect when it ends, sending `Last-Event-ID` (the id of the
 * last event received), so an instance that stops (rolling restart) costs no event. It keeps every
 * id it received; tests/soak/cluster.ts compares them with the rows of `live_events`.
 */
import http from 'node:http';
import type { Session } from './client';

/** Pause before a reconnect (the renderer waits 1 s; shorter here, bounded). */
const RECONNECT_MS = 250;

export class Watcher {
  /** Every event id received, and its type. */
  readonly received = new Map<number, string>();
  /** The first `ready` of the first connection: the board's version then, and when it arrived. */
  firstReady: { version: number | null; at: number } | null = null;
  lastId: number | null = null;
  connects = 0;
  duplicates = 0;
  resyncs = 0;
  heartbeats = 0;
  connected = false;
  private stopped = false;
  private req: http.ClientRequest | null = null;
  private loop: Promise<void> = Promise.resolve();
  private readonly agent = new http.Agent({ keepAlive: false });

  constructor(
    readonly session: Session,
    readonly boardOwnerId: number,
    readonly label: string,
  ) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        await this.connectOnce();
        if (!this.stopped) await new Promise((r) => setTimeout(r, RECONNECT_MS + Math.random() * RECONNECT_MS));
      }
    })();
  }

  /** Resolves once the first `ready` arrived (or after `ms`). */
  async ready(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.firstReady && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    return this.firstReady !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.req?.destroy();
    await this.loop;
    this.agent.destroy();
  }

  private connectOnce(): Promise<void> {
    const { session } = this;
    const what = 'GET /api/events';
    const started = performance.now();
    return new Promise<void>((resolve) => {
      let headed = false;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        this.connected = false;
        this.req = null;
        resolve();
      };
      const req = http.get(
        {
          host: session.base.hostname,
          port: session.base.port,
          path: `/api/events?board=${this.boardOwnerId}`,
          agent: this.agent,
          localAddress: session.localAddress,
          headers: {
            Accept: 'text/event-stream',
            Cookie: session.cookieHeader,
            ...(this.lastId !== null ? { 'Last-Event-ID': String(this.lastId) } : {}),
          },
        },
        (res) => {
          headed = true;
          const status = res.statusCode ?? 0;
          session.stats.record(what, status, performance.now() - started);
          if (status !== 200) {
            res.resume();
            res.on('end', finish);
            res.on('error', finish);
            return;
          }
          this.connects += 1;
          this.connected = true;
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              this.block(buffer.slice(0, cut));
              buffer = buffer.slice(cut + 2);
            }
          });
          // Ended by the server (shutdown, sign-out): reconnect. Closed before its end: cut, a failure.
          res.on('close', () => {
            if (!res.complete && !this.stopped) session.stats.fail(what, `stream of board ${this.boardOwnerId} cut`);
            finish();
          });
          res.on('error', () => undefined); // reported by 'close'
        },
      );
      this.req = req;
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (!headed && !this.stopped) {
          session.stats.record(what, null, performance.now() - started, err.code ?? err.message);
        }
        finish();
      });
    });
  }

  private block(block: string): void {
    let id: number | null = null;
    let event = 'message';
    let data: string | null = null;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.heartbeats += 1;
      else if (line.startsWith('id: ')) id = Number(line.slice(4));
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = line.slice(6);
    }
    if (data === null) return;
    if (event === 'ready') {
      if (!this.firstReady) {
        const parsed = JSON.parse(data) as { version: number | null };
        this.firstReady = { version: parsed.version, at: Date.now() };
      }
      return;
    }
    if (event === 'resync') {
      // Its id is the newest event's (where to go on from), not an event of this stream.
      this.resyncs += 1;
      if (id !== null) this.lastId = id;
      return;
    }
    if (id === null) return;
    if (this.received.has(id)) this.duplicates += 1;
    else this.received.set(id, event);
    this.lastId = id;
  }
}
