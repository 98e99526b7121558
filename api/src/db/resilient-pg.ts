import type { Knex } from 'knex';
import ClientPG from 'knex/lib/dialects/postgres/index.js';
import Runner from 'knex/lib/execution/runner.js';
import { isConnectionLost, isIdempotentRead } from './connection-errors';

/** How long a suspect pooled connection may take to answer `select 1` before it is discarded. */
const PING_TIMEOUT_MS = 2_000;

/** The node-postgres client behind a pooled connection, as far as this file reads it. */
interface PgConnection {
  query(sql: string): Promise<unknown>;
  __knex__disposed?: unknown;
  _queryable?: boolean;
  _ending?: boolean;
  /** The client's loss count when this connection was last known to be alive. */
  __portalCheckedAt?: number;
}

type ClientWithConfig = Knex.Client & { config: object; transacting?: boolean };

/**
 * Connections lost so far, per knex instance. Keyed by the instance's config object, which its
 * transaction clients share (each transaction gets its own client object).
 */
const losses = new WeakMap<object, { count: number }>();
const lossesOf = (client: ClientWithConfig) => {
  let entry = losses.get(client.config);
  if (!entry) losses.set(client.config, (entry = { count: 0 }));
  return entry;
};

async function answers(connection: PgConnection): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([connection.query('select 1').then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A knex runner that (1) marks a connection whose statement failed because the connection was
 * lost as broken, so the pool destroys it instead of lending it again, and (2) runs a statement
 * once more, on another connection, when it only reads and runs outside a transaction. Inside a
 * transaction nothing is retried: the error travels up and the request answers 503.
 */
class ResilientRunner extends Runner {
  override async query(obj: unknown): Promise<unknown> {
    try {
      return await super.query(obj);
    } catch (err) {
      if (isConnectionLost(err)) {
        const connection = this.connection as PgConnection | undefined;
        if (connection) connection.__knex__disposed = err;
        // Connections killed together die together: check the others before lending them again.
        lossesOf(this.client).count += 1;
      }
      throw err;
    }
  }

  override async run(): Promise<unknown> {
    try {
      return await super.run();
    } catch (err) {
      if (!isConnectionLost(err) || !this.mayRetry()) throw err;
      this.connection = undefined; // acquire another one
      return super.run();
    }
  }

  private mayRetry(): boolean {
    if (this.client.transacting || this.builder._connection) return false;
    let compiled: unknown;
    try {
      compiled = this.builder.toSQL();
    } catch {
      return false;
    }
    const sql = (compiled as { sql?: unknown } | undefined)?.sql;
    return !Array.isArray(compiled) && typeof sql === 'string' && isIdempotentRead(sql);
  }
}

/** The last statement sent on each connection, so the next one waits for it to end. */
const lastOnConnection = new WeakMap<object, Promise<unknown>>();

/**
 * Runs `send` once the statement sent before it on the same connection has ended, in the order
 * they were asked for. Reads of one transaction may be started side by side (`Promise.all`); they
 * share its one connection, and node-postgres deprecates a query sent while another runs (pg 9
 * refuses it). The order and the timing are what node-postgres's own queue gave.
 */
export function inTurn<T>(connection: object, send: () => Promise<T>): Promise<T> {
  const before = lastOnConnection.get(connection);
  const mine = before ? before.then(send, send) : send();
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  lastOnConnection.set(connection, settled);
  void settled.then(() => {
    if (lastOnConnection.get(connection) === settled) lastOnConnection.delete(connection);
  });
  return mine;
}

/**
 * knex's PostgreSQL client with broken connections kept out of the pool: a connection that
 * reported an error or ended (knex's own flag), that node-postgres no longer accepts queries on,
 * or (after any lost connection) that does not answer `select 1`, is destroyed on acquire.
 */
export class ResilientPgClient extends ClientPG {
  /**
   * Sends a statement unnamed when the database config says `preparedStatements: false`: behind
   * PgBouncer in transaction mode (before 1.21) a statement prepared on one server connection is
   * unknown on the next ("does not exist") or already there from another client ("already exists").
   */
  override _query(connection: unknown, obj: { options?: { name?: unknown } }): Promise<unknown> {
    const { preparedStatements } = this.config as { preparedStatements?: boolean };
    let sent = obj;
    if (preparedStatements === false && obj.options?.name !== undefined) {
      const { name: _unnamed, ...options } = obj.options;
      sent = { ...obj, options };
    }
    return inTurn(connection as object, () => super._query(connection, sent));
  }

  override async acquireRawConnection(): Promise<unknown> {
    const connection = (await super.acquireRawConnection()) as PgConnection;
    connection.__portalCheckedAt = lossesOf(this).count; // new: known to be alive now
    return connection;
  }

  override runner(builder: unknown): ResilientRunner {
    return new ResilientRunner(this, builder);
  }

  override async validateConnection(raw: unknown): Promise<boolean> {
    const connection = raw as PgConnection;
    if (connection.__knex__disposed || connection._queryable === false || connection._ending) return false;
    const seen = lossesOf(this).count;
    if ((connection.__portalCheckedAt ?? 0) >= seen) return true;
    const alive = await answers(connection);
    if (alive) connection.__portalCheckedAt = seen;
    return alive;
  }
}
