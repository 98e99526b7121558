/** knex's internal modules the resilient PostgreSQL client extends (knex ships no types for them). */
declare module 'knex/lib/dialects/postgres/index.js' {
  import type { Knex } from 'knex';
  const ClientPG: new (config: Knex.Config) => Knex.Client & {
    /** Runs one compiled query on a connection (`obj.options` go to node-postgres, e.g. `name`). */
    _query(connection: unknown, obj: unknown): Promise<unknown>;
  };
  export default ClientPG;
}

declare module 'knex/lib/execution/runner.js' {
  import type { Knex } from 'knex';
  class Runner {
    constructor(client: Knex.Client, builder: unknown);
    client: Knex.Client & { transacting?: boolean };
    builder: { _connection?: unknown; toSQL(): unknown };
    connection: unknown;
    run(): Promise<unknown>;
    query(obj: unknown): Promise<unknown>;
  }
  export default Runner;
}
