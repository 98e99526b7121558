import type { Knex } from 'knex';
import { LABEL_COLORS } from '@shared/types/board';

/**
 * Move the Needle: boards (one per user; the admin's is the Master Template), lists, cards,
 * labels, attachments, checklists with items, and activities (comments) with mentions.
 *
 * Positions. Lists are ordered on their board and cards in their list by contiguous positions
 * 0..n-1. Unique (parent, position) constraints, DEFERRABLE so that a shift can run as one
 * set-based UPDATE, rule out duplicates; a deferred constraint trigger rules out gaps: every
 * statement that changes cards touches their lists' rows (cards_version), and at commit each
 * touched list checks that its cards are exactly 0..n-1 and that its board's lists are too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mtn_boards', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.boolean('is_template').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX mtn_boards_one_template ON mtn_boards (is_template) WHERE is_template');

  await knex.schema.createTable('mtn_lists', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('mtn_boards.user_id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.integer('position').notNullable();
    t.integer('cards_version').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE mtn_lists ADD CONSTRAINT mtn_lists_position_check CHECK (position >= 0)');
  await knex.raw(
    'ALTER TABLE mtn_lists ADD CONSTRAINT mtn_lists_board_position_unique UNIQUE (user_id, position) DEFERRABLE INITIALLY IMMEDIATE',
  );

  await knex.schema.createTable('mtn_cards', (t) => {
    t.increments('id').primary();
    t.integer('list_id').notNullable().references('mtn_lists.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.integer('position').notNullable();
    t.text('cover_photo_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE mtn_cards ADD CONSTRAINT mtn_cards_position_check CHECK (position >= 0)');
  await knex.raw(
    'ALTER TABLE mtn_cards ADD CONSTRAINT mtn_cards_list_position_unique UNIQUE (list_id, position) DEFERRABLE INITIALLY IMMEDIATE',
  );

  await knex.schema.createTable('mtn_labels', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable().defaultTo('');
    t.text('color').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'color'], { indexName: 'mtn_labels_user_color_unique' });
  });
  const colors = LABEL_COLORS.map((c) => `'${c}'`).join(',');
  await knex.raw(`ALTER TABLE mtn_labels ADD CONSTRAINT mtn_labels_color_check CHECK (color IN (${colors}))`);

  await knex.schema.createTable('mtn_card_labels', (t) => {
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.integer('label_id').notNullable().references('mtn_labels.id').onDelete('CASCADE');
    t.primary(['card_id', 'label_id']);
    t.index(['label_id'], 'mtn_card_labels_label_idx');
  });

  await knex.schema.createTable('mtn_attachments', (t) => {
    t.increments('id').primary();
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.text('file_url').notNullable();
    t.text('file_name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['card_id'], 'mtn_attachments_card_idx');
  });

  await knex.schema.createTable('mtn_checklists', (t) => {
    t.increments('id').primary();
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['card_id'], 'mtn_checklists_card_idx');
  });

  await knex.schema.createTable('mtn_checklist_items', (t) => {
    t.increments('id').primary();
    t.integer('checklist_id').notNullable().references('mtn_checklists.id').onDelete('CASCADE');
    t.text('title').notNullable();
    t.boolean('completed').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['checklist_id'], 'mtn_checklist_items_checklist_idx');
  });

  await knex.schema.createTable('mtn_activities', (t) => {
    t.increments('id').primary();
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('comment').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['card_id', 'created_at'], 'mtn_activities_card_idx');
  });

  await knex.schema.createTable('mtn_activity_mentions', (t) => {
    t.integer('activity_id').notNullable().references('mtn_activities.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.primary(['activity_id', 'user_id']);
  });

  // Every statement that changes cards touches the rows of the lists whose positions it changed.
  await knex.raw(`
    CREATE FUNCTION mtn_touch_card_lists() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE mtn_lists SET cards_version = cards_version + 1 WHERE id IN (SELECT list_id FROM new_cards);
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE mtn_lists SET cards_version = cards_version + 1 WHERE id IN (SELECT list_id FROM old_cards);
      ELSE
        UPDATE mtn_lists SET cards_version = cards_version + 1 WHERE id IN (
          SELECT unnest(ARRAY[n.list_id, o.list_id]) FROM new_cards n JOIN old_cards o ON o.id = n.id
          WHERE n.list_id <> o.list_id OR n.position <> o.position);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER mtn_cards_touch_insert AFTER INSERT ON mtn_cards
    REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION mtn_touch_card_lists()`);
  await knex.raw(`CREATE TRIGGER mtn_cards_touch_update AFTER UPDATE ON mtn_cards
    REFERENCING NEW TABLE AS new_cards OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION mtn_touch_card_lists()`);
  await knex.raw(`CREATE TRIGGER mtn_cards_touch_delete AFTER DELETE ON mtn_cards
    REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION mtn_touch_card_lists()`);

  // At commit, each list row written in the transaction checks its cards and its board's lists.
  await knex.raw(`
    CREATE FUNCTION mtn_check_positions() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      board integer;
      n integer;
      lo integer;
      hi integer;
    BEGIN
      IF TG_OP = 'DELETE' THEN board := OLD.user_id; ELSE board := NEW.user_id; END IF;
      SELECT count(*), min(position), max(position) INTO n, lo, hi FROM mtn_lists WHERE user_id = board;
      IF n > 0 AND (lo <> 0 OR hi <> n - 1) THEN
        RAISE EXCEPTION 'list positions of board % are not contiguous', board
          USING ERRCODE = '23514', CONSTRAINT = 'mtn_lists_positions_contiguous';
      END IF;
      IF TG_OP <> 'DELETE' THEN
        SELECT count(*), min(position), max(position) INTO n, lo, hi FROM mtn_cards WHERE list_id = NEW.id;
        IF n > 0 AND (lo <> 0 OR hi <> n - 1) THEN
          RAISE EXCEPTION 'card positions of list % are not contiguous', NEW.id
            USING ERRCODE = '23514', CONSTRAINT = 'mtn_cards_positions_contiguous';
        END IF;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE CONSTRAINT TRIGGER mtn_lists_positions_contiguous
    AFTER INSERT OR UPDATE OR DELETE ON mtn_lists DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION mtn_check_positions()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'mtn_activity_mentions',
    'mtn_activities',
    'mtn_checklist_items',
    'mtn_checklists',
    'mtn_attachments',
    'mtn_card_labels',
    'mtn_labels',
    'mtn_cards',
    'mtn_lists',
    'mtn_boards',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('DROP FUNCTION IF EXISTS mtn_touch_card_lists()');
  await knex.raw('DROP FUNCTION IF EXISTS mtn_check_positions()');
}
