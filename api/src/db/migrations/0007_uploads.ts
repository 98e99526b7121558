import type { Knex } from 'knex';

/**
 * Upload limits (README "Uploads"): the per-member quota sums a member's uploads, and the sweeper
 * looks for old uploads no row references. Both are index scans on `uploads` with these.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.index(['user_id'], 'uploads_user_idx');
    t.index(['created_at'], 'uploads_created_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('uploads', (t) => {
    t.dropIndex(['user_id'], 'uploads_user_idx');
    t.dropIndex(['created_at'], 'uploads_created_idx');
  });
}
