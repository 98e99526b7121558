import type { Knex } from 'knex';

/**
 * The community inside the portal (docs/areas/community.md):
 * - community_spaces: who sees a space (roles, tag_ids; empty lists: everyone) and who starts posts
 *   in it (posting_roles; empty: whoever sees it). Seeded: Wins, Questions, Introductions;
 * - community_posts and community_comments: markdown text with a generated `search` tsvector
 *   (GIN-indexed) for the ranked full-text search; pinned, locked and hidden set by moderators;
 * - community_reactions: one like per member and post;
 * - notifications may be about a post (post_id) instead of a card, of the types community_mention,
 *   community_comment and community_reply, each with its delivery preference;
 * - community_profiles: what of their profile a member shows other members (no row: all of it);
 * - live_events may carry topic 'community' (a space's changes, key: the space's id);
 * - community_reports: a member's report of a post or a comment, open until a moderator closes it;
 *   one open report per member and target.
 */
const CARD_TYPES = [
  'mention',
  'comment',
  'for_review',
  'review_done',
  'card_due_soon',
  'card_overdue',
  'review_waiting_long',
];
const NEW_TYPES = ['community_mention', 'community_comment', 'community_reply'];
const list = (types: string[]) => types.map((t) => `'${t}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('community_spaces', (t) => {
    t.increments('id').primary();
    t.string('name', 80).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('roles').notNullable().defaultTo('[]');
    t.jsonb('tag_ids').notNullable().defaultTo('[]');
    t.jsonb('posting_roles').notNullable().defaultTo('[]');
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX community_spaces_name ON community_spaces (lower(name))');

  await knex.schema.createTable('community_posts', (t) => {
    t.increments('id').primary();
    t.integer('space_id').notNullable().references('community_spaces.id').onDelete('CASCADE');
    t.integer('author_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('body').notNullable();
    t.boolean('pinned').notNullable().defaultTo(false);
    t.boolean('locked').notNullable().defaultTo(false);
    t.boolean('hidden').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('edited_at', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE community_posts ADD COLUMN search tsvector GENERATED ALWAYS AS
       (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) STORED`,
  );
  await knex.raw(
    'CREATE INDEX community_posts_feed ON community_posts (space_id, pinned DESC, created_at DESC, id DESC)',
  );
  await knex.raw('CREATE INDEX community_posts_recent ON community_posts (pinned DESC, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX community_posts_author ON community_posts (author_id)');
  await knex.raw('CREATE INDEX community_posts_search ON community_posts USING gin (search)');

  await knex.schema.createTable('community_comments', (t) => {
    t.increments('id').primary();
    t.integer('post_id').notNullable().references('community_posts.id').onDelete('CASCADE');
    t.integer('author_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('body').notNullable();
    t.boolean('hidden').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('edited_at', { useTz: true });
  });
  await knex.raw(
    "ALTER TABLE community_comments ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('english', body)) STORED",
  );
  await knex.raw('CREATE INDEX community_comments_post ON community_comments (post_id, created_at, id)');
  await knex.raw('CREATE INDEX community_comments_author ON community_comments (author_id)');
  await knex.raw('CREATE INDEX community_comments_search ON community_comments USING gin (search)');

  await knex.schema.createTable('community_reactions', (t) => {
    t.integer('post_id').notNullable().references('community_posts.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable().defaultTo('like');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['post_id', 'user_id', 'kind']);
  });
  await knex.raw("ALTER TABLE community_reactions ADD CONSTRAINT community_reactions_kind CHECK (kind IN ('like'))");
  await knex.raw('CREATE INDEX community_reactions_user ON community_reactions (user_id)');

  await knex.schema.createTable('community_reports', (t) => {
    t.increments('id').primary();
    t.integer('post_id').references('community_posts.id').onDelete('CASCADE');
    t.integer('comment_id').references('community_comments.id').onDelete('CASCADE');
    t.integer('reporter_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('reason').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('resolved_at', { useTz: true });
    t.integer('resolved_by').references('users.id').onDelete('SET NULL');
  });
  await knex.raw(
    'ALTER TABLE community_reports ADD CONSTRAINT community_reports_one_target CHECK ((post_id IS NULL) <> (comment_id IS NULL))',
  );
  await knex.raw(
    `CREATE UNIQUE INDEX community_reports_open ON community_reports
       (reporter_id, coalesce(post_id, 0), coalesce(comment_id, 0)) WHERE resolved_at IS NULL`,
  );
  await knex.raw('CREATE INDEX community_reports_queue ON community_reports (created_at) WHERE resolved_at IS NULL');
  await knex.raw('CREATE INDEX community_reports_post ON community_reports (post_id)');
  await knex.raw('CREATE INDEX community_reports_comment ON community_reports (comment_id)');

  // Live: a space's changes travel as topic 'community' (key: the space's id).
  await knex.raw(`ALTER TABLE live_events
      DROP CONSTRAINT live_events_topic_check,
      ADD CONSTRAINT live_events_topic_check CHECK (topic IN ('board', 'user', 'community'))`);

  // What of their profile a member shows others (no row: everything shown).
  await knex.schema.createTable('community_profiles', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('show_location').notNullable().defaultTo(true);
    t.boolean('show_role').notNullable().defaultTo(true);
    t.boolean('show_member_since').notNullable().defaultTo(true);
    t.boolean('show_posts').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Notifications about a post: card_id and board_owner_id become optional, post_id names the post.
  await knex.raw(`ALTER TABLE notifications
      ALTER COLUMN card_id DROP NOT NULL,
      ALTER COLUMN board_owner_id DROP NOT NULL,
      ADD COLUMN post_id integer REFERENCES community_posts (id) ON DELETE CASCADE,
      ADD CONSTRAINT notifications_subject_check CHECK ((card_id IS NULL) <> (post_id IS NULL))`);
  await knex.raw('CREATE INDEX notifications_post ON notifications (post_id) WHERE post_id IS NOT NULL');
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${list([...CARD_TYPES, ...NEW_TYPES])}))`,
  );
  await knex.raw('ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_type_check');
  await knex.raw(
    `ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_type_check CHECK (type IN (${list([...CARD_TYPES.slice(1), ...NEW_TYPES])}))`,
  );

  // The portal setting communityMode ('external' | 'portal') is the one value that is a word.
  await knex.raw(`ALTER TABLE portal_settings
      DROP CONSTRAINT portal_settings_value_check,
      ADD CONSTRAINT portal_settings_value_check CHECK (
        value = '' OR value LIKE 'https://%' OR value LIKE 'mailto:%' OR value ~ '^[0-9]{1,5}$'
        OR (key = 'communityMode' AND value IN ('external', 'portal')))`);

  await knex('community_spaces').insert([
    { name: 'Wins', description: 'Share what went well: a launch, a first sale, a goal reached.', position: 0 },
    { name: 'Questions', description: 'Ask the community and the coaches.', position: 1 },
    { name: 'Introductions', description: 'Say hello: who you are and what you sell.', position: 2 },
  ]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM notifications WHERE post_id IS NOT NULL');
  await knex.raw(`DELETE FROM notification_preferences WHERE type IN (${list(NEW_TYPES)})`);
  await knex.raw('ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_type_check');
  await knex.raw(
    `ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_type_check CHECK (type IN (${list(CARD_TYPES.slice(1))}))`,
  );
  await knex.raw('ALTER TABLE notifications DROP CONSTRAINT notifications_type_check');
  await knex.raw(
    `ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (${list(CARD_TYPES)}))`,
  );
  await knex.raw(`ALTER TABLE notifications
      DROP CONSTRAINT notifications_subject_check,
      DROP COLUMN post_id,
      ALTER COLUMN card_id SET NOT NULL,
      ALTER COLUMN board_owner_id SET NOT NULL`);
  await knex.raw("DELETE FROM live_events WHERE topic = 'community'");
  await knex.raw(`ALTER TABLE live_events
      DROP CONSTRAINT live_events_topic_check,
      ADD CONSTRAINT live_events_topic_check CHECK (topic IN ('board', 'user'))`);
  await knex.raw("DELETE FROM portal_settings WHERE key = 'communityMode'");
  await knex.raw(`ALTER TABLE portal_settings
      DROP CONSTRAINT portal_settings_value_check,
      ADD CONSTRAINT portal_settings_value_check CHECK (
        value = '' OR value LIKE 'https://%' OR value LIKE 'mailto:%' OR value ~ '^[0-9]{1,5}$')`);
  await knex.schema.dropTable('community_profiles');
  await knex.schema.dropTable('community_reports');
  await knex.schema.dropTable('community_reactions');
  await knex.schema.dropTable('community_comments');
  await knex.schema.dropTable('community_posts');
  await knex.schema.dropTable('community_spaces');
}
