import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import ClientPgLite from 'knex-pglite';
import { lockDataDir } from './lock';
import { ResilientPgClient } from './resilient-pg';

// int8 (counts, bigserial ids) as numbers, the same on PostgreSQL and PGlite.
pg.types.setTypeParser(20, (v: string) => Number(v));

/** knex-pglite answers `.del()` with a result object; map it so knex returns the row count. */
interface ProcessingClient {
  processResponse(obj: { method?: string } & Record<string, unknown>, runner: unknown): unknown;
}
const PgLiteBase = ClientPgLite as unknown as new (config: Knex.Config) => ProcessingClient;
class PortalPgLiteClient extends PgLiteBase {
  override processResponse(obj: { method?: string } & Record<string, unknown>, runner: unknown): unknown {
    const fixed = obj && obj.method === 'del' ? { ...obj, method: 'delete' } : obj;
    return super.processResponse(fixed, runner);
  }
}

export interface Database {
  knex: Knex;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** Data directory of the embedded database; 'memory' for a throwaway in-memory one. */
  dataDir: string | 'memory';
  poolMax?: number;
  /**
   * A direct PostgreSQL connection for LISTEN (live/bus.ts), when `databaseUrl` names a pooler in
   * transaction mode (PgBouncer), which cannot keep a LISTEN. Default: `databaseUrl`.
   */
  listenUrl?: string | null;
  /** False: statements the code names are sent unnamed (PgBouncer < 1.21 in transaction mode). Default true. */
  preparedStatements?: boolean;
  /** Embedded database only: start from this data-directory dump (PGlite `dumpDataDir`), e.g. a migrated template in tests. */
  loadDataDir?: Blob;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const connection = {
      connectionString: opts.databaseUrl,
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
      application_name: 'portal-api',
    };
    const knex = knexFactory({
      // knex's pg client, keeping broken connections out of the pool and reading once more after
      // a lost connection (api/src/db/resilient-pg.ts).
      client: ResilientPgClient as unknown as typeof Knex.Client,
      connection,
      pool: { min: 0, max: opts.poolMax ?? 10 },
      acquireConnectionTimeout: 10_000,
      // Read by live/bus.ts (the LISTEN client) and resilient-pg.ts; knex ignores them.
      listenConnection: { ...connection, connectionString: opts.listenUrl || opts.databaseUrl },
      preparedStatements: opts.preparedStatements ?? true,
    } as Knex.Config);
    return { knex, kind: 'postgres', close: () => knex.destroy() };
  }
  let release: (() => void) | null = null;
  let location = 'memory://';
  if (opts.dataDir !== 'memory') {
    release = lockDataDir(opts.dataDir);
    location = path.join(opts.dataDir, 'pg');
  }
  try {
    const pglite = await PGlite.create(location, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
    const knex = knexFactory({
      client: PortalPgLiteClient as unknown as typeof Knex.Client,
      dialect: 'postgres',
      connection: { pglite } as unknown as Knex.StaticConnectionConfig,
      acquireConnectionTimeout: 60_000,
    });
    return {
      knex,
      kind: 'pglite',
      close: async () => {
        await knex.destroy();
        if (!pglite.closed) await pglite.close();
        release?.();
      },
    };
  } catch (err) {
    release?.();
    throw err;
  }
}
