import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { PaymentsConfig } from './stripe-config';

// The SDK is loaded on first use, not at start: loading it takes a few hundred milliseconds, and a
// process (or a test file) that never touches payments should not pay for it.
const requireSdk = createRequire(import.meta.url);
let loaded: typeof Stripe | null = null;
const sdk = (): typeof Stripe => (loaded ??= requireSdk('stripe') as typeof Stripe);

/** Webhook signatures older than this are refused (Stripe's recommended tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type StripeClient = Stripe;

/**
 * The official Stripe SDK configured from the environment (STRIPE_SECRET_KEY, and
 * STRIPE_API_HOST/PORT/PROTOCOL so tests point it at tests/helpers/fake-stripe.ts).
 * Null when no secret key is set: payments are then unavailable (503), never faked.
 */
export function createStripeClient(config: PaymentsConfig): StripeClient | null {
  if (!config.secretKey) return null;
  const StripeSdk = sdk();
  return new StripeSdk(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(config.api
      ? { host: config.api.host, protocol: config.api.protocol, ...(config.api.port ? { port: config.api.port } : {}) }
      : {}),
  });
}

const clients = new WeakMap<PaymentsConfig, StripeClient | null>();

/** One SDK client per configuration (the app's config object), made on first use. */
export function stripeClientFor(config: PaymentsConfig): StripeClient | null {
  if (!clients.has(config)) clients.set(config, createStripeClient(config));
  return clients.get(config) ?? null;
}

/**
 * Verifies a webhook's Stripe-Signature over the raw body (HMAC with the endpoint secret, at most
 * 300 s old) and returns the event. Throws Stripe's signature error otherwise.
 */
export function verifyWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return sdk().webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
}

/** Stripe errors that describe the card (declined, invalid number...): their message is for the member. */
export function cardErrorMessage(err: unknown): string | null {
  if (err instanceof sdk().errors.StripeCardError) return err.message;
  return null;
}

export const isStripeError = (err: unknown): err is Stripe.errors.StripeError =>
  err instanceof sdk().errors.StripeError;
