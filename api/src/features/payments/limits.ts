import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { tooManyRequests } from '../../core/errors';
import { hitRateLimit } from '../../core/rate-limit';

const WINDOW_MS = 15 * 60_000;
/** Calls per member (or admin) per 15 minutes. */
export const STRIPE_LIMITS = { sync: 10, portal: 20, checkPayment: 60, purchase: 30 } as const;

/**
 * Counts one call of `name` for the user, before it reaches Stripe: a fixed window per user and
 * call (counted in the database, shared by every API instance, outside any transaction so that a
 * failed call still counts); 429 over the limit.
 */
export async function countStripeCall(knex: Knex, userId: number, name: keyof typeof STRIPE_LIMITS): Promise<void> {
  const { count, retryAfterSeconds } = await hitRateLimit(knex, `stripe-${name}:${userId}`, WINDOW_MS);
  if (count > STRIPE_LIMITS[name]) throw tooManyRequests(MESSAGES.tooManyStripeRequests, retryAfterSeconds);
}
