import type { Knex } from 'knex';
import type { AnalyticsForwarder, ForwardedEvent } from '../../adapters/posthog';
import { enqueue, type JobHandler } from '../../core/queue';

/**
 * Forwarding of recorded events to the hosted analytics product (adapters/posthog.ts): a job of
 * the queue written with the events (docs/areas/jobs.md), so it never blocks or fails the request
 * that wrote them and survives a restart.
 *
 * Whether events are forwarded is decided per database (each app registers its forwarder at start,
 * createApp): it is looked up by the knex client's configuration object, which a transaction
 * shares with the knex instance it was opened from, so any service that records events inside any
 * transaction forwards them without being handed the forwarder.
 */
const registry = new WeakMap<object, AnalyticsForwarder>();

function keyOf(db: Knex): object {
  return (db.client as Knex.Client).config as object;
}

/** Registers (or, with null, removes) the forwarder of the events written through `knex`. */
export function registerAnalyticsForwarder(knex: Knex, forwarder: AnalyticsForwarder | null): void {
  if (forwarder) registry.set(keyOf(knex), forwarder);
  else registry.delete(keyOf(knex));
}

/**
 * Forwards `events` with `db`'s transaction: an `analytics-forward` job written in it, so the
 * events go once it commits (and never when it rolls back), retried by the queue while PostHog
 * fails. Nothing when no forwarder is registered.
 */
export async function forwardWithCommit(db: Knex | Knex.Transaction, events: () => ForwardedEvent[]): Promise<void> {
  if (!registry.has(keyOf(db))) return;
  const batch = events();
  if (batch.length === 0) return;
  await enqueue(db, 'analytics-forward', { events: batch });
}

/** The handler of the `analytics-forward` queue: one batch to the forwarder (a refusal fails the attempt). */
export function analyticsForwardHandler(forwarder: AnalyticsForwarder | null): JobHandler {
  return async (job) => {
    if (!forwarder)
      throw new Error('analytics forwarding is not configured on this worker (POSTHOG_HOST, POSTHOG_API_KEY)');
    const { events } = job.data as { events: ForwardedEvent[] };
    await forwarder.send(events);
    return { forwarded: events.length };
  };
}
