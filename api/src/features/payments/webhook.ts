import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import type Stripe from 'stripe';
import { verifyWebhook } from '../../adapters/stripe';
import { badRequest, HttpError, payloadTooLarge } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { recordIntentEvent } from './checkout';
import { applyCustomerStatuses, type SubscriptionFacts } from './subscriptions';

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

/**
 * What one verified event changes, inside its transaction. Subscription events set the customer's
 * status as of the event's `created` (an older event arriving late changes nothing); PaymentIntent
 * events settle the purchase attempt they belong to. Other events are recorded and ignored.
 */
async function applyEvent(trx: Parameters<typeof recordIntentEvent>[0], event: Stripe.Event): Promise<void> {
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const sub = event.data.object as unknown as SubscriptionFacts;
    const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer?.id;
    if (!customerId) return;
    const status = event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status;
    await applyCustomerStatuses(trx, [{ customerId, status }], event.created);
  } else if (INTENT_EVENTS.has(event.type)) {
    await recordIntentEvent(trx, event.data.object as Stripe.PaymentIntent);
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
    const duplicate = await knex.transaction(async (trx) => {
      const inserted = await trx.raw<{ rows: unknown[] }>(
        `insert into stripe_events (id, type, created) values (?, ?, ?) on conflict (id) do nothing returning id`,
        [event.id, event.type, event.created],
      );
      if (inserted.rows.length === 0) return true;
      await applyEvent(trx, event);
      return false;
    });
    ctx.body = { received: true, ...(duplicate ? { duplicate: true } : {}) };
  });
  return router;
}
