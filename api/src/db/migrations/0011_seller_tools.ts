import type { Knex } from 'knex';

/**
 * Seller tools (docs/areas/seller-tools.md#scenarios-and-sensitivity): a product's named scenarios (the inputs each changes; null keeps the
 * product's), and what 'Start this product' made from a qualifier result (links that go null when
 * the member deletes that product or card). Amounts are `numeric`, as for products.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_scenarios', (t) => {
    t.increments('id').primary();
    t.integer('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.integer('position').notNullable();
    t.decimal('amazon_retail', null);
    t.decimal('cost_per_unit', null);
    t.decimal('shipping_cost', null);
    t.decimal('amazon_fees', null);
    t.decimal('additional_fees', null);
    t.decimal('daily_advertising_cost', null);
    t.decimal('spend', null);
    t.decimal('sales', null);
    t.integer('units');
    t.integer('projected_units');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE product_scenarios
      ADD CONSTRAINT product_scenarios_name_check CHECK (length(btrim(name)) BETWEEN 1 AND 60),
      ADD CONSTRAINT product_scenarios_position_check CHECK (position BETWEEN 1 AND 5),
      ADD CONSTRAINT product_scenarios_amounts_check CHECK (
        coalesce(amazon_retail, 0) >= 0 AND coalesce(cost_per_unit, 0) >= 0 AND coalesce(shipping_cost, 0) >= 0
        AND coalesce(amazon_fees, 0) >= 0 AND coalesce(daily_advertising_cost, 0) >= 0
        AND coalesce(spend, 0) >= 0 AND coalesce(sales, 0) >= 0 AND coalesce(projected_units, 0) >= 0
        AND (units IS NULL OR units > 0)),
      ADD CONSTRAINT product_scenarios_additional_fees_check CHECK (additional_fees IS NULL OR additional_fees BETWEEN 0 AND 50)
  `);
  // One name per product whatever its case; positions 1..5 (a free slot is reused), one each.
  await knex.raw(
    'CREATE UNIQUE INDEX product_scenarios_product_name_unique ON product_scenarios (product_id, lower(name))',
  );
  await knex.raw(
    'CREATE UNIQUE INDEX product_scenarios_product_position_unique ON product_scenarios (product_id, position)',
  );

  await knex.schema.alterTable('qualifier_progress', (t) => {
    t.text('launch_keyword');
    t.integer('launch_product_id').references('products.id').onDelete('SET NULL');
    t.integer('launch_card_id').references('mtn_cards.id').onDelete('SET NULL');
  });
  // The foreign keys are checked on every product or card delete: index the referencing columns.
  await knex.raw(
    'CREATE INDEX qualifier_progress_launch_product_idx ON qualifier_progress (launch_product_id) WHERE launch_product_id IS NOT NULL',
  );
  await knex.raw(
    'CREATE INDEX qualifier_progress_launch_card_idx ON qualifier_progress (launch_card_id) WHERE launch_card_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('qualifier_progress', (t) => {
    t.dropColumn('launch_card_id');
    t.dropColumn('launch_product_id');
    t.dropColumn('launch_keyword');
  });
  await knex.schema.dropTableIfExists('product_scenarios');
}
