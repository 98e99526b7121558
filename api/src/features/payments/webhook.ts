import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import type Stripe from 'stripe';
import { MESSAGES } from '@shared/messages';
import { stripeClientFor, verifyWebhook } from '../../adapters/stripe';
import { badRequest, HttpError, payloadTooLarge } from '../../core/errors';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { processEvent } from './events';
import { statusFromStripe } from './subscriptions';

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
 * signature is checked against: missing, forged or stale (> 300 s) signature → 400. Public (Stripe
 * signs it); each event is processed once (events.ts).
 */
export function stripeWebhookRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>();
  router.post(
    '/api/stripe/webhook',
    ...endpoint({ auth: false }, async (ctx) => {
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
      const { duplicate } = await processEvent(knex, event, (customerId) => settleTie(ctx, customerId));
      ctx.body = { received: true, ...(duplicate ? { duplicate: true } : {}) };
    }),
  );
  return router;
}
