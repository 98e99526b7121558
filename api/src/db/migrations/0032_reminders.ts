import type { Knex } from 'knex';

/**
 * Reminders and the review deadline (docs/areas/reminders.md):
 * - notifications (and their preferences) gain the types `card_due_soon`, `card_overdue` and
 *   `review_waiting_long`;
 * - card_reminders: a due-date reminder sent, once per card, kind and due date. The reminder jobs
 *   (the `card-reminder` queue) insert their row with ON CONFLICT DO NOTHING and notify only when
 *   they inserted it, so two workers running the same job, or a rerun, notify once;
 * - review_sla_alerts: a `review_waiting_long` sent, once per card and stay in FOR REVIEW (the
 *   moment it entered the list).
 */
const TYPES = ['mention', 'comment', 'for_review', 'review_done'];
const NEW_TYPES = ['card_due_soon', 'card_overdue', 'review_waiting_long'];
const list = (types: string[]) => types.map((t) => `'${t}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${list([...TYPES, ...NEW_TYPES])}))`,
  );
  await knex.raw('ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_type_check');
  await knex.raw(
    `ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_type_check CHECK (type IN (${list([
      ...TYPES.slice(1),
      ...NEW_TYPES,
    ])}))`,
  );
  await knex.schema.createTable('card_reminders', (t) => {
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['card_id', 'kind', 'due_at']);
  });
  await knex.raw(
    "ALTER TABLE card_reminders ADD CONSTRAINT card_reminders_kind_check CHECK (kind IN ('card_due_soon', 'card_overdue'))",
  );
  await knex.schema.createTable('review_sla_alerts', (t) => {
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.timestamp('waiting_since', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['card_id', 'waiting_since']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('review_sla_alerts');
  await knex.schema.dropTable('card_reminders');
  await knex('notification_preferences').whereIn('type', NEW_TYPES).delete();
  await knex('notifications').whereIn('type', NEW_TYPES).delete();
  await knex.raw('ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_type_check');
  await knex.raw(
    `ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_type_check CHECK (type IN (${list(TYPES.slice(1))}))`,
  );
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${list(TYPES)}))`);
}
