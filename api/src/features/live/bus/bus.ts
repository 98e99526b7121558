import type { Knex } from 'knex';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { LiveEvent } from '../../../models';
import { LIVE_CHANNEL, type LiveTopic } from '../../../core/live-events';
import { StreamRegistry } from '../streams/registry';

/** How long events are kept for a reconnecting stream's replay (Last-Event-ID). */
export const LIVE_RETENTION_MINUTES = 10;
/** ... and at most this many of the newest. */
export const LIVE_RETENTION_ROWS = 50_000;
/**
 * The type of the control event the database publishes when a user's session ends or changes, or
 * their rights change (migration 0024's triggers): every instance checks that user's streams again.
 * Never sent to a client, never replayed.
 */
export const SESSION_CHECK = 'session-check';

export interface LiveMessage {
  id: number;
  topic: LiveTopic;
  key: number;
  type: string;
  payload: Record<string, unknown>;
}

type Db = Knex | Knex.Transaction;

/** Deletes the events older than the retention (the newest row always stays: it marks the horizon). */
export async function sweepLiveEvents(db: Db, minutes = LIVE_RETENTION_MINUTES): Promise<number> {
  const result = await db.raw<{ rowCount: number | null; affectedRows?: number }>(
    `delete from live_events
      where id < (select max(id) from live_events)
        and (created_at < now() - (? * interval '1 minute') or id <= (select max(id) from live_events) - ?)`,
    [minutes, LIVE_RETENTION_ROWS],
  );
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

function toMessage(row: LiveEvent): LiveMessage {
  return { id: Number(row.id), topic: row.topic, key: row.key, type: row.type, payload: row.payload };
}

/**
 * What a reconnecting stream missed after `lastId`, for its topics; `null` when `lastId` is older
 * than what is kept (the stream then sends `resync`). Control events are not replayed.
 */
export async function replaySince(
  db: Db,
  lastId: number,
  topics: Array<{ topic: LiveTopic; key: number }>,
): Promise<LiveMessage[] | null> {
  const oldest = await db('live_events').min<{ min: number | null }>('id as min').first();
  const min = oldest?.min === null || oldest?.min === undefined ? null : Number(oldest.min);
  if (min === null || lastId < min - 1) return null;
  const rows = await LiveEvent.query(db)
    .where('id', '>', lastId)
    .whereNot('type', SESSION_CHECK)
    .where((q) => {
      for (const t of topics) void q.orWhere({ topic: t.topic, key: t.key });
    })
    .orderBy('id');
  return rows.map(toMessage);
}

/** The newest event id (0 when none): where a fresh stream starts. */
export async function newestEventId(db: Db): Promise<number> {
  const row = await db('live_events').max<{ max: number | null }>('id as max').first();
  return Number(row?.max ?? 0);
}

type Subscriber = (message: LiveMessage) => void;

/** How the bus hears of committed events: a LISTEN on PostgreSQL or PGlite. */
interface Listener {
  close(): Promise<void>;
}

/**
 * One listener per API process and database: opened when the first stream subscribes, closed
 * when the last one leaves. A notification carries an event id; the bus reads the rows of the
 * ids heard in one tick with one query and hands each to every subscriber (the streams filter
 * by topic and key). On PostgreSQL the listener is a dedicated `pg` client (not a pooled
 * connection), reconnecting with a growing delay and reading what it missed meanwhile; on
 * PGlite it is the database's own `listen()`, which fires after the commit like PostgreSQL's.
 */
export class LiveBus {
  private readonly subscribers = new Set<Subscriber>();
  private readonly enders = new Map<Subscriber, () => void>();
  private listener: Listener | null = null;
  private starting: Promise<void> | null = null;
  private pending: number[] = [];
  private flushing = false;
  private lastSeen = 0;
  private stopped = false;
  /** The open streams of this process on this database, their limits and their session checks. */
  readonly streams: StreamRegistry;

  constructor(
    private readonly knex: Knex,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.streams = new StreamRegistry(knex, onError);
  }

  /** Set by endAll (the process is shutting down): live/stream.ts refuses new streams (503). */
  ended = false;

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Adds a subscriber once the listener is live; returns the unsubscribe function. `end` is called
   * when the process shuts down (`endAll`), so open streams close and their clients reconnect
   * to another instance.
   */
  async subscribe(fn: Subscriber, end?: () => void): Promise<() => void> {
    this.subscribers.add(fn);
    if (end) this.enders.set(fn, end);
    try {
      await this.ensureListening();
    } catch (err) {
      this.subscribers.delete(fn);
      this.enders.delete(fn);
      throw err;
    }
    return () => {
      this.enders.delete(fn);
      if (!this.subscribers.delete(fn)) return;
      if (this.subscribers.size === 0) void this.stop();
    };
  }

  private ensureListening(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.stopped = false;
    this.starting ??= this.start().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    this.lastSeen = await newestEventId(this.knex);
    this.listener = await this.listen();
  }

  private async listen(): Promise<Listener> {
    // On PostgreSQL a direct connection (DATABASE_LISTEN_URL, db/knex.ts): a pooler drops LISTEN.
    const client = this.knex.client as { config: { connection?: unknown; listenConnection?: unknown } };
    const connection = (client.config.listenConnection ?? client.config.connection) as
      { pglite?: PGlite } | pg.ClientConfig;
    if ('pglite' in connection && connection.pglite) {
      // PGlite has one session: LISTEN and UNLISTEN run while holding knex's connection, so they
      // never land inside another request's open transaction.
      const pglite = connection.pglite;
      const unlisten = await this.holdingConnection(() => pglite.listen(LIVE_CHANNEL, (p) => this.heard(p)));
      return { close: () => this.holdingConnection(() => unlisten()) };
    }
    return this.listenPg(connection as pg.ClientConfig, 250);
  }

  private async holdingConnection<T>(fn: () => Promise<T>): Promise<T> {
    const client = this.knex.client as {
      acquireConnection(): Promise<unknown>;
      releaseConnection(c: unknown): Promise<void>;
    };
    const conn = await client.acquireConnection();
    try {
      return await fn();
    } finally {
      await client.releaseConnection(conn);
    }
  }

  private async listenPg(config: pg.ClientConfig, retryMs: number): Promise<Listener> {
    const pgClient = new pg.Client({ ...config, application_name: 'portal-api-live' });
    let closed = false;
    const reconnect = () => {
      if (closed || this.stopped) return;
      closed = true;
      pgClient.end().catch(() => undefined);
      const timer = setTimeout(() => {
        if (this.stopped || this.subscribers.size === 0) return;
        this.listenPg(config, Math.min(retryMs * 2, 5_000))
          .then((l) => {
            this.listener = l;
            return this.catchUp();
          })
          .catch((err) => {
            this.onError(err);
            this.listener = null;
          });
      }, retryMs);
      timer.unref();
    };
    pgClient.on('notification', (n) => {
      if (n.channel === LIVE_CHANNEL && n.payload) this.heard(n.payload);
    });
    pgClient.on('error', (err) => {
      this.onError(err);
      reconnect();
    });
    pgClient.on('end', reconnect);
    await pgClient.connect();
    await pgClient.query(`LISTEN ${LIVE_CHANNEL}`);
    return {
      close: async () => {
        closed = true;
        await pgClient.end().catch(() => undefined);
      },
    };
  }

  /** After a reconnect: the events committed while the listener was away. */
  private async catchUp(): Promise<void> {
    const rows = await LiveEvent.query(this.knex).where('id', '>', this.lastSeen).orderBy('id');
    for (const row of rows) this.dispatch(toMessage(row));
  }

  private heard(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id)) return;
    this.pending.push(id);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const ids = this.pending.splice(0);
        if (this.subscribers.size === 0) break; // nobody left to tell (and the database may be closing)
        const rows = await LiveEvent.query(this.knex).whereIn('id', ids).orderBy('id');
        for (const row of rows) this.dispatch(toMessage(row));
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.flushing = false;
    }
  }

  private dispatch(message: LiveMessage): void {
    if (message.id > this.lastSeen) this.lastSeen = message.id;
    if (message.type === SESSION_CHECK) {
      void this.streams.requestCheck(message.key);
      return;
    }
    for (const fn of [...this.subscribers]) {
      try {
        fn(message);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** Shutdown: ends every subscriber's stream, then the listener closes with the last one. */
  async endAll(): Promise<void> {
    this.ended = true;
    for (const end of [...this.enders.values()]) end();
    this.subscribers.clear();
    this.enders.clear();
    await this.stop();
  }

  /** Closes the listener when no stream is left (the last one leaving, or at shutdown). */
  async stop(): Promise<void> {
    if (this.subscribers.size > 0) return;
    this.stopped = true;
    await this.starting?.catch(() => undefined);
    if (this.subscribers.size > 0) {
      this.stopped = false; // a stream came while the listener was starting: keep it
      return;
    }
    const listener = this.listener;
    this.listener = null;
    await listener?.close().catch(this.onError);
  }
}

const buses = new WeakMap<Knex, LiveBus>();

/** The bus of a database (one per knex instance: tests run several apps on several databases). */
export function liveBus(knex: Knex, onError?: (err: unknown) => void): LiveBus {
  let bus = buses.get(knex);
  if (!bus) buses.set(knex, (bus = new LiveBus(knex, onError)));
  return bus;
}
