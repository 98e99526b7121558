/**
 * knex CLI configuration (PostgreSQL via DATABASE_URL). The app itself migrates on start through
 * api/src/db/migrate.ts, on PostgreSQL and on the embedded PGlite database alike:
 *   npm run migrate   # tsx api/src/db/cli.ts migrate
 */
import type { Knex } from 'knex';
import { migrationConfig } from './api/src/db/migrate';

const config: Knex.Config = {
  client: 'pg',
  connection: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal',
  migrations: migrationConfig,
};

export default config;
