import type { Knex } from 'knex';

/**
 * The resources library and its payments:
 * - categories, resources, resource_categories, resource_tags (Required Tags);
 * - user_resources: what a member owns (bought in the portal, or given by an admin);
 * - purchases: one row per purchase attempt, with the Stripe idempotency key it uses (one open
 *   attempt per member and resource, so a double click reuses it and Stripe makes one PaymentIntent);
 * - stripe_events: ids of processed webhook events (a replayed event changes nothing);
 * - stripe_customer_states: when a customer's subscription status was last set (event `created`
 *   or sync time), so an older event arriving late cannot overwrite a newer status.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    t.increments('id').primary();
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX categories_name_unique ON categories (lower(name))');

  await knex.schema.createTable('resources', (t) => {
    t.increments('id').primary();
    t.text('title').notNullable();
    t.text('description');
    t.text('cover_photo_url');
    t.text('type').notNullable().defaultTo('Link');
    t.text('visibility').notNullable().defaultTo('Free');
    t.text('content');
    t.text('url');
    t.integer('price_cents');
    t.text('purchase_url');
    t.integer('course_id').references('courses.id').onDelete('SET NULL');
    t.timestamp('published_at', { useTz: true });
    t.boolean('hidden').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE resources ADD CONSTRAINT resources_type_check CHECK (type IN ('Link','Article','Course'))`,
  );
  await knex.raw(
    `ALTER TABLE resources ADD CONSTRAINT resources_visibility_check
       CHECK (visibility IN ('Free','For Sale','For Sale Premium','Included with Premium'))`,
  );
  await knex.raw(
    'ALTER TABLE resources ADD CONSTRAINT resources_price_check CHECK (price_cents IS NULL OR price_cents > 0)',
  );
  await knex.raw('CREATE INDEX resources_created_idx ON resources (created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX resources_title_trgm ON resources USING gin (title gin_trgm_ops)');
  await knex.raw(
    `CREATE INDEX resources_description_trgm ON resources USING gin ((coalesce(description, '')) gin_trgm_ops)`,
  );
  await knex.raw('CREATE INDEX resources_course_idx ON resources (course_id) WHERE course_id IS NOT NULL');

  await knex.schema.createTable('resource_categories', (t) => {
    t.integer('resource_id').notNullable().references('resources.id').onDelete('CASCADE');
    t.integer('category_id').notNullable().references('categories.id').onDelete('CASCADE');
    t.primary(['resource_id', 'category_id']);
  });
  await knex.raw('CREATE INDEX resource_categories_category_idx ON resource_categories (category_id)');

  await knex.schema.createTable('resource_tags', (t) => {
    t.integer('resource_id').notNullable().references('resources.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE');
    t.primary(['resource_id', 'tag_id']);
  });
  await knex.raw('CREATE INDEX resource_tags_tag_idx ON resource_tags (tag_id)');

  await knex.schema.createTable('user_resources', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('resource_id').notNullable().references('resources.id').onDelete('CASCADE');
    t.text('source').notNullable().defaultTo('admin');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'resource_id']);
  });
  await knex.raw(
    `ALTER TABLE user_resources ADD CONSTRAINT user_resources_source_check CHECK (source IN ('admin','purchase'))`,
  );
  await knex.raw('CREATE INDEX user_resources_resource_idx ON user_resources (resource_id)');

  await knex.schema.createTable('purchases', (t) => {
    t.increments('id').primary();
    // Payment records outlive the account and the resource (accounting); the link is cleared.
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.integer('resource_id').references('resources.id').onDelete('SET NULL');
    t.integer('amount_cents').notNullable();
    t.text('currency').notNullable();
    t.text('payment_method_id').notNullable();
    t.text('idempotency_key').notNullable().unique();
    t.text('payment_intent_id').unique();
    t.text('status').notNullable().defaultTo('pending');
    t.text('failure_message');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE purchases ADD CONSTRAINT purchases_status_check
       CHECK (status IN ('pending','requires_action','processing','succeeded','failed','canceled'))`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX purchases_one_open_attempt ON purchases (user_id, resource_id)
       WHERE status IN ('pending','requires_action','processing')`,
  );

  await knex.schema.createTable('stripe_events', (t) => {
    t.text('id').primary();
    t.text('type').notNullable();
    t.bigInteger('created').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('stripe_customer_states', (t) => {
    t.text('customer_id').primary();
    t.text('status');
    /** Unix seconds of the event (or sync) that set the status. */
    t.bigInteger('as_of').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'stripe_customer_states',
    'stripe_events',
    'purchases',
    'user_resources',
    'resource_tags',
    'resource_categories',
    'resources',
    'categories',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
