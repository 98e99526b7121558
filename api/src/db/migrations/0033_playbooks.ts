import type { Knex } from 'knex';

/**
 * Recurring cards and playbooks (docs/areas/playbooks.md):
 * - recurring_cards: a card made again every week or month on the boards of its members;
 * - recurring_card_runs: one row per rule, member and period, written with ON CONFLICT DO NOTHING
 *   before the card is made, so a period's card is made once across workers and restarts;
 * - playbooks: a named list of cards (jsonb), at most one marked as the launch playbook;
 * - playbook_runs: one row per apply key and member, so the same key applied again adds nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recurring_cards', (t) => {
    t.increments('id').primary();
    t.integer('created_by').references('users.id').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('checklist').notNullable().defaultTo('[]');
    t.text('every').notNullable();
    t.integer('weekday');
    t.integer('day_of_month');
    t.integer('due_after_days').notNullable().defaultTo(0);
    t.jsonb('user_ids').notNullable().defaultTo('[]');
    t.jsonb('tag_ids').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE recurring_cards ADD CONSTRAINT recurring_cards_every_check CHECK (every IN ('week', 'month'))",
  );
  await knex.schema.createTable('recurring_card_runs', (t) => {
    t.integer('recurring_id').notNullable().references('recurring_cards.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('period').notNullable();
    t.integer('card_id').references('mtn_cards.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['recurring_id', 'user_id', 'period']);
  });
  await knex.schema.createTable('playbooks', (t) => {
    t.increments('id').primary();
    t.string('name', 120).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('cards').notNullable().defaultTo('[]');
    t.boolean('launch').notNullable().defaultTo(false);
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX playbooks_one_launch ON playbooks (launch) WHERE launch');
  await knex.schema.createTable('playbook_runs', (t) => {
    t.text('key').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('playbook_id').references('playbooks.id').onDelete('SET NULL');
    t.integer('applied_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['key', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('playbook_runs');
  await knex.schema.dropTable('playbooks');
  await knex.schema.dropTable('recurring_card_runs');
  await knex.schema.dropTable('recurring_cards');
}
