import { PURCHASE_URL_HOSTS } from '@shared/policies/resources';

/** Stripe and resource-purchase settings (STRIPE_*, RESOURCE_PURCHASE_HOSTS), parsed once. */
export interface PaymentsConfig {
  /** STRIPE_SECRET_KEY; unset: every /api/stripe call but the webhook answers 503. */
  secretKey: string | null;
  /** STRIPE_PUBLISHABLE_KEY, handed to Stripe.js in the browser. */
  publishableKey: string | null;
  /** STRIPE_WEBHOOK_SECRET (whsec_...); unset: the webhook answers 503. */
  webhookSecret: string | null;
  /** STRIPE_API_HOST/PORT/PROTOCOL: where the SDK sends requests (a local fake in tests). */
  api: { host: string; port: number | null; protocol: 'http' | 'https' } | null;
  /** STRIPE_JS_URL: Stripe.js, allowed by the CSP only when card payments are configured. */
  jsUrl: string;
  /** STRIPE_CURRENCY, lowercase ISO code. */
  currency: string;
  /** Stores a resource's Purchase URL may point to (https, host or subdomain). */
  purchaseUrlHosts: string[];
}

export const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/v3/';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase().replace(/^\.+/, ''))
    .filter(Boolean);
}

/** https always; http only for a loopback host outside production (the local fake in tests). */
function checkedJsUrl(raw: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STRIPE_JS_URL is not a URL: ${raw}`);
  }
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname) && !production) return url.toString();
  throw new Error('STRIPE_JS_URL must use https (http only for localhost outside production)');
}

export function loadPaymentsConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentsConfig {
  const protocol = (env.STRIPE_API_PROTOCOL || 'https').toLowerCase();
  if (protocol !== 'https' && protocol !== 'http') throw new Error('STRIPE_API_PROTOCOL must be https or http');
  if (protocol === 'http' && production) throw new Error('STRIPE_API_PROTOCOL=http is not allowed in production');
  const port = env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : null;
  if (port !== null && (!Number.isInteger(port) || port <= 0 || port > 65535)) {
    throw new Error('STRIPE_API_PORT must be a port number');
  }
  const currency = (env.STRIPE_CURRENCY || 'usd').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new Error('STRIPE_CURRENCY must be a three-letter currency code');
  return {
    secretKey: env.STRIPE_SECRET_KEY || null,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    api: env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST, port, protocol } : null,
    jsUrl: checkedJsUrl(env.STRIPE_JS_URL || DEFAULT_STRIPE_JS_URL, production),
    currency,
    purchaseUrlHosts: [...new Set([...PURCHASE_URL_HOSTS, ...list(env.RESOURCE_PURCHASE_HOSTS)])],
  };
}

/** Card payments need both keys: the secret one (API) and the publishable one (Stripe.js). */
export function cardPaymentsEnabled(config: PaymentsConfig): boolean {
  return Boolean(config.secretKey && config.publishableKey);
}

/**
 * The CSP sources Stripe.js needs, only when card payments are configured: the script's origin
 * (script, frames and calls); for the real Stripe.js also its API and 3-D Secure frames.
 */
export function stripeCspSources(config: PaymentsConfig): { script: string[]; frame: string[]; connect: string[] } {
  if (!cardPaymentsEnabled(config)) return { script: [], frame: [], connect: [] };
  const origin = new URL(config.jsUrl).origin;
  if (origin === 'https://js.stripe.com') {
    return {
      script: [origin],
      frame: [origin, 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    };
  }
  return { script: [origin], frame: [origin], connect: [origin] };
}
