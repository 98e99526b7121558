import type { Knex } from 'knex';

/**
 * Cancellations per day are the `subscription_changed`
 * events into a canceled or unpaid status (docs/areas/insights.md#insights-page). analytics_daily counts events per name and role but not
 * their props, so the Insights summary reads those few events themselves: this partial index holds
 * only them, so the read is a range of the index, never a scan of analytics_events.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX analytics_events_subscription_idx ON analytics_events (occurred_at)
       WHERE name = 'subscription_changed'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS analytics_events_subscription_idx');
}
