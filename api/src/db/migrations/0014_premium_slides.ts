import type { Knex } from 'knex';

/**
 * Course-only members get "premium slides" (docs/areas/resources.md#behaviour). A category an admin marks as
 * premium slides opens its Included with Premium resources to course-only members too
 * (shared/src/policies/resources.ts, hasResourceAccess).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('categories', (t) => {
    t.boolean('premium_slides').notNullable().defaultTo(false);
  });
  // The resource read asks "is this resource in a premium-slides category?" per row.
  await knex.raw('CREATE INDEX categories_premium_slides_idx ON categories (id) WHERE premium_slides');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('categories', (t) => {
    t.dropColumn('premium_slides');
  });
}
