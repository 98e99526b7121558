import type { Knex } from 'knex';

/**
 * Dashboard banners (docs/areas/banners.md#data Banner): at most one per type (basic, premium, course only), so the
 * type is the key and POST /api/dashboard-banner is an upsert. Only the premium banner carries an
 * average shipping rate (dollars, 2 decimals).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('dashboard_banners', (t) => {
    t.text('type').primary();
    t.text('title').notNullable();
    t.text('content').notNullable();
    t.text('video_url');
    t.text('button_text').notNullable();
    t.text('button_url').notNullable();
    t.decimal('average_shipping_rate', 12, 2);
    t.integer('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    ALTER TABLE dashboard_banners
      ADD CONSTRAINT dashboard_banners_type_check CHECK (type IN ('basic', 'premium', 'course only')),
      ADD CONSTRAINT dashboard_banners_required_check CHECK (
        length(btrim(title)) > 0 AND length(btrim(content)) > 0
        AND length(btrim(button_text)) > 0 AND button_url LIKE 'https://%'),
      ADD CONSTRAINT dashboard_banners_video_check CHECK (video_url IS NULL OR video_url LIKE 'https://%'),
      ADD CONSTRAINT dashboard_banners_rate_check CHECK (
        average_shipping_rate IS NULL OR (type = 'premium' AND average_shipping_rate >= 0))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('dashboard_banners');
}
