import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import { connectionExecutor } from './executors';
import { QUEUE_SCHEMA, type QueueName } from './queues';

/**
 * Enqueueing: every job is written in the caller's transaction (the outbox; docs/areas/jobs.md).
 * It needs no running worker in this process: a web-only process (PORTAL_ROLE=web) enqueues the
 * same way, and a worker anywhere picks the job up once the transaction has committed.
 */

type Db = Knex | Knex.Transaction;

/** Options of one job beyond its queue's (pg-boss send options, without its executor). */
export type EnqueueOptions = Omit<PgBoss.SendOptions, 'db'>;

let sender: PgBoss | null = null;

/**
 * A pg-boss instance that is never started: it only builds pg-boss's statements (`send`, `retry`,
 * `deleteJob` ...), each run on the executor the call is given (`{ db: connectionExecutor(trx) }`). It
 * holds no connection and no timer.
 */
export function queueClient(): PgBoss {
  sender ??= new PgBoss({
    schema: QUEUE_SCHEMA,
    db: {
      executeSql: () => Promise.reject(new Error('the job sender runs only on the executor of each call')),
    },
  });
  return sender;
}

type Nudge = (queue: QueueName) => void;

/** The local workers of each database, woken when a job for them commits (keyed like knex's client config). */
const nudges = new WeakMap<object, Set<Nudge>>();

function keyOf(db: Db): object {
  return (db.client as Knex.Client).config as object;
}

/** Registers a local worker's wake-up for jobs enqueued through `knex` (or its transactions); returns the unregister. */
export function onEnqueued(knex: Knex, nudge: Nudge): () => void {
  const key = keyOf(knex);
  let set = nudges.get(key);
  if (!set) {
    set = new Set();
    nudges.set(key, set);
  }
  set.add(nudge);
  return () => set.delete(nudge);
}

/** Calls `fn` once `db`'s transaction has committed (at once when `db` is not a transaction); never when it rolls back. */
export function afterCommit(db: Db, fn: () => void): void {
  const trx = db as Partial<Knex.Transaction>;
  if (trx.isTransaction && trx.executionPromise) {
    trx.executionPromise.then(
      () => fn(),
      () => undefined,
    );
  } else {
    fn();
  }
}

/** Wakes this process's workers of `queue` once `db` commits, so a job does not wait for the next poll. */
export function nudgeAfterCommit(db: Db, queue: QueueName): void {
  const set = nudges.get(keyOf(db));
  if (!set || set.size === 0) return;
  afterCommit(db, () => {
    for (const nudge of set) nudge(queue);
  });
}

/**
 * Writes a job for `queue` in `db` (the caller's transaction, or a statement of its own on knex).
 * Returns its id, or null when the queue's policy refused a duplicate (a timer already queued).
 */
export async function enqueue(
  db: Db,
  queue: QueueName,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const id = await queueClient().send(queue, data, { ...options, db: connectionExecutor(db) });
  if (id) nudgeAfterCommit(db, queue);
  return id;
}

/**
 * The INSERT of a job as SQL, for a statement that writes its own jobs (the card move writes its
 * notifications' mails in the statement that writes the notifications): `select` yields one row
 * per job with a `data` column (jsonb). The job gets its queue's rules as `enqueue` would give it
 * (retries, backoff, expiry, policy, retention of 14 days), and a job its queue's policy refuses
 * (a stately timer already queued) is left out, as pg-boss does; tests/api/jobs-queue.test.ts holds
 * the two against each other.
 */
export function enqueueSql(queue: QueueName, select: string): string {
  return `insert into ${QUEUE_SCHEMA}.job
    (name, data, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, dead_letter, policy)
  select q.name, j.data, coalesce(q.retry_limit, 2),
         case when q.retry_backoff then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
         coalesce(q.retry_backoff, false),
         coalesce(q.expire_seconds * interval '1s', interval '15 minutes'),
         now() + coalesce((q.retention_minutes * 60)::text, '14 days')::interval,
         q.dead_letter, q.policy
    from (${select}) j
    join ${QUEUE_SCHEMA}.queue q on q.name = '${queue}'
  on conflict do nothing
  returning id`;
}
