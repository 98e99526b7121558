import type { Knex } from 'knex';

/**
 * The notification inbox (docs/areas/notifications.md). A notification is written in the transaction of the change
 * that causes it (a comment, a card moved into or out of FOR REVIEW), for one recipient, never the
 * actor. `text` is the sentence the inbox shows, fixed when it happened; the card's current title
 * and board come from the card. `emailed_at` is set once an email (at once, or in the daily digest)
 * carried it. Deleting the recipient, the card or the board owner deletes it; deleting the actor
 * leaves it without one.
 *
 * notification_preferences: per user and type, how it is delivered: 'app' (in the app only, the
 * default without a row), 'email' (in the app and by email at once), 'digest' (in the app and in
 * one daily email of what is still unread). A mention has no preference: it is always in the app,
 * and its email is the mention mail the comment already sends.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('type', 32).notNullable();
    t.integer('actor_id').references('users.id').onDelete('SET NULL');
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.integer('board_owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('text').notNullable();
    t.timestamp('read_at', { useTz: true });
    t.timestamp('emailed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN ('mention', 'comment', 'for_review', 'review_done'))",
  );
  // The inbox, newest first; the unread count; the digest's unread, not yet emailed rows.
  await knex.raw('CREATE INDEX notifications_inbox_idx ON notifications (user_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL');
  await knex.raw(
    'CREATE INDEX notifications_digest_idx ON notifications (user_id, id) WHERE read_at IS NULL AND emailed_at IS NULL',
  );
  await knex.raw('CREATE INDEX notifications_card_idx ON notifications (card_id)');
  await knex.raw('CREATE INDEX notifications_actor_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL');
  await knex.raw('CREATE INDEX notifications_owner_idx ON notifications (board_owner_id)');

  await knex.schema.createTable('notification_preferences', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('type', 32).notNullable();
    t.string('delivery', 16).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'type']);
  });
  await knex.raw(
    "ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_type_check CHECK (type IN ('comment', 'for_review', 'review_done'))",
  );
  await knex.raw(
    "ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_delivery_check CHECK (delivery IN ('app', 'email', 'digest'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notification_preferences');
  await knex.schema.dropTable('notifications');
}
