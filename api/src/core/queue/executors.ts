import type { Knex } from 'knex';
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
 * Runs each statement on one of knex's own connections, held while it runs. On PGlite, knex has a
 * single connection: holding it means pg-boss's SQL waits for a request's open transaction to end
 * and never lands inside it (as the live bus does for LISTEN). A text without parameters goes as a
 * simple query, so pg-boss's multi-statement texts (`BEGIN; ...; COMMIT`) run as written; if one
 * fails half-way, the connection is rolled back before it is handed back.
 */
export function connectionExecutor(knex: Knex): SqlExecutor {
  const client = knex.client as unknown as ConnectionClient & { config: { connection?: { pglite?: unknown } } };
  // knex over PGlite (db/knex.ts) is configured with the PGlite instance as its connection.
  const embedded = Boolean(client.config.connection?.pglite);
  return {
    async executeSql(text: string, values?: unknown[]) {
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
        await (connection as PgConnection).query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/**
 * pg-boss's `$n` parameters as knex's `?` placeholders, each value repeated where its parameter is.
 * Literal question marks are escaped (knex would read them as placeholders).
 */
export function toKnexBindings(text: string, values: readonly unknown[] = []): { sql: string; bindings: unknown[] } {
  const bindings: unknown[] = [];
  const sql = text.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= values.length) throw new Error(`query parameter $${n} has no value`);
    bindings.push(values[index] === undefined ? null : values[index]);
    return '?';
  });
  return { sql, bindings };
}

/**
 * Runs pg-boss's statements through knex: in the caller's transaction when `db` is one. This is
 * the outbox: `send(name, data, { db: knexExecutor(trx) })` writes the job in the same
 * transaction as the change that causes it, so both commit or neither does.
 */
export function knexExecutor(db: Knex | Knex.Transaction): SqlExecutor {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const { sql, bindings } = toKnexBindings(text, values);
      const result = await db.raw<Result>(sql, bindings as Knex.RawBinding[]);
      return { rows: result.rows ?? [] };
    },
  };
}
