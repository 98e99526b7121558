import Router from '@koa/router';
import { isSubscriptionBlocked } from '@shared/policies';
import { confirmPaymentSchema, createPaymentIntentSchema, customerPortalSchema } from '@shared/schemas';
import type { StripeClientConfig, StripeStatusResult } from '@shared/types';
import { isStripeError, stripeClientFor, type StripeClient } from '../../adapters/stripe';
import { cardPaymentsEnabled } from '../../adapters/stripe-config';
import { endpoint } from '../../core/endpoint';
import { loadSessionUser } from '../../core/load-session-user';
import type { PortalContext, PortalState } from '../../core/context';
import { confirmPayment, createPaymentIntent, paymentsUnavailable } from './checkout';
import { countStripeCall } from './limits';
import { syncOneCustomer } from './subscriptions';
import { requestStripeSync } from './sync-job';

function stripeOf(ctx: PortalContext): StripeClient {
  const stripe = stripeClientFor(ctx.deps.config.payments);
  if (!stripe) throw paymentsUnavailable();
  return stripe;
}

/**
 * docs/areas/payments.md#api /api/stripe/* (the webhook lives in webhook.ts, ahead of the body parser). Every call that
 * reaches Stripe is counted per user first (limits.ts). None runs in the chain's transaction: a
 * write here goes with a call to Stripe, which no transaction may wait on, and an attempt must stay
 * recorded though the answer is an error; the services open their own short transactions.
 */
export function paymentRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/stripe' });

  router.get(
    '/config',
    ...endpoint({ auth: { allowBlocked: true } }, (ctx) => {
      const { payments, publicUrl } = ctx.deps.config;
      const enabled = cardPaymentsEnabled(payments);
      const body: StripeClientConfig = {
        enabled,
        publishableKey: enabled ? payments.publishableKey : null,
        jsUrl: enabled ? payments.jsUrl : null,
        webUrl: publicUrl,
      };
      ctx.body = body;
    }),
  );

  /** The client's userId, if sent, is ignored: the purchase is always the session member's. */
  router.post(
    '/create-payment-intent',
    ...endpoint({ input: createPaymentIntentSchema, authorize: 'payment:purchase' }, async (ctx) => {
      const { knex, config, log } = ctx.deps;
      await countStripeCall(knex, ctx.user.id, 'purchase');
      const stripe = stripeOf(ctx);
      ctx.body = await createPaymentIntent({ knex, stripe, payments: config.payments, log }, ctx.user, ctx.input);
    }),
  );

  router.post(
    '/confirm-payment',
    ...endpoint({ input: confirmPaymentSchema, authorize: 'payment:purchase' }, async (ctx) => {
      const { knex, config, log } = ctx.deps;
      await countStripeCall(knex, ctx.user.id, 'purchase');
      const stripe = stripeOf(ctx);
      ctx.body = await confirmPayment(
        { knex, stripe, payments: config.payments, log },
        ctx.user,
        ctx.input.paymentIntentId,
      );
    }),
  );

  /**
   * The /blocked Fix payment button: a billing portal session for the session member's OWN customer id
   * (another id is a 403, whoever asks). Blocked members may call it: it is how they fix it.
   */
  router.post(
    '/create-customer-portal/:customerId',
    ...endpoint(
      {
        auth: { allowBlocked: true },
        input: customerPortalSchema,
        from: (ctx) => ({ customerId: ctx.params.customerId }),
        authorize: {
          action: 'payment:portal',
          load: (ctx) => ({ stripeCustomerId: (ctx.input as { customerId: string }).customerId }),
        },
      },
      async (ctx) => {
        const { customerId } = ctx.input;
        await countStripeCall(ctx.deps.knex, ctx.user.id, 'portal');
        const stripe = stripeOf(ctx);
        try {
          const session = await stripe.billingPortal.sessions.create({
            customer: customerId,
            return_url: `${ctx.deps.config.publicUrl}/check-stripe-payment`,
          });
          ctx.body = { url: session.url };
        } catch (err) {
          if (!isStripeError(err)) throw err;
          ctx.deps.log.warn('stripe portal session failed', { userId: ctx.user.id, error: err.message });
          throw paymentsUnavailable();
        }
      },
    ),
  );

  /** /check-stripe-payment: re-reads the member's own subscription from Stripe, then their status. */
  router.post(
    '/check-payment',
    ...endpoint({ auth: { allowBlocked: true }, authorize: 'payment:portal' }, async (ctx) => {
      const user = ctx.user;
      await countStripeCall(ctx.deps.knex, user.id, 'checkPayment');
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
    }),
  );

  /**
   * User Dashboard 'Sync with Stripe' (admin): every user with a customer id; idempotent. A job of
   * the queue, whose result is the answer (sync-job.ts).
   */
  router.post(
    '/sync',
    ...endpoint({ authorize: 'payment:sync' }, async (ctx) => {
      await countStripeCall(ctx.deps.knex, ctx.user.id, 'sync');
      stripeOf(ctx);
      ctx.body = await requestStripeSync(ctx.deps.knex, ctx.user.id, ctx.deps.log);
    }),
  );

  return router;
}
