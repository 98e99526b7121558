import type { Knex } from 'knex';

/**
 * The recent live events (board changes, a user's notifications, the control event
 * that ends a user's streams) (docs/areas/live.md). A write inserts its event and calls `pg_notify('portal_live', id)`
 * in its own transaction, so listeners hear of it only on commit; the rows let a reconnecting
 * stream replay what it missed (`Last-Event-ID`). A sweeper keeps only the last minutes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE live_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      topic text NOT NULL CONSTRAINT live_events_topic_check CHECK (topic IN ('board', 'user')),
      key integer NOT NULL,
      type text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX live_events_topic_key_idx ON live_events (topic, key, id)');
  await knex.raw('CREATE INDEX live_events_created_idx ON live_events (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('live_events');
}
