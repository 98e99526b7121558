import type { Knex } from 'knex';

/** What an area's demo seed gets: the transaction and the demo accounts' ids by email. */
export interface SeedContext {
  userIdByEmail: ReadonlyMap<string, number>;
  tagIdByName: ReadonlyMap<string, number>;
}

/** One area's demo content, run in the seed's transaction after the accounts exist. */
export type AreaSeed = (trx: Knex.Transaction, ctx: SeedContext) => Promise<void>;
