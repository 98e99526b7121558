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
 *
 * Locking. Every write locks its board's mtn_boards row first (one lock per board, always taken
 * before any other row), so writers of one board queue up instead of deadlocking; the triggers
 * bump that row's version, which keys the API's cache of the board view.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mtn_boards', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE');
    t.boolean('is_template').notNullable().defaultTo(false);
    // Bumped by every change of what the board view shows (triggers below): the read cache's key.
    t.bigInteger('version').notNullable().defaultTo(0);
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
    // What the board view shows of a card's details, kept by the triggers below.
    t.integer('attachments_count').notNullable().defaultTo(0);
    t.integer('items_total').notNullable().defaultTo(0);
    t.integer('items_done').notNullable().defaultTo(0);
    t.integer('activities_count').notNullable().defaultTo(0);
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
    // The checklist's card, so the count triggers find it even while a checklist is being deleted.
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
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

  // Every statement that changes cards touches the rows of their lists (old and new): that queues
  // the lists' position check at commit and, through the lists' trigger, bumps the board version.
  await knex.raw(`
    CREATE FUNCTION mtn_touch_card_lists() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE mtn_lists SET cards_version = cards_version + 1 WHERE id IN (SELECT list_id FROM new_cards);
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE mtn_lists SET cards_version = cards_version + 1 WHERE id IN (SELECT list_id FROM old_cards);
      ELSE
        UPDATE mtn_lists SET cards_version = cards_version + 1
         WHERE id IN (SELECT list_id FROM new_cards UNION SELECT list_id FROM old_cards);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER mtn_cards_touch_insert AFTER INSERT ON mtn_cards
    REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION mtn_touch_card_lists()`);
  await knex.raw(`CREATE TRIGGER mtn_cards_touch_update AFTER UPDATE ON mtn_cards
    REFERENCING NEW TABLE AS new_cards OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION mtn_touch_card_lists()`);
  await knex.raw(`CREATE TRIGGER mtn_cards_touch_delete AFTER DELETE ON mtn_cards
    REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION mtn_touch_card_lists()`);

  // Card counts (attachments, check items done/total, comments): one set-based UPDATE per statement.
  const counter = (table: string, fn: string, body: { insert: string; delete: string; update?: string }) => [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'INSERT' THEN ${body.insert}
       ELSIF TG_OP = 'DELETE' THEN ${body.delete}
       ${body.update ? `ELSE ${body.update}` : ''}
       END IF;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table}
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    `CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table}
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    ...(body.update
      ? [
          `CREATE TRIGGER ${table}_count_update AFTER UPDATE ON ${table}
             REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        ]
      : []),
  ];
  const bump = (column: string, rows: string, sign: '+' | '-') =>
    `UPDATE mtn_cards c SET ${column} = c.${column} ${sign} d.n
       FROM (SELECT card_id, count(*)::int AS n FROM ${rows} GROUP BY card_id) d WHERE c.id = d.card_id;`;
  const items = (rows: string, sign: '+' | '-') =>
    `UPDATE mtn_cards c SET items_total = c.items_total ${sign} d.n, items_done = c.items_done ${sign} d.done
       FROM (SELECT card_id, count(*)::int AS n, (count(*) FILTER (WHERE completed))::int AS done FROM ${rows} GROUP BY card_id) d
      WHERE c.id = d.card_id;`;
  for (const sql of [
    ...counter('mtn_attachments', 'mtn_count_attachments', {
      insert: bump('attachments_count', 'new_rows', '+'),
      delete: bump('attachments_count', 'old_rows', '-'),
    }),
    ...counter('mtn_activities', 'mtn_count_activities', {
      insert: bump('activities_count', 'new_rows', '+'),
      delete: bump('activities_count', 'old_rows', '-'),
    }),
    ...counter('mtn_checklist_items', 'mtn_count_items', {
      insert: items('new_rows', '+'),
      delete: items('old_rows', '-'),
      update: `UPDATE mtn_cards c SET items_done = c.items_done + d.delta
                 FROM (SELECT n.card_id, sum(n.completed::int - o.completed::int)::int AS delta
                         FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY n.card_id) d
                WHERE c.id = d.card_id AND d.delta <> 0;`,
    }),
  ]) {
    await knex.raw(sql);
  }

  // Board versions: every statement that changes lists, cards (and so their counts), labels or
  // card labels bumps the version of the boards it touched. Writers lock the board row first.
  // (Cards reach their board through the lists they touch.)
  const boardsOf: Record<string, (rows: string) => string> = {
    mtn_lists: (rows) => `SELECT user_id FROM ${rows}`,
    mtn_labels: (rows) => `SELECT user_id FROM ${rows}`,
    mtn_card_labels: (rows) =>
      `SELECT l.user_id FROM mtn_cards c JOIN mtn_lists l ON l.id = c.list_id WHERE c.id IN (SELECT card_id FROM ${rows})`,
  };
  for (const [table, owners] of Object.entries(boardsOf)) {
    const fn = `${table}_bump_board`;
    await knex.raw(`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE mtn_boards SET version = version + 1 WHERE user_id IN (${owners('new_rows')});
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE mtn_boards SET version = version + 1 WHERE user_id IN (${owners('old_rows')});
        ELSE
          UPDATE mtn_boards SET version = version + 1 WHERE user_id IN (${owners('new_rows')} UNION ${owners('old_rows')});
        END IF;
        RETURN NULL;
      END $$`);
    for (const [op, ref] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'NEW TABLE AS new_rows OLD TABLE AS old_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
    ] as const) {
      await knex.raw(`CREATE TRIGGER ${table}_bump_${op.toLowerCase()} AFTER ${op} ON ${table}
        REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    }
  }

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
  for (const fn of [
    'mtn_touch_card_lists',
    'mtn_check_positions',
    'mtn_count_attachments',
    'mtn_count_activities',
    'mtn_count_items',
    'mtn_lists_bump_board',
    'mtn_labels_bump_board',
    'mtn_card_labels_bump_board',
  ]) {
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}()`);
  }
}
