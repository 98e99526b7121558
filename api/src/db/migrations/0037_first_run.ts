import type { Knex } from 'knex';

/**
 * The dashboard's getting-started checklist is hidden per account (docs/screens.md#getting-started):
 * when the member hid it, or null while it is shown.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('first_run_dismissed_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('first_run_dismissed_at');
  });
}
