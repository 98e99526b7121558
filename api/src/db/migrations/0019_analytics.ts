import type { Knex } from 'knex';

/**
 * First-party analytics (docs/areas/insights.md).
 *
 * analytics_events: append-only, one row per recorded event. `name` is trimmed to 25 characters
 * before it is stored (the spec's rule); `known` says whether the name is one the portal defines
 * (unknown names are kept but counted apart). `props` holds only whitelisted, non-free-text values.
 * `source` is 'client' (sent by the renderer) or 'server' (written by the API itself: sign-in,
 * purchase, subscription status change). `role` is the user's role when it happened, so the rollups
 * never need a join. Rows older than the retention setting are swept.
 *
 * The rollups are maintained incrementally in the transaction that inserts the events (never
 * recomputed per request), so the insights read only them:
 * - analytics_daily: events per day, name and role;
 * - analytics_active_days / analytics_active_weeks: one row per user active on a day / in an ISO
 *   week (week = the Monday), for active-member counts by role.
 * Days are UTC dates.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_events', (t) => {
    t.bigIncrements('id').primary();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.string('role', 16);
    t.string('name', 25).notNullable();
    t.boolean('known').notNullable();
    t.string('source', 8).notNullable().defaultTo('client');
    t.jsonb('props').notNullable().defaultTo('{}');
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE analytics_events ADD CONSTRAINT analytics_events_source_check CHECK (source IN ('client', 'server'))",
  );
  await knex.raw('CREATE INDEX analytics_events_occurred_idx ON analytics_events (occurred_at)');
  await knex.raw('CREATE INDEX analytics_events_user_idx ON analytics_events (user_id, occurred_at DESC)');

  await knex.schema.createTable('analytics_daily', (t) => {
    t.date('day').notNullable();
    t.string('name', 25).notNullable();
    t.string('role', 16).notNullable().defaultTo('');
    t.boolean('known').notNullable();
    t.bigInteger('count').notNullable().defaultTo(0);
    t.primary(['day', 'name', 'role']);
  });

  await knex.schema.createTable('analytics_active_days', (t) => {
    t.date('day').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('role', 16).notNullable();
    t.primary(['day', 'user_id']);
  });
  await knex.raw('CREATE INDEX analytics_active_days_user_idx ON analytics_active_days (user_id, day DESC)');

  await knex.schema.createTable('analytics_active_weeks', (t) => {
    t.date('week').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('role', 16).notNullable();
    t.primary(['week', 'user_id']);
  });
  await knex.raw('CREATE INDEX analytics_active_weeks_user_idx ON analytics_active_weeks (user_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('analytics_active_weeks');
  await knex.schema.dropTable('analytics_active_days');
  await knex.schema.dropTable('analytics_daily');
  await knex.schema.dropTable('analytics_events');
}
