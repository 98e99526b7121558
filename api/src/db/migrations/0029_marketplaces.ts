import type { Knex } from 'knex';
import { CA_RATE_CARD_2025, DE_RATE_CARD_2025, UK_RATE_CARD_2025 } from '@shared/content/fee-rate-cards';

const CARDS = [UK_RATE_CARD_2025, DE_RATE_CARD_2025, CA_RATE_CARD_2025];

/**
 * Marketplaces (docs/areas/seller-tools.md, "Marketplaces"): the UK, DE and CA rate cards (their
 * sources, dates and approximations are in the doc), each seeded once (a card an admin already
 * added for that marketplace and day is kept); and the marketplace a product sells on, which
 * gives its currency and, for UK and DE, the VAT its price includes.
 */
export async function up(knex: Knex): Promise<void> {
  for (const card of CARDS) {
    await knex.raw(
      `insert into fee_rate_cards (marketplace, name, effective_from, source, rates)
       values (?, ?, ?, ?, ?::jsonb) on conflict (marketplace, effective_from) do nothing`,
      [card.marketplace, card.name, card.effectiveFrom, card.source, JSON.stringify(card.rates)],
    );
  }
  await knex.schema.alterTable('products', (t) => {
    t.text('marketplace').notNullable().defaultTo('US');
  });
  await knex.raw(
    `alter table products add constraint products_marketplace_check
       check (marketplace in ('US', 'UK', 'DE', 'CA'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table products drop constraint products_marketplace_check');
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('marketplace');
  });
  for (const card of CARDS) {
    await knex('fee_rate_cards')
      .where({ marketplace: card.marketplace, effective_from: card.effectiveFrom, name: card.name })
      .delete();
  }
}
