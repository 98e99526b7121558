import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { connectionExecutor } from './executors';
import { QUEUE_NAMES, QUEUE_SCHEMA, QUEUES, type QueueDefinition } from './queues';

/**
 * Creates (or upgrades) pg-boss's schema with pg-boss's own migrations, then every queue of
 * QUEUES with its current rules. Runs with the database migrations (api/src/db/migrate.ts), on
 * PostgreSQL and PGlite alike, before any job is enqueued; safe to run again and from several
 * processes at once (pg-boss takes an advisory lock; a queue is created once).
 */
export async function installQueue(knex: Knex): Promise<void> {
  const boss = new PgBoss({ schema: QUEUE_SCHEMA, db: connectionExecutor(knex), supervise: false, schedule: false });
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const name of QUEUE_NAMES) {
      const d: QueueDefinition = QUEUES[name];
      const rules = {
        name,
        policy: d.policy,
        retryLimit: d.retryLimit,
        retryDelay: d.retryDelay,
        retryBackoff: d.retryBackoff,
        expireInSeconds: d.expireInSeconds,
      };
      if (existing.has(name)) await boss.updateQueue(name, rules);
      else await boss.createQueue(name, rules);
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
  // Pending jobs found by their key: a card's reminders, cancelled or moved when the card changes
  // (docs/areas/reminders.md). Under a lock, as two processes may install at once.
  await knex.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtext('portal-queue-indexes'))");
    await trx.raw(
      `create index if not exists job_pending_key on ${QUEUE_SCHEMA}.job (name, singleton_key)
        where state < 'active' and singleton_key is not null`,
    );
  });
}
