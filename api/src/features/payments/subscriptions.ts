import type { Knex } from 'knex';
import type { StripeClient } from '../../adapters/stripe';
import { StripeCustomerState } from '../../models';
import { recordServerEvents } from '../analytics';

/** The fields of a Stripe subscription the portal reads. */
export interface SubscriptionFacts {
  customer: string | { id: string };
  status: string;
  created: number;
}

const customerIdOf = (s: SubscriptionFacts) => (typeof s.customer === 'string' ? s.customer : s.customer.id);

/** Ended subscriptions: a customer's live one (if any) decides their status. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * The status that describes a customer with these subscriptions: the newest live one, else the
 * newest ended one; null without any.
 */
export function customerStatus(subscriptions: readonly SubscriptionFacts[]): string | null {
  const sorted = [...subscriptions].sort((a, b) => b.created - a.created);
  return (sorted.find((s) => !ENDED.has(s.status)) ?? sorted[0])?.status ?? null;
}

/** Subscriptions grouped by customer id. */
export function byCustomer(subscriptions: Iterable<SubscriptionFacts>): Map<string, SubscriptionFacts[]> {
  const map = new Map<string, SubscriptionFacts[]>();
  for (const s of subscriptions) {
    const id = customerIdOf(s);
    map.set(id, [...(map.get(id) ?? []), s]);
  }
  return map;
}

/**
 * Sets customers' subscription statuses as of a moment (Unix seconds) and copies them to their
 * users, set-based. A status older than the one already recorded for the customer is ignored, so
 * webhooks arriving out of order, or after a sync, cannot undo newer news. A status of the SAME
 * second replaces the recorded one only with `ties: 'overwrite'` (what Stripe itself answered:
 * a sync, or a tie resolved by asking Stripe); an event keeps it (`'keep'`), see
 * applyEventStatus. Returns how many users' stripeStatus changed. Run it inside the caller's
 * transaction.
 */
export async function applyCustomerStatuses(
  trx: Knex.Transaction | Knex,
  statuses: ReadonlyArray<{ customerId: string; status: string | null }>,
  asOf: number,
  options: { ties: 'overwrite' | 'keep' } = { ties: 'overwrite' },
): Promise<number> {
  const newer = options.ties === 'overwrite' ? '<=' : '<';
  let changed = 0;
  for (let i = 0; i < statuses.length; i += 500) {
    const chunk = statuses.slice(i, i + 500);
    const values = chunk.map(() => '(?::text, ?::text)').join(', ');
    const bindings = chunk.flatMap((s) => [s.customerId, s.status]);
    const result = await trx.raw<{
      rows: Array<{ id: number; role: string; old_status: string | null; new_status: string | null }>;
    }>(
      `with incoming(customer_id, status) as (values ${values}),
       applied as (
         insert into stripe_customer_states (customer_id, status, as_of)
         select customer_id, status, ?::bigint from incoming
         on conflict (customer_id) do update set status = excluded.status, as_of = excluded.as_of
           where stripe_customer_states.as_of ${newer} excluded.as_of
         returning customer_id, status
       )
       update users u set stripe_status = a.status, updated_at = now()
       from applied a, users old
       where u.stripe_customer_id = a.customer_id and u.stripe_status is distinct from a.status and old.id = u.id
       returning u.id, u.role, old.stripe_status as old_status, u.stripe_status as new_status`,
      [...bindings, asOf],
    );
    changed += result.rows.length;
    // The server's own analytics events (docs/areas/insights.md#events): each change with its old and new status, so
    // cancellations can be counted; in this transaction, one statement per chunk.
    await recordServerEvents(
      trx,
      result.rows.map((r) => ({
        userId: r.id,
        role: r.role,
        name: 'subscription_changed' as const,
        props: { from: r.old_status ?? 'none', to: r.new_status ?? 'none' },
      })),
    );
  }
  return changed;
}

/**
 * One subscription event's status for its customer, as of the event's `created` (Unix seconds).
 * Applied when newer than the recorded state; ignored when older. Stripe's `created` counts whole
 * seconds, so two events of one second do not say which came last: when the recorded state has
 * the same second and another status, this answers 'tie' and changes nothing, and the caller asks
 * Stripe what the subscription is now (resolveTie). The row lock taken by the upsert makes two
 * events of one customer decide one after the other.
 */
export async function applyEventStatus(
  trx: Knex.Transaction,
  customerId: string,
  status: string,
  created: number,
): Promise<'applied' | 'tie'> {
  await applyCustomerStatuses(trx, [{ customerId, status }], created, { ties: 'keep' });
  const state = await StripeCustomerState.query(trx).select('status', 'as_of').findById(customerId);
  return state && Number(state.as_of) === created && state.status !== status ? 'tie' : 'applied';
}

/**
 * A tie between two events of the same second, settled by Stripe: the customer's subscriptions
 * as Stripe has them now (the newest live one decides), stored as of that second. Null when
 * Stripe lists none for the customer (the recorded status then stays).
 */
export async function statusFromStripe(stripe: StripeClient, customerId: string): Promise<string | null> {
  return customerStatus(await listSubscriptions(stripe, customerId));
}

/** Every subscription of the account (100 per page), or of one customer. */
export async function listSubscriptions(stripe: StripeClient, customerId?: string): Promise<SubscriptionFacts[]> {
  const all: SubscriptionFacts[] = [];
  const pages = stripe.subscriptions.list({
    status: 'all',
    limit: 100,
    ...(customerId ? { customer: customerId } : {}),
  });
  for await (const s of pages) all.push({ customer: s.customer, status: s.status, created: s.created });
  return all;
}

/**
 * Sync with Stripe: the statuses of every user with a Stripe customer id, from the account's
 * subscriptions, in one transaction. Idempotent: a second run changes nothing. Customers without
 * any subscription keep their status.
 */
export async function syncAllCustomers(
  knex: Knex,
  stripe: StripeClient,
): Promise<{ checked: number; updated: number }> {
  const customers = (await knex('users').distinct('stripe_customer_id').whereNotNull('stripe_customer_id')) as Array<{
    stripe_customer_id: string;
  }>;
  const checked = (
    await knex('users').count<Array<{ count: number }>>('* as count').whereNotNull('stripe_customer_id')
  )[0];
  if (customers.length === 0) return { checked: 0, updated: 0 };
  const wanted = new Set(customers.map((c) => c.stripe_customer_id));
  const grouped = byCustomer(await listSubscriptions(stripe));
  const statuses = [...grouped.entries()]
    .filter(([id]) => wanted.has(id))
    .map(([customerId, subs]) => ({ customerId, status: customerStatus(subs) }));
  const asOf = Math.floor(Date.now() / 1000);
  const updated = await knex.transaction((trx) => applyCustomerStatuses(trx, statuses, asOf));
  return { checked: Number(checked?.count ?? 0), updated };
}

/** One member's own status, re-read from Stripe (the /check-stripe-payment page). */
export async function syncOneCustomer(knex: Knex, stripe: StripeClient, customerId: string): Promise<void> {
  const subs = await listSubscriptions(stripe, customerId);
  if (subs.length === 0) return;
  const asOf = Math.floor(Date.now() / 1000);
  await knex.transaction((trx) => applyCustomerStatuses(trx, [{ customerId, status: customerStatus(subs) }], asOf));
}
