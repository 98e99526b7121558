/**
 * One job runner of the `card-reminder` queue in its own process, as a `PORTAL_ROLE=worker`
 * instance runs it in production (docs/deploy.md): the reminders benchmark starts two of these,
 * so the delivery does not share the API's event loop. Reads BENCH_WORKER_DATABASE_URL; prints
 * "worker ready" once it runs jobs; stops on SIGTERM.
 */
import { createLogger } from '../../api/src/core/logger';
import { startJobRunner } from '../../api/src/core/queue';
import { openDatabase } from '../../api/src/db/knex';
import { cardReminderHandler } from '../../api/src/features/board';

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_WORKER_DATABASE_URL;
  if (!databaseUrl) throw new Error('BENCH_WORKER_DATABASE_URL is not set');
  const db = await openDatabase({ databaseUrl, dataDir: 'memory', poolMax: 10 });
  const runner = await startJobRunner({
    knex: db.knex,
    databaseUrl,
    handlers: { 'card-reminder': cardReminderHandler(db.knex) },
    log: createLogger('silent'),
    timers: false,
  });
  console.log('worker ready');
  process.once('SIGTERM', () => {
    void (async () => {
      await runner.stop(5_000);
      await db.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
