import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { recordIntentEvent } from './checkout';
import { applyCustomerStatuses, applyEventStatus, type SubscriptionFacts } from './subscriptions';

/** The verified Stripe events of the webhook: each recorded once, with its effect, in one transaction. */

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
]);

/** Two subscription events of one customer in the same second: Stripe must say which holds. */
class SubscriptionTie extends Error {
  constructor(readonly customerId: string) {
    super(`subscription events of ${customerId} in the same second`);
  }
}

/**
 * What one verified event changes, inside its transaction. Subscription events set the customer's
 * status as of the event's `created` (an older event arriving late changes nothing; one of the
 * same second as the recorded status throws SubscriptionTie unless `tie` already holds what
 * Stripe answered); PaymentIntent events settle the purchase attempt they belong to. Other events
 * are recorded and ignored.
 */
async function applyEvent(
  trx: Knex.Transaction,
  event: Stripe.Event,
  tie: { status: string | null } | null,
): Promise<void> {
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const sub = event.data.object as unknown as SubscriptionFacts;
    const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer?.id;
    if (!customerId) return;
    if (tie) {
      // Stripe's answer wins the tie; when it lists nothing, the recorded status stays.
      if (tie.status !== null) await applyCustomerStatuses(trx, [{ customerId, status: tie.status }], event.created);
      return;
    }
    const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status;
    if ((await applyEventStatus(trx, customerId, status, event.created)) === 'tie') {
      throw new SubscriptionTie(customerId);
    }
  } else if (INTENT_EVENTS.has(event.type)) {
    await recordIntentEvent(trx, event.data.object as Stripe.PaymentIntent);
  }
}

/**
 * Records a verified event and applies it, in one transaction per attempt: the event id and its
 * effect together, so a replay (Stripe retries, an attacker resending a captured event) changes
 * nothing. Answers whether the event was a duplicate. A tie (two subscription events of one
 * customer in the same second) rolls the first attempt back; `settleTie` asks Stripe, and the
 * second attempt applies its answer (at most two attempts).
 */
export async function processEvent(
  knex: Knex,
  event: Stripe.Event,
  settleTie: (customerId: string) => Promise<{ status: string | null }>,
): Promise<{ duplicate: boolean }> {
  let tie: { status: string | null } | null = null;
  for (;;) {
    try {
      const duplicate = await knex.transaction(async (trx) => {
        const inserted = await trx.raw<{ rows: unknown[] }>(
          `insert into stripe_events (id, type, created) values (?, ?, ?) on conflict (id) do nothing returning id`,
          [event.id, event.type, event.created],
        );
        if (inserted.rows.length === 0) return true;
        await applyEvent(trx, event, tie);
        return false;
      });
      return { duplicate };
    } catch (err) {
      if (!(err instanceof SubscriptionTie) || tie) throw err;
      tie = await settleTie(err.customerId);
    }
  }
}
