import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { MESSAGES } from '@shared/messages';
import { resourceAudience, resourceOpening, type Principal } from '@shared/policies';
import type { PaymentIntentResult } from '@shared/types';
import { cardErrorMessage, isStripeError, type StripeClient } from '../../adapters/stripe';
import type { PaymentsConfig } from '../../adapters/stripe-config';
import { badRequest, conflict, HttpError, notFound } from '../../core/errors';
import type { Logger } from '../../core/context';
import { Purchase } from '../../models';
import { findResource, presentResource } from '../resources';
import { failAttempt, openAttempt, recordIntent, attemptOfIntent, type PurchaseRow } from './purchases';

export const paymentsUnavailable = () => new HttpError(503, 'payments_unavailable', MESSAGES.paymentsUnavailable);

export interface CheckoutDeps {
  knex: Knex;
  stripe: StripeClient;
  payments: PaymentsConfig;
  log: Logger;
}

async function resultFor(
  deps: CheckoutDeps,
  user: Principal & { id: number },
  attempt: PurchaseRow,
  intent: Stripe.PaymentIntent,
): Promise<PaymentIntentResult> {
  const recorded = await deps.knex.transaction((trx) => recordIntent(trx, attempt, intent));
  const status = recorded?.status ?? 'failed';
  if (status === 'failed' || status === 'canceled' || status === 'pending') {
    throw new HttpError(400, 'payment_failed', recorded?.failure_message ?? MESSAGES.paymentFailed);
  }
  let resource = null;
  if (status === 'succeeded' && attempt.resource_id !== null) {
    const audience = resourceAudience(user);
    const row = await findResource(deps.knex, user, audience, attempt.resource_id);
    resource = row ? presentResource(row, audience) : null;
  }
  return {
    status: status === 'requires_action' ? 'requires_action' : status === 'processing' ? 'processing' : 'succeeded',
    paymentIntentId: intent.id,
    clientSecret: status === 'requires_action' ? intent.client_secret : null,
    resource,
  };
}

/**
 * POST /api/stripe/create-payment-intent for the session's member (never a client-given user):
 * the amount comes from the resource's price, the attempt's idempotency key makes a double click
 * ONE PaymentIntent, and a succeeded payment makes the member an owner (same transaction).
 */
export async function createPaymentIntent(
  deps: CheckoutDeps,
  user: Principal & { id: number; stripeCustomerId: string | null },
  input: { resourceId: number; paymentMethodId: string },
): Promise<PaymentIntentResult> {
  const audience = resourceAudience(user);
  const row = await findResource(deps.knex, user, audience, input.resourceId);
  if (!row) throw notFound(MESSAGES.resourceNotFound);
  const resource = presentResource(row, audience);
  if (resource.hasAccess) throw conflict(MESSAGES.alreadyHasResource);
  if (resourceOpening(resource) !== 'purchase-modal' || row.price_cents === null) {
    throw badRequest(MESSAGES.notForSaleInPortal);
  }
  const attempt = await openAttempt(deps.knex, {
    userId: user.id,
    resourceId: row.id,
    paymentMethodId: input.paymentMethodId,
    amountCents: row.price_cents,
    currency: deps.payments.currency,
  });
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.create(
      {
        amount: attempt.amount_cents,
        currency: attempt.currency,
        payment_method: attempt.payment_method_id,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
        ...(user.stripeCustomerId ? { customer: user.stripeCustomerId } : {}),
        description: `Resource: ${row.title}`.slice(0, 200),
        metadata: { purchaseId: String(attempt.id), userId: String(user.id), resourceId: String(row.id) },
      },
      { idempotencyKey: attempt.idempotency_key },
    );
  } catch (err) {
    const cardMessage = cardErrorMessage(err);
    if (cardMessage !== null || (isStripeError(err) && err.type === 'StripeInvalidRequestError')) {
      const message = cardMessage ?? (err as Error).message;
      const intentId = (err as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
      await failAttempt(deps.knex, attempt.id, message, intentId);
      throw new HttpError(400, 'payment_failed', message);
    }
    // The same key is still being processed by Stripe (a concurrent double click).
    if (isStripeError(err) && err.type === 'StripeIdempotencyError') throw conflict(MESSAGES.paymentInProgress);
    // Network or Stripe outage: the attempt stays open; the same card retried reuses its key.
    deps.log.warn('stripe payment intent failed', { purchaseId: attempt.id, error: (err as Error).message });
    throw paymentsUnavailable();
  }
  return resultFor(deps, user, attempt, intent);
}

/**
 * POST /api/stripe/confirm-payment: after the member confirmed the card (3-D Secure) in the
 * browser, re-read the PaymentIntent from Stripe (never trusting the browser's word) and record it.
 * Only the member's own attempts: another member's PaymentIntent id is a 404.
 */
export async function confirmPayment(
  deps: CheckoutDeps,
  user: Principal & { id: number },
  paymentIntentId: string,
): Promise<PaymentIntentResult> {
  const attempt = (await Purchase.query(deps.knex)
    .where({ payment_intent_id: paymentIntentId, user_id: user.id })
    .first()) as PurchaseRow | undefined;
  if (!attempt) throw notFound('Payment not found');
  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.retrieve(paymentIntentId);
  } catch (err) {
    deps.log.warn('stripe payment intent retrieve failed', { purchaseId: attempt.id, error: (err as Error).message });
    throw paymentsUnavailable();
  }
  return resultFor(deps, user, attempt, intent);
}

/** A PaymentIntent event from the webhook: record it on its attempt (inside the event's transaction). */
export async function recordIntentEvent(trx: Knex.Transaction, intent: Stripe.PaymentIntent): Promise<void> {
  const attempt = await attemptOfIntent(trx, intent);
  if (!attempt) return;
  const message = intent.last_payment_error?.message ?? null;
  await recordIntent(trx, attempt, intent, message);
}
