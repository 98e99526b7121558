import type { Knex } from 'knex';

/**
 * The command palette (docs/areas/search.md) finds cards and products by a substring of their title:
 * trigram indexes, as every other title the UI searches has (courses, lessons, resources, users).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX mtn_cards_title_trgm ON mtn_cards USING gin (title gin_trgm_ops)');
  await knex.raw('CREATE INDEX products_title_trgm ON products USING gin (title gin_trgm_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS products_title_trgm');
  await knex.raw('DROP INDEX IF EXISTS mtn_cards_title_trgm');
}
