import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import { MESSAGES } from '@shared/messages';
import { stripeClientFor, verifyWebhook } from '../../adapters/stripe';
import { badRequest, HttpError, payloadTooLarge } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { recordIntentEvent } from './checkout';
import { applyCustomerStatuses, applyEventStatus, statusFromStripe, type SubscriptionFacts } from './subscriptions';

/** Stripe's events are small; anything larger is not one. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/** Reads the raw request body (the signature is computed over these exact bytes). */
export async function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge('The request body is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw payloadTooLarge('The request body is too large.');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

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

/** The status Stripe gives a customer now, for a tie; null (keep the recorded one) without the SDK. */
async function settleTie(ctx: PortalContext, customerId: string): Promise<{ status: string | null }> {
  const stripe = stripeClientFor(ctx.deps.config.payments);
  if (!stripe) {
    ctx.deps.log.warn('stripe webhook tie kept (no STRIPE_SECRET_KEY to ask Stripe)', { customerId });
    return { status: null };
  }
  try {
    return { status: await statusFromStripe(stripe, customerId) };
  } catch (err) {
    // Not recorded: Stripe sends the event again later, and the tie is settled then.
    ctx.deps.log.warn('stripe webhook tie: Stripe unreachable', { customerId, error: String(err) });
    throw new HttpError(503, 'payments_unavailable', MESSAGES.paymentsUnavailable);
  }
}

/**
 * POST /api/stripe/webhook, mounted BEFORE the body parser (app.ts) so the raw body is what the
 * signature is checked against: missing, forged or stale (> 300 s) signature → 400. Each event is
 * processed once: its id goes into stripe_events in the same transaction as its effect, so a
 * replay (Stripe retries, an attacker resending a captured event) changes nothing.
 */
export function stripeWebhookRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>();
  router.post('/api/stripe/webhook', async (ctx) => {
    const { config, knex, log } = ctx.deps;
    const secret = config.payments.webhookSecret;
    if (!secret) throw new HttpError(503, 'payments_unavailable', 'Stripe webhooks are not configured');
    const raw = await readRawBody(ctx.req, MAX_WEBHOOK_BYTES);
    const signature = ctx.get('Stripe-Signature');
    if (!signature) throw badRequest('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = verifyWebhook(raw, signature, secret);
    } catch {
      log.warn('stripe webhook refused', { requestId: ctx.state.requestId, ip: ctx.ip });
      throw badRequest('Invalid Stripe signature');
    }
    // One transaction per attempt: the event id and its effect together. A tie rolls the first
    // attempt back; the second applies what Stripe says (at most two attempts).
    let tie: { status: string | null } | null = null;
    let duplicate: boolean;
    for (;;) {
      try {
        duplicate = await knex.transaction(async (trx) => {
          const inserted = await trx.raw<{ rows: unknown[] }>(
            `insert into stripe_events (id, type, created) values (?, ?, ?) on conflict (id) do nothing returning id`,
            [event.id, event.type, event.created],
          );
          if (inserted.rows.length === 0) return true;
          await applyEvent(trx, event, tie);
          return false;
        });
        break;
      } catch (err) {
        if (!(err instanceof SubscriptionTie) || tie) throw err;
        tie = await settleTie(ctx, err.customerId);
      }
    }
    ctx.body = { received: true, ...(duplicate ? { duplicate: true } : {}) };
  });
  return router;
}
