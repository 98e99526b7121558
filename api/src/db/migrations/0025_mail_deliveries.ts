import type { Knex } from 'knex';

/**
 * The mail queue's sent markers (docs/areas/jobs.md, "Mail, once"): one row per mail job whose
 * message the SMTP server accepted, written right after it did. A retried job that finds its row
 * sends nothing. The Message-ID is the one the mail carried (derived from the job), so a
 * receiving server can drop the copy that the remaining window (a crash between the SMTP answer
 * and this row) may send. Pruned after 30 days, long after the job itself is gone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_deliveries', (t) => {
    t.uuid('job_id').primary();
    t.text('message_id').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['sent_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_deliveries');
}
