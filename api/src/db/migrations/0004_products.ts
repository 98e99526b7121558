import type { Knex } from 'knex';

/**
 * Power Profit Tool products and Product Qualifier progress (docs/areas/seller-tools.md).
 * Amounts are `numeric` (exact decimals, returned as strings and turned into numbers by the
 * presenter); the computed fields are never stored: the API computes them on every response.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description');
    t.integer('position').notNullable().defaultTo(0);
    t.integer('units').notNullable();
    t.decimal('cost_per_unit', null).notNullable();
    t.decimal('shipping_cost', null).notNullable();
    t.decimal('amazon_fees', null).notNullable();
    t.decimal('amazon_retail', null).notNullable();
    t.decimal('additional_fees', null).notNullable().defaultTo(25);
    t.text('type_additional_fees').notNullable().defaultTo('percentage');
    t.integer('promotion_units_per_day');
    t.decimal('promotion_percentage', null);
    t.integer('promotion_days');
    t.decimal('daily_advertising_cost', null);
    t.decimal('spend', null);
    t.decimal('sales', null);
    t.integer('projected_units');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE products
      ADD CONSTRAINT products_title_check CHECK (length(btrim(title)) > 0),
      ADD CONSTRAINT products_units_check CHECK (units > 0),
      ADD CONSTRAINT products_amounts_check CHECK (
        cost_per_unit >= 0 AND shipping_cost >= 0 AND amazon_fees >= 0 AND amazon_retail >= 0
        AND coalesce(promotion_units_per_day, 0) >= 0 AND coalesce(promotion_percentage, 0) BETWEEN 0 AND 100
        AND coalesce(promotion_days, 0) >= 0 AND coalesce(daily_advertising_cost, 0) >= 0
        AND coalesce(spend, 0) >= 0 AND coalesce(sales, 0) >= 0 AND coalesce(projected_units, 0) >= 0),
      ADD CONSTRAINT products_additional_fees_check CHECK (additional_fees BETWEEN 0 AND 50),
      ADD CONSTRAINT products_type_additional_fees_check CHECK (type_additional_fees IN ('percentage', 'dollar'))
  `);
  // read-many: a member's products, newest position first.
  await knex.raw('CREATE INDEX products_user_position_idx ON products (user_id, position DESC, id DESC)');

  await knex.schema.createTable('qualifier_progress', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.jsonb('answers').notNullable().defaultTo('[]');
    t.text('size_tier');
    t.integer('score').notNullable().defaultTo(0);
    t.text('result').notNullable();
    t.boolean('rated').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE qualifier_progress
      ADD CONSTRAINT qualifier_progress_score_check CHECK (score BETWEEN 0 AND 10),
      ADD CONSTRAINT qualifier_progress_size_tier_check
        CHECK (size_tier IS NULL OR size_tier IN ('small standard', 'large standard', 'large and bulky'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('qualifier_progress');
  await knex.schema.dropTableIfExists('products');
}
