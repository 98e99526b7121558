import type { Knex } from 'knex';
import * as foundation from './migrations/0001_foundation';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Every migration in order. Listed statically so tsx, vitest and bundlers all find them. */
export const MIGRATIONS: ReadonlyArray<readonly [string, Migration]> = [['0001_foundation', foundation]];

class StaticMigrationSource implements Knex.MigrationSource<string> {
  getMigrations(): Promise<string[]> {
    return Promise.resolve(MIGRATIONS.map(([name]) => name));
  }
  getMigrationName(name: string): string {
    return name;
  }
  getMigration(name: string): Promise<Migration> {
    const found = MIGRATIONS.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return Promise.resolve(found[1]);
  }
}

export const migrationConfig: Knex.MigratorConfig = {
  migrationSource: new StaticMigrationSource(),
  tableName: 'knex_migrations',
};

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest(migrationConfig);
}
