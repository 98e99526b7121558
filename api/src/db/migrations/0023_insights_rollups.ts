import type { Knex } from 'knex';

/**
 * Two more rollups so that an
 * admin's summary over many members reads counts instead of one row per member and day (docs/areas/insights.md, "What the Insights read").
 *
 * analytics_active_day_counts / analytics_active_week_counts: how many members were active on a UTC
 * day / in an ISO week, per role. They are kept by statement-level triggers on
 * analytics_active_days / _weeks, so every way those rows come and go (the ingest's insert, the
 * sweeper's delete, a deleted user's cascade, a test's fixture) moves the counts with them, in the
 * same transaction. Count rows are locked in key order (no deadlock between concurrent writers);
 * a count that drops to 0 is deleted.
 *
 * analytics_last_active: each user's latest active day (the latest of their analytics_active_days
 * rows, no row when they have none), kept by triggers on analytics_active_days the same way, so the
 * members at risk read one row per member instead of searching their active days.
 *
 * mtn_boards.changed_at: when the board last changed. The board triggers of 0003 already bump the
 * board's version on every change of what it shows (lists, cards and so their comments, checklists,
 * attachments, labels); they now set changed_at too, so "board unchanged for 30 days" (members at
 * risk) is one column instead of six sub-selects per member. Backfilled from what the at-risk read
 * used to compute.
 *
 * mtn_lists.cards_count: how many cards the list holds. Every statement that changes cards already
 * touches their lists' rows (0003's mtn_touch_card_lists); it now recounts those lists' cards
 * too (an index range per touched list). mtn_boards.cards_total / cards_done: the board's cards
 * and those in its COMPLETED list, summed from its lists by the lists' bump trigger, which runs
 * after every change of a list's row (so after every card write and list rename). The Insights'
 * board progress reads one row per board.
 */
const ROLLUPS = [
  { source: 'analytics_active_days', counts: 'analytics_active_day_counts', key: 'day' },
  { source: 'analytics_active_weeks', counts: 'analytics_active_week_counts', key: 'week' },
] as const;

const BUMPED_TABLES = ['mtn_lists', 'mtn_labels', 'mtn_card_labels'] as const;

const boardsOf: Record<(typeof BUMPED_TABLES)[number], (rows: string) => string> = {
  mtn_lists: (rows) => `SELECT user_id FROM ${rows}`,
  mtn_labels: (rows) => `SELECT user_id FROM ${rows}`,
  mtn_card_labels: (rows) =>
    `SELECT l.user_id FROM mtn_cards c JOIN mtn_lists l ON l.id = c.list_id WHERE c.id IN (SELECT card_id FROM ${rows})`,
};

/** The 0003 bump function of `table`, setting `set` on the touched boards. */
function bumpFunction(table: (typeof BUMPED_TABLES)[number], set: string): string {
  const owners = boardsOf[table];
  return `
    CREATE OR REPLACE FUNCTION ${table}_bump_board() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE mtn_boards SET ${set} WHERE user_id IN (${owners('new_rows')});
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE mtn_boards SET ${set} WHERE user_id IN (${owners('old_rows')});
      ELSE
        UPDATE mtn_boards SET ${set} WHERE user_id IN (${owners('new_rows')} UNION ${owners('old_rows')});
      END IF;
      RETURN NULL;
    END $$`;
}

/** 0003's mtn_touch_card_lists, setting `set` on the lists the statement's cards left or entered. */
function touchFunction(set: string): string {
  return `
    CREATE OR REPLACE FUNCTION mtn_touch_card_lists() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE mtn_lists SET ${set} WHERE id IN (SELECT list_id FROM new_cards);
      ELSIF TG_OP = 'DELETE' THEN
        UPDATE mtn_lists SET ${set} WHERE id IN (SELECT list_id FROM old_cards);
      ELSE
        UPDATE mtn_lists SET ${set}
         WHERE id IN (SELECT list_id FROM new_cards UNION SELECT list_id FROM old_cards);
      END IF;
      RETURN NULL;
    END $$`;
}

const RECOUNT = 'cards_count = (SELECT count(*) FROM mtn_cards c WHERE c.list_id = mtn_lists.id)';
const BOARD_TOTALS = `cards_total = (SELECT coalesce(sum(l.cards_count), 0) FROM mtn_lists l WHERE l.user_id = mtn_boards.user_id),
  cards_done = (SELECT coalesce(sum(l.cards_count), 0) FROM mtn_lists l
                 WHERE l.user_id = mtn_boards.user_id AND upper(btrim(l.name)) = 'COMPLETED')`;

export async function up(knex: Knex): Promise<void> {
  for (const { source, counts, key } of ROLLUPS) {
    await knex.schema.createTable(counts, (t) => {
      t.date(key).notNullable();
      t.string('role', 16).notNullable();
      t.integer('n').notNullable();
      t.primary([key, 'role']);
    });
    await knex.raw(`ALTER TABLE ${counts} ADD CONSTRAINT ${counts}_n_check CHECK (n > 0)`);
    // Added rows: one upsert per (key, role), in key order.
    await knex.raw(`
      CREATE FUNCTION ${source}_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${counts} AS c (${key}, role, n)
        SELECT ${key}, role, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (${key}, role) DO UPDATE SET n = c.n + excluded.n;
        RETURN NULL;
      END $$`);
    // Removed rows: lock the counts in key order, drop those that reach 0, take the rest down
    // (in that order: the delete must see the counts before the update).
    await knex.raw(`
      CREATE FUNCTION ${source}_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM ${counts} c
          WHERE (c.${key}, c.role) IN (SELECT ${key}, role FROM old_rows)
          ORDER BY c.${key}, c.role FOR UPDATE;
        DELETE FROM ${counts} c USING (SELECT ${key}, role, count(*)::int AS n FROM old_rows GROUP BY 1, 2) o
         WHERE c.${key} = o.${key} AND c.role = o.role AND c.n <= o.n;
        UPDATE ${counts} c SET n = c.n - o.n
          FROM (SELECT ${key}, role, count(*)::int AS n FROM old_rows GROUP BY 1, 2) o
         WHERE c.${key} = o.${key} AND c.role = o.role AND c.n > o.n;
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE TRIGGER ${source}_count_insert AFTER INSERT ON ${source}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${source}_count_added()`);
    await knex.raw(`CREATE TRIGGER ${source}_count_delete AFTER DELETE ON ${source}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${source}_count_removed()`);
    // An update (nothing in the portal does one) moves the rows: off the old key, onto the new.
    await knex.raw(`CREATE TRIGGER ${source}_count_update_old AFTER UPDATE ON ${source}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${source}_count_removed()`);
    await knex.raw(`CREATE TRIGGER ${source}_count_update_new AFTER UPDATE ON ${source}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${source}_count_added()`);
    await knex.raw(
      `INSERT INTO ${counts} (${key}, role, n) SELECT ${key}, role, count(*) FROM ${source} GROUP BY 1, 2`,
    );
  }

  await knex.schema.createTable('analytics_last_active', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.date('day').notNullable();
  });
  await knex.raw(`
    CREATE FUNCTION analytics_last_active_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO analytics_last_active AS l (user_id, day)
      SELECT user_id, max(day) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET day = greatest(l.day, excluded.day);
      RETURN NULL;
    END $$`);
  // Removed days: each of those users' latest remaining day, or no row when none is left.
  await knex.raw(`
    CREATE FUNCTION analytics_last_active_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH latest AS (
        SELECT o.user_id, (SELECT max(a.day) FROM analytics_active_days a WHERE a.user_id = o.user_id) AS day
          FROM (SELECT DISTINCT user_id FROM old_rows) o
      ), gone AS (
        DELETE FROM analytics_last_active l USING latest WHERE l.user_id = latest.user_id AND latest.day IS NULL
      )
      UPDATE analytics_last_active l SET day = latest.day
        FROM latest WHERE l.user_id = latest.user_id AND latest.day IS NOT NULL AND l.day <> latest.day;
      RETURN NULL;
    END $$`);
  for (const [name, op, ref, fn] of [
    ['insert', 'INSERT', 'NEW TABLE AS new_rows', 'added'],
    ['delete', 'DELETE', 'OLD TABLE AS old_rows', 'removed'],
    ['update_new', 'UPDATE', 'NEW TABLE AS new_rows', 'added'],
    ['update_old', 'UPDATE', 'OLD TABLE AS old_rows', 'removed'],
  ] as const) {
    await knex.raw(`CREATE TRIGGER analytics_last_active_${name} AFTER ${op} ON analytics_active_days
      REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION analytics_last_active_${fn}()`);
  }
  await knex.raw(
    'INSERT INTO analytics_last_active (user_id, day) SELECT user_id, max(day) FROM analytics_active_days GROUP BY 1',
  );

  await knex.schema.alterTable('mtn_boards', (t) => {
    t.timestamp('changed_at', { useTz: true });
  });
  await knex.raw(`
    UPDATE mtn_boards b SET changed_at = greatest(
      b.created_at,
      (SELECT max(l.updated_at) FROM mtn_lists l WHERE l.user_id = b.user_id),
      (SELECT max(c.updated_at) FROM mtn_lists l JOIN mtn_cards c ON c.list_id = l.id WHERE l.user_id = b.user_id),
      (SELECT max(c.updated_at) FROM mtn_cards c WHERE c.archived_owner_id = b.user_id),
      (SELECT max(e.created_at) FROM mtn_lists l JOIN mtn_cards c ON c.list_id = l.id
         JOIN mtn_card_events e ON e.card_id = c.id WHERE l.user_id = b.user_id),
      (SELECT max(e.created_at) FROM mtn_cards c JOIN mtn_card_events e ON e.card_id = c.id
        WHERE c.archived_owner_id = b.user_id))`);
  await knex.raw(`ALTER TABLE mtn_boards ALTER COLUMN changed_at SET DEFAULT now()`);
  await knex.raw(`ALTER TABLE mtn_boards ALTER COLUMN changed_at SET NOT NULL`);
  await knex.schema.alterTable('mtn_lists', (t) => {
    t.integer('cards_count').notNullable().defaultTo(0);
  });
  await knex.raw(`UPDATE mtn_lists SET ${RECOUNT}`);
  await knex.raw(touchFunction(`cards_version = cards_version + 1, ${RECOUNT}`));
  await knex.schema.alterTable('mtn_boards', (t) => {
    t.integer('cards_total').notNullable().defaultTo(0);
    t.integer('cards_done').notNullable().defaultTo(0);
  });
  await knex.raw(`UPDATE mtn_boards SET ${BOARD_TOTALS}`);
  for (const table of BUMPED_TABLES) {
    const totals = table === 'mtn_lists' ? `, ${BOARD_TOTALS}` : '';
    await knex.raw(bumpFunction(table, `version = version + 1, changed_at = now()${totals}`));
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(touchFunction('cards_version = cards_version + 1'));
  await knex.schema.alterTable('mtn_lists', (t) => {
    t.dropColumn('cards_count');
  });
  for (const table of BUMPED_TABLES) await knex.raw(bumpFunction(table, 'version = version + 1'));
  await knex.schema.alterTable('mtn_boards', (t) => {
    t.dropColumn('changed_at');
    t.dropColumn('cards_total');
    t.dropColumn('cards_done');
  });
  for (const trigger of ['insert', 'delete', 'update_new', 'update_old']) {
    await knex.raw(`DROP TRIGGER IF EXISTS analytics_last_active_${trigger} ON analytics_active_days`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS analytics_last_active_added()');
  await knex.raw('DROP FUNCTION IF EXISTS analytics_last_active_removed()');
  await knex.schema.dropTable('analytics_last_active');
  for (const { source, counts } of ROLLUPS) {
    for (const trigger of ['insert', 'delete', 'update_old', 'update_new']) {
      await knex.raw(`DROP TRIGGER IF EXISTS ${source}_count_${trigger} ON ${source}`);
    }
    await knex.raw(`DROP FUNCTION IF EXISTS ${source}_count_added()`);
    await knex.raw(`DROP FUNCTION IF EXISTS ${source}_count_removed()`);
    await knex.schema.dropTable(counts);
  }
}
