import type { Knex } from 'knex';

/**
 * The board's welcome video is shown once per account, wherever the member signs in
 * (docs/areas/board.md, "Welcome video"): when they first closed it, or null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('welcome_seen_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('welcome_seen_at');
  });
}
