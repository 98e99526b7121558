import type { Knex } from 'knex';

/**
 * The calendar (docs/areas/calendar.md): coaching calls an admin schedules, who may see them (roles
 * and tags, like a course's audience), members' RSVPs, the reminders already sent (one row per
 * call, member and occurrence: the job's dedupe key) and each member's secret feed address (only
 * a salt and the SHA-256 of the token are stored; the token itself is an HMAC of the salt under
 * the session secret). Cards get a due date (`due_at`), which the calendar reads.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calendar_calls', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.integer('duration_minutes').notNullable();
    t.text('join_url').notNullable();
    t.string('repeat', 16).notNullable().defaultTo('none');
    t.timestamp('until', { useTz: true });
    t.specificType('roles', 'text[]').notNullable().defaultTo(knex.raw("'{}'::text[]"));
    t.integer('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    "ALTER TABLE calendar_calls ADD CONSTRAINT calendar_calls_repeat_check CHECK (repeat IN ('none', 'weekly', 'biweekly', 'monthly'))",
  );
  await knex.raw(
    'ALTER TABLE calendar_calls ADD CONSTRAINT calendar_calls_duration_check CHECK (duration_minutes BETWEEN 5 AND 1440)',
  );
  await knex.raw(
    "ALTER TABLE calendar_calls ADD CONSTRAINT calendar_calls_join_url_check CHECK (join_url LIKE 'https://%')",
  );
  await knex.raw(
    "ALTER TABLE calendar_calls ADD CONSTRAINT calendar_calls_roles_check CHECK (roles <@ ARRAY['admin', 'coach', 'premium', 'course only', 'basic']::text[])",
  );
  await knex.raw(
    'ALTER TABLE calendar_calls ADD CONSTRAINT calendar_calls_until_check CHECK (until IS NULL OR until >= starts_at)',
  );
  await knex.raw('CREATE INDEX calendar_calls_starts_idx ON calendar_calls (starts_at)');
  await knex.raw(
    'CREATE INDEX calendar_calls_created_by_idx ON calendar_calls (created_by) WHERE created_by IS NOT NULL',
  );

  await knex.schema.createTable('calendar_call_tags', (t) => {
    t.integer('call_id').notNullable().references('calendar_calls.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE');
    t.primary(['call_id', 'tag_id']);
    t.index(['tag_id']);
  });

  await knex.schema.createTable('calendar_rsvps', (t) => {
    t.integer('call_id').notNullable().references('calendar_calls.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.boolean('going').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['call_id', 'user_id']);
    t.index(['user_id']);
  });
  await knex.raw('CREATE INDEX calendar_rsvps_going_idx ON calendar_rsvps (call_id) WHERE going');

  await knex.schema.createTable('calendar_call_reminders', (t) => {
    t.integer('call_id').notNullable().references('calendar_calls.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('occurrence_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['call_id', 'user_id', 'occurrence_at']);
    t.index(['user_id']);
    t.index(['sent_at']);
  });

  await knex.schema.createTable('calendar_feeds', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('salt').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('rotated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('mtn_cards', (t) => {
    t.timestamp('due_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX mtn_cards_due_at_idx ON mtn_cards (due_at) WHERE due_at IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS mtn_cards_due_at_idx');
  await knex.schema.alterTable('mtn_cards', (t) => {
    t.dropColumn('due_at');
  });
  await knex.schema.dropTable('calendar_feeds');
  await knex.schema.dropTable('calendar_call_reminders');
  await knex.schema.dropTable('calendar_rsvps');
  await knex.schema.dropTable('calendar_call_tags');
  await knex.schema.dropTable('calendar_calls');
}
