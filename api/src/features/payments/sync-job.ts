import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import type { StripeSyncResult } from '@shared/types';
import { stripeClientFor } from '../../adapters/stripe';
import type { PaymentsConfig } from '../../adapters/stripe-config';
import { HttpError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { enqueue, waitForJob, type JobHandler } from '../../core/queue';
import { paymentsUnavailable } from './checkout';
import { syncAllCustomers } from './subscriptions';

/** How long Sync with Stripe waits for its job before answering that it goes on in the background. */
export const SYNC_WAIT_MS = 20_000;

/**
 * Sync with Stripe (User Dashboard, admin) as a job of the `stripe-sync` queue (docs/areas/jobs.md):
 * the request enqueues it and answers with its result once a worker (this process's or another's)
 * has run it. A failed attempt is a 503 (the queue retries it in the background); a job not done
 * within SYNC_WAIT_MS is a 503 saying it goes on.
 */
export async function requestStripeSync(
  knex: Knex,
  actorId: number,
  log: Logger,
  waitMs = SYNC_WAIT_MS,
): Promise<StripeSyncResult> {
  const id = await enqueue(knex, 'stripe-sync', { requestedBy: actorId });
  if (!id) throw paymentsUnavailable();
  const finished = await waitForJob(knex, 'stripe-sync', id, waitMs);
  if (finished.state === 'completed') return finished.output as StripeSyncResult;
  if (finished.state === 'pending') {
    throw new HttpError(503, 'sync_pending', MESSAGES.stripeSyncPending);
  }
  log.warn('stripe sync failed', { jobId: id, output: JSON.stringify(finished.output) });
  throw paymentsUnavailable();
}

/** The handler of the `stripe-sync` queue: every customer's subscription status, from Stripe. */
export function stripeSyncHandler(deps: { knex: Knex; payments: PaymentsConfig }): JobHandler {
  return async () => {
    const stripe = stripeClientFor(deps.payments);
    if (!stripe) throw new Error('card payments are not configured on this worker (STRIPE_SECRET_KEY)');
    return syncAllCustomers(deps.knex, stripe);
  };
}
