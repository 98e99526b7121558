import type { Knex } from 'knex';
import type { AnalyticsForwarder, ForwardedEvent } from '../../adapters/posthog';
import type { Logger } from '../../core/context';

/**
 * Forwarding of recorded events to the hosted analytics product (adapters/posthog.ts), after the
 * transaction that stored them committed, never blocking or failing the request that wrote them.
 *
 * The forwarder belongs to a database (each app registers its own at start, createApp): it is
 * looked up by the knex client's configuration object, which a transaction shares with the knex
 * instance it was opened from, so any service that records events inside any transaction forwards
 * them without being handed the forwarder.
 */
interface Registered {
  forwarder: AnalyticsForwarder;
  log: Logger;
}

const registry = new WeakMap<object, Registered>();
const pending = new Set<Promise<void>>();

function keyOf(db: Knex): object {
  return (db.client as Knex.Client).config as object;
}

/** Registers (or, with null, removes) the forwarder of the events written through `knex`. */
export function registerAnalyticsForwarder(knex: Knex, forwarder: AnalyticsForwarder | null, log: Logger): void {
  if (forwarder) registry.set(keyOf(knex), { forwarder, log });
  else registry.delete(keyOf(knex));
}

export function hasAnalyticsForwarder(db: Knex): boolean {
  return registry.has(keyOf(db));
}

/**
 * Sends `events` once `db`'s transaction has committed (at once when `db` is not a transaction);
 * nothing when it rolls back, or when no forwarder is registered. A failure is logged only.
 */
export function forwardAfterCommit(db: Knex | Knex.Transaction, events: () => ForwardedEvent[]): void {
  const registered = registry.get(keyOf(db));
  if (!registered) return;
  const trx = db as Partial<Knex.Transaction>;
  const committed: Promise<boolean> =
    trx.isTransaction && trx.executionPromise
      ? trx.executionPromise.then(
          () => true,
          () => false,
        )
      : Promise.resolve(true);
  const done: Promise<void> = committed
    .then(async (ok) => {
      if (ok) await registered.forwarder.send(events());
    })
    .catch((err: unknown) => registered.log.warn('analytics forwarding failed', { error: String(err) }))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves when every forwarding started so far has finished (tests, shutdown). */
export async function analyticsForwardingSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
