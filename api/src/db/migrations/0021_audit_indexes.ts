import type { Knex } from 'knex';

/**
 * The Audit log screen's filters (docs/areas/audit.md): newest first by
 * (created_at, id), alone or within one action or one target user. The actor filter already has
 * audit_log_actor_idx (0001). The target index also serves the ON DELETE SET NULL of a user's
 * deletion, which otherwise scans the whole log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX audit_log_target_idx ON audit_log (target_user_id, created_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  for (const index of ['audit_log_target_idx', 'audit_log_action_idx', 'audit_log_created_idx']) {
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  }
}
