import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAKE_STRIPE_JS } from './fake-stripe-js';

/**
 * A local HTTP server speaking the parts of Stripe's API the portal uses, for tests and e2e (there
 * is no network here): customers, billing_portal.sessions, payment_methods, payment_intents (create
 * with confirm, retrieve, client-side confirm) with Idempotency-Key replay, subscriptions list with
 * pagination, and a small Stripe.js (/v3/) for the browser. Every request is recorded.
 *
 * Test cards: 4242424242424242 succeeds; 4000000000000002 is declined; 4000000000009995 has
 * insufficient funds; 4000002500003155 needs 3-D Secure (confirmCardPayment then succeeds).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
  /** The key the request authenticated with (sk_... or pk_...). */
  apiKey: string | null;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
}

export interface StripeFake {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  paymentIntents: Map<string, Record<string, unknown>>;
  /** The API's environment pointing at this fake. */
  env(): Record<string, string>;
  addCustomer(id?: string, email?: string): string;
  /** A card PaymentMethod as Stripe.js would create it in the browser (see the test cards above). */
  createPaymentMethod(number: string): string;
  addSubscription(customer: string, status: string, created?: number): FakeSubscription;
  setSubscriptionStatus(id: string, status: string): void;
  /** Requests (other than Stripe.js and the portal page) that reached /v1/<path>. */
  calls(method: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

import { error, luhn, now, parseStripeForm, randomId, str, type Params, type Reply } from './fake-stripe-util';

export async function startStripeFake(options: { customers?: string[] } = {}): Promise<StripeFake> {
  const secretKey = 'sk_test_fake_portal';
  const publishableKey = 'pk_test_fake_portal';
  const webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Params>();
  const paymentMethods = new Map<string, Params & { number: string }>();
  const paymentIntents = new Map<string, Params>();
  const subscriptions: FakeSubscription[] = [];
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  let base = '';

  const addCustomer = (id = randomId('cus'), email?: string) => {
    customers.set(id, { id, object: 'customer', email: email ?? null, created: now() });
    return id;
  };
  for (const id of options.customers ?? []) addCustomer(id);

  function createIntent(p: Params): Reply {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 50)
      return error(400, 'invalid_request_error', 'Amount must be at least 50 cents');
    const pmId = str(p.payment_method);
    const pm = paymentMethods.get(pmId);
    if (!pm)
      return error(400, 'invalid_request_error', `No such PaymentMethod: '${pmId}'`, { code: 'resource_missing' });
    if (p.customer && !customers.has(str(p.customer))) {
      return error(400, 'invalid_request_error', `No such customer: '${str(p.customer)}'`);
    }
    const id = randomId('pi');
    const intent: Params = {
      id,
      object: 'payment_intent',
      amount,
      currency: str(p.currency) || 'usd',
      status: 'requires_confirmation',
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      payment_method: pmId,
      customer: p.customer ?? null,
      description: p.description ?? null,
      metadata: p.metadata ?? {},
      created: now(),
      last_payment_error: null,
      next_action: null,
    };
    paymentIntents.set(id, intent);
    if (p.confirm !== 'true') return { status: 200, body: intent };
    if (pm.number === '4000000000000002' || pm.number === '4000000000009995') {
      const message =
        pm.number === '4000000000000002' ? 'Your card was declined.' : 'Your card has insufficient funds.';
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message };
      return error(402, 'card_error', message, { code: 'card_declined', payment_intent: intent });
    }
    if (pm.number === '4000002500003155') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
    } else intent.status = 'succeeded';
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, p: Params, key: string | null): Reply {
    const isSecret = key === secretKey;
    const isPublishable = key === publishableKey;
    if (!isSecret && !isPublishable) return error(401, 'invalid_request_error', 'Invalid API Key provided');
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_methods') {
      const number = str((p.card as Params | undefined)?.number).replace(/\s+/g, '');
      if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
        return error(402, 'card_error', 'Your card number is incorrect.', { code: 'incorrect_number' });
      }
      const id = randomId('pm');
      const pm = {
        id,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: number.slice(-4) },
        number,
      };
      paymentMethods.set(id, pm);
      const { number: _hidden, ...visible } = pm;
      return { status: 200, body: visible };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path))) {
      const intent = paymentIntents.get(m[1]!);
      if (!intent) return error(404, 'invalid_request_error', 'No such payment_intent');
      if (isPublishable && p.client_secret !== intent.client_secret)
        return error(400, 'invalid_request_error', 'Invalid client secret');
      if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') intent.status = 'succeeded';
      return { status: 200, body: intent };
    }
    if (!isSecret)
      return error(403, 'invalid_request_error', 'This API call cannot be made with a publishable API key.');
    if (method === 'POST' && path === '/v1/customers') {
      const id = addCustomer(undefined, str(p.email) || undefined);
      return { status: 200, body: customers.get(id) };
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const c = customers.get(m[1]!);
      return c ? { status: 200, body: c } : error(404, 'invalid_request_error', `No such customer: '${m[1]}'`);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(p.customer);
      if (!customers.has(customer)) return error(400, 'invalid_request_error', `No such customer: '${customer}'`);
      const id = randomId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: p.return_url ?? null,
          url: `${base}/p/session/${id}`,
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(p);
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = paymentIntents.get(m[1]!);
      return intent ? { status: 200, body: intent } : error(404, 'invalid_request_error', 'No such payment_intent');
    }
    if (method === 'GET' && (m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return error(404, 'invalid_request_error', 'No such PaymentMethod');
      const { number: _hidden, ...visible } = pm;
      return { status: 200, body: visible };
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const limit = Math.min(100, Number(p.limit ?? 10));
      let list = [...subscriptions].sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
      if (p.customer) list = list.filter((s) => s.customer === p.customer);
      if (p.status && p.status !== 'all') list = list.filter((s) => s.status === p.status);
      else if (!p.status) list = list.filter((s) => s.status !== 'canceled');
      if (p.starting_after) list = list.slice(list.findIndex((s) => s.id === p.starting_after) + 1);
      return {
        status: 200,
        body: { object: 'list', url: '/v1/subscriptions', has_more: list.length > limit, data: list.slice(0, limit) },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
        res.writeHead(204).end();
        return;
      }
      if (req.method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/')) {
        res.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8' });
        res.end(FAKE_STRIPE_JS.replace('__FAKE_STRIPE_BASE__', JSON.stringify(base)));
        return;
      }
      if (req.method === 'GET' && url.pathname.startsWith('/p/session/')) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>Stripe customer portal (fake)</title><h1>Stripe customer portal (fake)</h1>');
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
      const auth = req.headers.authorization ?? '';
      const apiKey = auth.startsWith('Bearer ') ? auth.slice(7) : null;
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, params, apiKey });
      let reply: Reply;
      const fingerprint = `${req.method} ${url.pathname} ${raw}`;
      const saved = req.method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      if (saved && saved.fingerprint !== fingerprint) {
        reply = error(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      } else if (saved) {
        res.setHeader('Idempotent-Replayed', 'true');
        reply = saved.reply;
      } else {
        reply = route(req.method ?? 'GET', url.pathname, params, apiKey);
        if (req.method === 'POST' && idempotencyKey) {
          idempotent.set(idempotencyKey, {
            fingerprint,
            reply: { status: reply.status, body: structuredClone(reply.body) },
          });
        }
      }
      res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': randomId('req') });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    secretKey,
    publishableKey,
    webhookSecret,
    requests,
    paymentIntents,
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_JS_URL: `${base}/v3/`,
    }),
    addCustomer,
    createPaymentMethod(number) {
      const id = randomId('pm');
      paymentMethods.set(id, {
        id,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: number.slice(-4) },
        number,
      });
      return id;
    },
    addSubscription(customer, status, created = now()) {
      const sub: FakeSubscription = { id: randomId('sub'), object: 'subscription', customer, status, created };
      subscriptions.push(sub);
      return sub;
    },
    setSubscriptionStatus(id, status) {
      const sub = subscriptions.find((s) => s.id === id);
      if (sub) sub.status = status;
    },
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === `/v1/${path}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
