import type { Knex } from 'knex';

/**
 * The analytics retention is a portal setting of a new kind, a whole number of days
 * (shared/src/schemas/settings.ts validates the range; docs/areas/insights.md#events). The value check of
 * 0012 allowed links and empty values only: it now allows 1 to 5 digits too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE portal_settings
      DROP CONSTRAINT portal_settings_value_check,
      ADD CONSTRAINT portal_settings_value_check CHECK (
        value = '' OR value LIKE 'https://%' OR value LIKE 'mailto:%' OR value ~ '^[0-9]{1,5}$')
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM portal_settings WHERE value ~ '^[0-9]{1,5}$'`);
  await knex.raw(`
    ALTER TABLE portal_settings
      DROP CONSTRAINT portal_settings_value_check,
      ADD CONSTRAINT portal_settings_value_check CHECK (
        value = '' OR value LIKE 'https://%' OR value LIKE 'mailto:%')
  `);
}
