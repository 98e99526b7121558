import type { Knex } from 'knex';
import { US_RATE_CARD_2025 } from '@shared/content/fee-rate-cards';

/**
 * Fees from dimensions (docs/areas/seller-tools.md, "Rate cards"): dated, versioned Amazon fee
 * data, one card per marketplace and first day in force; the card in force on a date is the
 * marketplace's latest from on or before it. Seeded with the US card in force (its source and date
 * are in the doc). And the product's fee breakdown: the FBA, referral and storage fees per unit
 * behind its Amazon fees, and whether they are still the estimate's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fee_rate_cards', (t) => {
    t.increments('id').primary();
    t.text('marketplace').notNullable();
    t.text('name').notNullable();
    t.date('effective_from').notNullable();
    t.text('source').notNullable();
    t.jsonb('rates').notNullable();
    t.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['marketplace', 'effective_from'], { indexName: 'fee_rate_cards_marketplace_date_unique' });
  });
  await knex.raw(
    `alter table fee_rate_cards add constraint fee_rate_cards_marketplace_check
       check (marketplace in ('US', 'UK', 'DE', 'CA'))`,
  );
  await knex.raw(
    `alter table fee_rate_cards add constraint fee_rate_cards_text_check
       check (length(btrim(name)) between 1 and 120 and length(btrim(source)) between 1 and 1000)`,
  );
  const card = US_RATE_CARD_2025;
  await knex('fee_rate_cards').insert({
    marketplace: card.marketplace,
    name: card.name,
    effective_from: card.effectiveFrom,
    source: card.source,
    rates: JSON.stringify(card.rates),
  });

  await knex.schema.alterTable('products', (t) => {
    t.decimal('fba_fee', null).nullable();
    t.decimal('referral_fee', null).nullable();
    t.decimal('storage_fee', null).nullable();
    t.boolean('fees_estimated').notNullable().defaultTo(false);
  });
  await knex.raw(
    `alter table products add constraint products_fee_breakdown_check
       check (coalesce(fba_fee, 0) >= 0 and coalesce(referral_fee, 0) >= 0 and coalesce(storage_fee, 0) >= 0)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table products drop constraint products_fee_breakdown_check');
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('fba_fee');
    t.dropColumn('referral_fee');
    t.dropColumn('storage_fee');
    t.dropColumn('fees_estimated');
  });
  await knex.schema.dropTable('fee_rate_cards');
}
