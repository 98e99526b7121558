import type { Knex } from 'knex';

/** Users, tags, user tags, sessions, password reset tokens, rate limits, uploads and the audit log. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.text('full_name').notNullable();
    t.text('email').notNullable();
    t.text('password_hash');
    t.text('role').notNullable().defaultTo('basic');
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.text('photo_url');
    t.text('city');
    t.text('state');
    t.text('country');
    t.text('phone_number');
    t.text('stripe_status');
    t.text('stripe_customer_id');
    t.boolean('always_grant_access').notNullable().defaultTo(false);
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin','coach','premium','course only','basic'))`,
  );
  await knex.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');
  await knex.raw('CREATE INDEX users_full_name_trgm ON users USING gin (full_name gin_trgm_ops)');
  await knex.raw('CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops)');
  await knex.raw(
    `CREATE INDEX users_city_state_trgm ON users USING gin ((coalesce(city,'') || ' ' || coalesce(state,'')) gin_trgm_ops)`,
  );
  await knex.raw('CREATE INDEX users_role_idx ON users (role)');
  await knex.raw('CREATE INDEX users_stripe_status_idx ON users (stripe_status)');
  await knex.raw('CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC)');

  await knex.schema.createTable('tags', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.boolean('open_for_signup').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX tags_name_unique ON tags (lower(name))');

  await knex.schema.createTable('user_tags', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE');
    t.primary(['user_id', 'tag_id']);
  });
  await knex.raw('CREATE INDEX user_tags_tag_idx ON user_tags (tag_id)');

  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary(); // sha256 of the cookie's session key: a leaked table grants nothing
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.jsonb('data').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.raw('CREATE INDEX sessions_user_idx ON sessions (user_id)');
  await knex.raw('CREATE INDEX sessions_expires_idx ON sessions (expires_at)');

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)');

  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('count').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('uploads', (t) => {
    t.increments('id').primary();
    t.text('storage_key').notNullable().unique();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('content_type').notNullable();
    t.integer('size_bytes').notNullable();
    t.text('original_name');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id').primary();
    t.integer('actor_id').references('users.id').onDelete('SET NULL');
    t.text('action').notNullable();
    t.integer('target_user_id').references('users.id').onDelete('SET NULL');
    t.jsonb('details').notNullable().defaultTo('{}');
    t.text('ip');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'audit_log',
    'uploads',
    'rate_limits',
    'password_reset_tokens',
    'sessions',
    'user_tags',
    'tags',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
