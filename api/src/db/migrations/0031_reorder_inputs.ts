import type { Knex } from 'knex';

/**
 * The reorder planner's inputs, kept per product (docs/areas/seller-tools.md, "Reorder planner"):
 * units on hand, daily sales, lead time, cover and safety days and the time zone the plan was dated
 * in, so the planner opens on the member's last plan and the CSV export and the printable summary
 * carry it. Null until the member plans a reorder.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.jsonb('reorder_inputs').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('reorder_inputs');
  });
}
