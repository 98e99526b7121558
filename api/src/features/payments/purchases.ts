import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { fn, type ModelObject } from 'objection';
import { MESSAGES } from '@shared/messages';
import { conflict, HttpError, isUniqueViolation } from '../../core/errors';
import { Purchase, UserResource } from '../../models';
import { recordServerEvents } from '../analytics';

export type PurchaseStatus = 'pending' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/** A purchase attempt (table purchases), with its status as the closed set the table allows. */
export type PurchaseRow = Omit<ModelObject<Purchase>, 'status'> & { status: PurchaseStatus };

const OPEN = ['pending', 'requires_action', 'processing'] as const;

/** An attempt still waiting for its first answer from Stripe blocks a different card this long. */
export const IN_FLIGHT_MS = 2 * 60_000;

export interface AttemptRequest {
  userId: number;
  resourceId: number;
  paymentMethodId: string;
  amountCents: number;
  currency: string;
}

/**
 * The member's open attempt to buy this resource, or a new one. The same card again (a double
 * click, a retry after a network error) reuses the attempt and so its idempotency key: Stripe
 * replays its first answer and makes ONE PaymentIntent. Another card while the first is still in
 * flight is a 409; once the first has an answer, it is set aside and a new attempt (and key)
 * begins. The partial unique index (one open attempt per member and resource) settles races.
 */
export async function openAttempt(knex: Knex, req: AttemptRequest): Promise<PurchaseRow> {
  for (let round = 0; round < 3; round += 1) {
    try {
      return await knex.transaction(async (trx) => {
        const open = (await Purchase.query(trx)
          .where({ user_id: req.userId, resource_id: req.resourceId })
          .whereIn('status', OPEN)
          .forUpdate()
          .first()) as PurchaseRow | undefined;
        if (open) {
          if (open.payment_method_id === req.paymentMethodId && open.amount_cents === req.amountCents) return open;
          const age = Date.now() - new Date(open.created_at).getTime();
          if (open.status === 'pending' && open.payment_intent_id === null && age < IN_FLIGHT_MS) {
            throw conflict(MESSAGES.paymentInProgress);
          }
          await Purchase.query(trx).findById(open.id).patch({ status: 'canceled', updated_at: fn.now() });
        }
        const attempt = (await Purchase.query(trx)
          .insert({
            user_id: req.userId,
            resource_id: req.resourceId,
            amount_cents: req.amountCents,
            currency: req.currency,
            payment_method_id: req.paymentMethodId,
            idempotency_key: crypto.randomUUID(),
            status: 'pending',
          })
          .returning('*')) as PurchaseRow;
        // A payment that succeeded while this request was on its way (a double click whose first
        // click just finished) must not start a second one. Checked AFTER the insert: the insert
        // waits for a concurrent attempt's transaction (the unique index), so this statement's
        // snapshot sees a payment that attempt's success wrote; checked before, a success landing
        // between the check and the insert made a second attempt, key and PaymentIntent.
        const paid = await UserResource.query(trx).where({ user_id: req.userId, resource_id: req.resourceId }).first();
        if (paid) throw conflict(MESSAGES.alreadyHasResource);
        return attempt;
      });
    } catch (err) {
      // Another request opened the attempt meanwhile: read it in the next round.
      if (isUniqueViolation(err, 'purchases_one_open_attempt')) continue;
      throw err;
    }
  }
  throw new HttpError(409, 'conflict', MESSAGES.paymentInProgress);
}

/** The facts of a PaymentIntent the portal acts on. */
export interface IntentFacts {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string> | null;
}

/** Stripe's PaymentIntent status as the attempt's status. */
export function attemptStatus(intentStatus: string): PurchaseRow['status'] {
  switch (intentStatus) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
    case 'requires_confirmation':
      return 'requires_action';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      return 'failed';
  }
}

/**
 * Records what Stripe said about an attempt's PaymentIntent and, when it succeeded, gives the
 * member the resource: one transaction, idempotent (the synchronous answer, a webhook, a
 * confirmation after 3-D Secure can all arrive, in any order, any number of times). An intent whose
 * amount or currency differs from the attempt's never grants anything. Returns the attempt.
 */
export async function recordIntent(
  trx: Knex.Transaction,
  attempt: Pick<PurchaseRow, 'id'>,
  intent: IntentFacts,
  failureMessage: string | null = null,
): Promise<PurchaseRow | undefined> {
  const row = (await Purchase.query(trx).findById(attempt.id).forUpdate()) as PurchaseRow | undefined;
  if (!row) return undefined;
  if (row.payment_intent_id && row.payment_intent_id !== intent.id) return row;
  if (intent.amount !== row.amount_cents || intent.currency.toLowerCase() !== row.currency) return row;
  // A succeeded payment stays succeeded whatever arrives later.
  const status = row.status === 'succeeded' ? 'succeeded' : attemptStatus(intent.status);
  const [updated] = (await Purchase.query(trx)
    .patch({
      payment_intent_id: intent.id,
      status,
      failure_message: status === 'failed' ? (failureMessage ?? row.failure_message) : null,
      updated_at: fn.now(),
    })
    .where('id', row.id)
    .returning('*')) as unknown as PurchaseRow[];
  if (status === 'succeeded' && row.status !== 'succeeded' && row.user_id !== null) {
    // The server's own analytics event (docs/areas/insights.md#events), once per purchase, in its transaction.
    await recordServerEvents(trx, [
      {
        userId: row.user_id,
        name: 'purchase',
        props: { resourceId: row.resource_id ?? undefined, amountCents: row.amount_cents, currency: row.currency },
      },
    ]);
  }
  if (status === 'succeeded' && row.user_id !== null && row.resource_id !== null) {
    await trx.raw(
      `insert into user_resources (user_id, resource_id, source) values (?, ?, 'purchase')
       on conflict (user_id, resource_id) do nothing`,
      [row.user_id, row.resource_id],
    );
  }
  return updated;
}

/** The attempt a PaymentIntent belongs to: by its id, else by the purchaseId in its metadata. */
export async function attemptOfIntent(
  trx: Knex.Transaction | Knex,
  intent: IntentFacts,
): Promise<PurchaseRow | undefined> {
  const byIntent = (await Purchase.query(trx).where({ payment_intent_id: intent.id }).first()) as
    PurchaseRow | undefined;
  if (byIntent) return byIntent;
  const purchaseId = Number(intent.metadata?.purchaseId);
  if (!Number.isSafeInteger(purchaseId) || purchaseId <= 0) return undefined;
  return (await Purchase.query(trx).findById(purchaseId)) as PurchaseRow | undefined;
}

/** Marks an attempt failed (the card was declined before any PaymentIntent could be recorded). */
export async function failAttempt(
  knex: Knex,
  attemptId: number,
  message: string,
  intentId: string | null,
): Promise<void> {
  await Purchase.query(knex)
    .patch({
      status: 'failed',
      failure_message: message.slice(0, 500),
      ...(intentId ? { payment_intent_id: intentId } : {}),
      updated_at: fn.now(),
    })
    .where({ id: attemptId })
    .whereNot({ status: 'succeeded' });
}
