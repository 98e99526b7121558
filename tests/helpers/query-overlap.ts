import type { Knex } from 'knex';

const PG_DEPRECATION = 'Calling client.query() when the client is already executing a query';

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

interface QueryEvent {
  __knexUid?: string;
  sql?: string;
}

/**
 * Watches for statements sent on a connection that is still running another one (a Promise.all
 * over one transaction): pg 8 queues them with a DeprecationWarning, pg 9 refuses them. Works on
 * both databases: it follows knex's per-connection query events (PGlite never warns) and also
 * records pg's own warning. `stop()` returns what it saw.
 */
export function watchConcurrentQueries(knex: Knex): { stop(): { overlaps: string[]; warnings: string[] } } {
  const running = new Map<string, string>();
  const overlaps: string[] = [];
  const warnings: string[] = [];
  const onQuery = (q: QueryEvent) => {
    // knex runs BEGIN/COMMIT/ROLLBACK/SAVEPOINT itself (awaited, and without a response event).
    if (!q.__knexUid || TRANSACTION_CONTROL.test(q.sql ?? '')) return;
    const busy = running.get(q.__knexUid);
    if (busy !== undefined) overlaps.push(`${q.sql ?? ''}  (while running: ${busy})`);
    running.set(q.__knexUid, q.sql ?? '');
  };
  const onDone = (_result: unknown, q: QueryEvent) => {
    if (q?.__knexUid) running.delete(q.__knexUid);
  };
  const onWarning = (w: Error) => {
    if (w.name === 'DeprecationWarning' && w.message.includes(PG_DEPRECATION)) warnings.push(w.message);
  };
  knex.on('query', onQuery);
  knex.on('query-response', onDone);
  knex.on('query-error', onDone);
  process.on('warning', onWarning);
  return {
    stop() {
      knex.off('query', onQuery);
      knex.off('query-response', onDone);
      knex.off('query-error', onDone);
      process.off('warning', onWarning);
      return { overlaps, warnings };
    },
  };
}
