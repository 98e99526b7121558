import type { Knex } from 'knex';

/**
 * Portal settings (docs/areas/settings.md): the links, videos and chat widget an admin changes without a deploy.
 * One row per key an admin saved; a key without a row uses its first-start default (the
 * environment variable, else the built-in placeholder), so the keys live in the shared schema
 * (shared/src/schemas/settings.ts), not in a CHECK here: a key removed from the code leaves a row
 * the API ignores instead of a failed migration. Values are https links (or Support's mailto:),
 * embeddable video URLs or empty (a hidden video, the widget off).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('portal_settings', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('updated_by').references('users.id').onDelete('SET NULL');
  });
  await knex.raw(`
    ALTER TABLE portal_settings
      ADD CONSTRAINT portal_settings_key_check CHECK (key ~ '^[a-zA-Z][a-zA-Z0-9]{0,63}$'),
      ADD CONSTRAINT portal_settings_value_check CHECK (
        value = '' OR value LIKE 'https://%' OR value LIKE 'mailto:%'),
      ADD CONSTRAINT portal_settings_value_length_check CHECK (length(value) <= 2048)
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('portal_settings');
}
