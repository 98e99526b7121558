import type { Knex } from 'knex';

/**
 * A member can have a coach (a user with the coach role, or an admin; docs/areas/review.md#a-members-coach). The coach's
 * review queue, "my members" filter and notifications follow this link. Deleting the coach leaves
 * the member without one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('coach_id').references('users.id').onDelete('SET NULL');
  });
  await knex.raw('ALTER TABLE users ADD CONSTRAINT users_coach_not_self CHECK (coach_id IS NULL OR coach_id <> id)');
  await knex.raw('CREATE INDEX users_coach_idx ON users (coach_id) WHERE coach_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_coach_idx');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('coach_id');
  });
}
