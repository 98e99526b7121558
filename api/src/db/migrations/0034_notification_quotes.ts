import type { Knex } from 'knex';

/**
 * A notification about a comment quotes it (docs/areas/notifications.md): `quote` holds the start of
 * the comment (a comment on a card, or the one a coach sent with a review's move), shown in the
 * bell, on /notifications and in the mail. Null for the others.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.text('quote');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('quote');
  });
}
