import type { Knex } from 'knex';

/**
 * Members archive (never delete) cards of their board, and restore them (docs/areas/board.md#behaviour). An archived
 * card leaves its list: list_id and position become null (so the list's 0..n-1 positions, their
 * unique constraint and the contiguity trigger only ever see live cards, and every read that goes
 * through the lists, the board, the donut and the counts, leaves it out). It keeps its board owner
 * (archived_owner_id) and the list it left (archived_list_id, null once that list is deleted).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE mtn_cards ALTER COLUMN list_id DROP NOT NULL, ALTER COLUMN position DROP NOT NULL');
  await knex.schema.alterTable('mtn_cards', (t) => {
    t.timestamp('archived_at', { useTz: true });
    t.integer('archived_owner_id').references('users.id').onDelete('CASCADE');
    t.integer('archived_list_id').references('mtn_lists.id').onDelete('SET NULL');
  });
  await knex.raw(`ALTER TABLE mtn_cards ADD CONSTRAINT mtn_cards_archive_check CHECK (
    (archived_at IS NULL AND archived_owner_id IS NULL AND archived_list_id IS NULL
      AND list_id IS NOT NULL AND position IS NOT NULL)
    OR (archived_at IS NOT NULL AND archived_owner_id IS NOT NULL AND list_id IS NULL AND position IS NULL))`);
  await knex.raw(
    'CREATE INDEX mtn_cards_archived_idx ON mtn_cards (archived_owner_id, archived_at DESC, id) WHERE archived_at IS NOT NULL',
  );
  await knex.raw(
    'CREATE INDEX mtn_cards_archived_list_idx ON mtn_cards (archived_list_id) WHERE archived_list_id IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('mtn_cards').whereNotNull('archived_at').del();
  await knex.raw('ALTER TABLE mtn_cards DROP CONSTRAINT mtn_cards_archive_check');
  await knex.schema.alterTable('mtn_cards', (t) => {
    t.dropColumn('archived_list_id');
    t.dropColumn('archived_owner_id');
    t.dropColumn('archived_at');
  });
  await knex.raw('ALTER TABLE mtn_cards ALTER COLUMN list_id SET NOT NULL, ALTER COLUMN position SET NOT NULL');
}
