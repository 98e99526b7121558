import type { Knex } from 'knex';
import pg from 'pg';
import type PgBoss from 'pg-boss';

/**
 * How pg-boss reaches the database when it is not through its own pool (docs/areas/jobs.md,
 * "Executors"). pg-boss takes any `{ executeSql(text, values) }` and writes its SQL with `$1`-style
 * parameters, sometimes several statements in one text (its schema, its maintenance).
 */
export type SqlExecutor = PgBoss.Db;

type Result = { rows: unknown[] };

interface ConnectionClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

interface PgliteConnection {
  query(text: string, values?: unknown[]): Promise<Result>;
  exec(text: string): Promise<Result[]>;
}

interface PgConnection {
  query(text: string, values?: unknown[]): Promise<Result | Result[]>;
}

/**
 * Runs pg-boss's statements, as pg-boss wrote them (`$n` parameters), on the connection of `db`:
 *
 * - `db` a transaction: on the transaction's own connection, inside it. This is the outbox:
 *   `send(name, data, { db: connectionExecutor(trx) })` writes the job in the same transaction as
 *   the change that causes it, so both commit or neither does.
 * - `db` knex itself: on one of its connections, held while the statement runs. On PGlite knex has
 *   a single connection: holding it means pg-boss's SQL waits for a request's open transaction to
 *   end and never lands inside it (as the live bus does for LISTEN). A text without parameters goes
 *   as a simple query, so pg-boss's multi-statement texts (`BEGIN; ...; COMMIT`) run as written; if
 *   one fails half-way, the connection is rolled back before it is handed back.
 *
 * (Going through `knex.raw` instead would need `$n` turned into `?`, one binding per occurrence,
 * and PostgreSQL then infers each occurrence's type on its own: pg-boss's `startAfter`, read as
 * text in one place and cast to a timestamp in another, fails.)
 */
export function connectionExecutor(db: Knex | Knex.Transaction): SqlExecutor {
  const client = db.client as unknown as ConnectionClient & { config: { connection?: { pglite?: unknown } } };
  // knex over PGlite (db/knex.ts) is configured with the PGlite instance as its connection.
  const embedded = Boolean(client.config.connection?.pglite);
  const inTransaction = Boolean((db as Partial<Knex.Transaction>).isTransaction);
  return {
    async executeSql(text: string, values?: unknown[]) {
      // On a transaction's client this is the transaction's connection, and releasing it is a no-op.
      const connection = await client.acquireConnection();
      try {
        if (embedded) {
          const pglite = connection as PgliteConnection;
          if (values && values.length > 0) return await pglite.query(text, values);
          const results = await pglite.exec(text);
          return results[results.length - 1] ?? { rows: [] };
        }
        const result = await (connection as PgConnection).query(text, values && values.length > 0 ? values : undefined);
        return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
      } catch (err) {
        // A failed statement of an explicit BEGIN ... COMMIT leaves the session in an aborted
        // transaction; end it (a warning when there is none) so the connection is usable again.
        // Never inside the caller's transaction: that one rolls back when the error reaches it.
        if (!inTransaction) await (connection as PgConnection).query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/** An executor that knows how many of its statements are still running, and can be closed. */
export interface TrackedExecutor extends SqlExecutor {
  /** Resolves once no statement is running (or after `timeoutMs`). */
  idle(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

function tracked(inner: SqlExecutor, close: () => Promise<void>): TrackedExecutor {
  let running = 0;
  let closed = false;
  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss completes or fails a job without awaiting it, so a handler that outlives the grace
      // period completes after the pool has closed. Its rejection would reach nobody and end the
      // process mid-shutdown; instead the statement never runs and never settles (pg-boss, already
      // stopped, awaits nothing else of this executor): the job stays as the stop left it and is
      // retried (handlers are idempotent; docs/areas/jobs.md, "Graceful shutdown").
      if (closed) return new Promise<never>(() => undefined);
      running += 1;
      try {
        return await inner.executeSql(text, values as unknown[]);
      } finally {
        running -= 1;
      }
    },
    async idle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

/**
 * The executor of a process's workers: on PostgreSQL a pool of their own (so jobs never take the
 * requests' connections), on PGlite knex's one connection. Tracked, so a stopping worker waits for
 * the completion pg-boss writes after the last job (it does not wait for it itself) before the
 * pool or the database closes.
 */
export function workerExecutor(knex: Knex, databaseUrl: string | null, onError: (err: Error) => void): TrackedExecutor {
  if (!databaseUrl) return tracked(connectionExecutor(knex), () => Promise.resolve());
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: 'portal-jobs' });
  pool.on('error', onError);
  return tracked(
    {
      executeSql: async (text: string, values?: unknown[]) =>
        pool.query(text, values && values.length > 0 ? values : undefined),
    },
    () => pool.end(),
  );
}
