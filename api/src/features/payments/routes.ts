import Router from '@koa/router';
import type { Middleware } from 'koa';
import { MESSAGES } from '@shared/messages';
import { isSubscriptionBlocked } from '@shared/policies';
import { confirmPaymentSchema, createPaymentIntentSchema } from '@shared/schemas';
import type { StripeClientConfig, StripeStatusResult } from '@shared/types';
import { isStripeError, stripeClientFor, type StripeClient } from '../../adapters/stripe';
import { cardPaymentsEnabled } from '../../adapters/stripe-config';
import { auth, authorize, requireUser } from '../../core/auth';
import { badRequest, forbidden, tooManyRequests } from '../../core/errors';
import { hitRateLimit } from '../../core/rate-limit';
import { loadSessionUser } from '../../core/load-session-user';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { confirmPayment, createPaymentIntent, paymentsUnavailable } from './checkout';
import { syncAllCustomers, syncOneCustomer } from './subscriptions';

const WINDOW_MS = 15 * 60_000;
/** Calls per member (or admin) per 15 minutes. */
export const STRIPE_LIMITS = { sync: 10, portal: 20, checkPayment: 60, purchase: 30 } as const;

function stripeOf(ctx: PortalContext): StripeClient {
  const stripe = stripeClientFor(ctx.deps.config.payments);
  if (!stripe) throw paymentsUnavailable();
  return stripe;
}

/** A fixed window per user and call (counted in the database, shared by every API instance). */
function rateLimited(name: keyof typeof STRIPE_LIMITS): Middleware {
  return async (ctx, next) => {
    const c = ctx as unknown as PortalContext;
    const { count, retryAfterSeconds } = await hitRateLimit(
      c.deps.knex,
      `stripe-${name}:${requireUser(c).id}`,
      WINDOW_MS,
    );
    if (count > STRIPE_LIMITS[name]) throw tooManyRequests(MESSAGES.tooManyStripeRequests, retryAfterSeconds);
    await next();
  };
}

const CUSTOMER_ID = /^cus_[A-Za-z0-9_]{1,250}$/;

/** SPEC §7 /api/stripe/* (the webhook lives in webhook.ts, ahead of the body parser). */
export function paymentRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/stripe' });

  router.get('/config', auth({ allowBlocked: true }), (ctx) => {
    const { payments, publicUrl } = ctx.deps.config;
    const enabled = cardPaymentsEnabled(payments);
    const body: StripeClientConfig = {
      enabled,
      publishableKey: enabled ? payments.publishableKey : null,
      jsUrl: enabled ? payments.jsUrl : null,
      webUrl: publicUrl,
    };
    ctx.body = body;
  });

  /** The client's userId, if sent, is ignored: the purchase is always the session member's. */
  router.post('/create-payment-intent', auth(), authorize('payment:purchase'), rateLimited('purchase'), async (ctx) => {
    const input = await parse(createPaymentIntentSchema, ctx.request.body);
    const stripe = stripeOf(ctx);
    const { knex, config, log } = ctx.deps;
    ctx.body = await createPaymentIntent({ knex, stripe, payments: config.payments, log }, requireUser(ctx), input);
  });

  router.post('/confirm-payment', auth(), authorize('payment:purchase'), rateLimited('purchase'), async (ctx) => {
    const input = await parse(confirmPaymentSchema, ctx.request.body);
    const stripe = stripeOf(ctx);
    const { knex, config, log } = ctx.deps;
    ctx.body = await confirmPayment(
      { knex, stripe, payments: config.payments, log },
      requireUser(ctx),
      input.paymentIntentId,
    );
  });

  /**
   * The /blocked Fix button: a billing portal session for the session member's OWN customer id
   * (another id is a 403, whoever asks). Blocked members may call it: it is how they fix it.
   */
  router.post(
    '/create-customer-portal/:customerId',
    auth({ allowBlocked: true }),
    authorize('payment:portal'),
    rateLimited('portal'),
    async (ctx) => {
      const customerId = ctx.params.customerId ?? '';
      if (!CUSTOMER_ID.test(customerId)) throw badRequest('Invalid customer id', { customerId: 'Invalid customer id' });
      const user = requireUser(ctx);
      if (user.stripeCustomerId !== customerId) {
        ctx.deps.log.warn('denied', {
          requestId: ctx.state.requestId,
          userId: user.id,
          action: 'payment:portal',
          path: ctx.path,
        });
        throw forbidden();
      }
      const stripe = stripeOf(ctx);
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: `${ctx.deps.config.publicUrl}/check-stripe-payment`,
        });
        ctx.body = { url: session.url };
      } catch (err) {
        if (!isStripeError(err)) throw err;
        ctx.deps.log.warn('stripe portal session failed', { userId: user.id, error: err.message });
        throw paymentsUnavailable();
      }
    },
  );

  /** /check-stripe-payment: re-reads the member's own subscription from Stripe, then their status. */
  router.post(
    '/check-payment',
    auth({ allowBlocked: true }),
    authorize('payment:portal'),
    rateLimited('checkPayment'),
    async (ctx) => {
      const user = requireUser(ctx);
      const stripe = stripeClientFor(ctx.deps.config.payments);
      if (stripe && user.stripeCustomerId) {
        try {
          await syncOneCustomer(ctx.deps.knex, stripe, user.stripeCustomerId);
        } catch (err) {
          ctx.deps.log.warn('stripe status check failed', { userId: user.id, error: (err as Error).message });
        }
      }
      const fresh = (await loadSessionUser(ctx.deps.knex, user.id)) ?? user;
      const body: StripeStatusResult = { stripeStatus: fresh.stripeStatus, blocked: isSubscriptionBlocked(fresh) };
      ctx.body = body;
    },
  );

  /** User Dashboard 'Sync with Stripe' (admin): every user with a customer id; idempotent. */
  router.post('/sync', auth(), authorize('payment:sync'), rateLimited('sync'), async (ctx) => {
    const stripe = stripeOf(ctx);
    try {
      ctx.body = await syncAllCustomers(ctx.deps.knex, stripe);
    } catch (err) {
      if (!isStripeError(err)) throw err;
      ctx.deps.log.warn('stripe sync failed', { error: err.message });
      throw paymentsUnavailable();
    }
  });

  return router;
}
