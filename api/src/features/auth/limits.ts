import type { Knex } from 'knex';
import { fillMessage, formatWait, MESSAGES } from '@shared/messages';
import { tooManyRequests, type HttpError } from '../../core/errors';
import { clearRateLimit, hitRateLimit, releaseRateLimits, reserveRateLimits } from '../../core/rate-limit';
import type { RateLimitBucket } from '../../core/rate-limit';

export const SIGNIN_WINDOW_MS = 15 * 60_000;
/** Failures per email and address within the window; the next attempt is refused with 429. */
export const SIGNIN_MAX_FAILURES = 5;
/** Failures from one address across all emails within the window. */
export const SIGNIN_MAX_FAILURES_PER_IP = 20;
/** Failures per account from clients without its device cookie, within an hour (ASVS: at most 100). */
export const SIGNIN_MAX_FAILURES_PER_ACCOUNT = 100;
export const SIGNIN_ACCOUNT_WINDOW_MS = 60 * 60_000;
/** Failures per device cookie within the window; then that cookie is locked out too. */
export const SIGNIN_MAX_FAILURES_PER_DEVICE = 5;
export const SIGNUP_WINDOW_MS = 60 * 60_000;
/** Sign-up attempts (each costs an argon2 hash) per address within an hour. */
export const SIGNUP_MAX_PER_IP = 10;
export const FORGOT_WINDOW_MS = 60 * 60_000;
/** Reset mails per email within an hour; further requests are answered alike and send nothing. */
export const FORGOT_MAX_MAILS_PER_EMAIL = 5;
/** Forgot-password requests per address within an hour (429). */
export const FORGOT_MAX_PER_IP = 20;

export const normEmail = (email: string) => email.trim().toLowerCase();

/** A 429 whose message states the wait its Retry-After asks for. */
export function rateLimited(template: string, retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return tooManyRequests(fillMessage(template, { wait: formatWait(seconds) }), seconds);
}

/**
 * The buckets one sign-in attempt is counted in. Every attempt counts per address. A client holding
 * a valid device cookie for the account (`device`: its nonce) counts per device cookie instead of per
 * email+address and per account, so the account lock that strangers can trigger does not reach it
 * (OWASP "Slow Down Online Guessing Attacks with Device Cookies").
 */
export function signInBuckets(email: string, ip: string, device: string | null): RateLimitBucket[] {
  const e = normEmail(email);
  const perIp = { key: `signin-ip:${ip}`, windowMs: SIGNIN_WINDOW_MS, max: SIGNIN_MAX_FAILURES_PER_IP };
  if (device) {
    return [{ key: `signin-dev:${device}`, windowMs: SIGNIN_WINDOW_MS, max: SIGNIN_MAX_FAILURES_PER_DEVICE }, perIp];
  }
  return [
    { key: `signin:${e}|${ip}`, windowMs: SIGNIN_WINDOW_MS, max: SIGNIN_MAX_FAILURES },
    perIp,
    { key: `signin-acct:${e}`, windowMs: SIGNIN_ACCOUNT_WINDOW_MS, max: SIGNIN_MAX_FAILURES_PER_ACCOUNT },
  ];
}

/**
 * Reserves this attempt in each of its buckets before the password is checked (429 when one is
 * full). A failed attempt keeps the reservation: it is the failure counted. Returns the keys taken.
 */
export async function reserveSignIn(knex: Knex, email: string, ip: string, device: string | null): Promise<string[]> {
  const reservation = await reserveRateLimits(knex, signInBuckets(email, ip, device));
  if (!reservation.ok) throw rateLimited(MESSAGES.tooManySignIns, reservation.retryAfterSeconds);
  return reservation.keys;
}

/** A correct password: gives the reservation back and forgets this client's failures for the account. */
export async function signInSucceeded(knex: Knex, keys: string[]): Promise<void> {
  await releaseRateLimits(knex, keys);
  const own = keys[0];
  if (own) await clearRateLimit(knex, own);
}

/** Counts a sign-up attempt for this address (before its password is hashed); 429 over the limit. */
export async function assertSignUpAllowed(knex: Knex, ip: string): Promise<void> {
  const hit = await hitRateLimit(knex, `signup-ip:${ip}`, SIGNUP_WINDOW_MS);
  if (hit.count > SIGNUP_MAX_PER_IP) throw rateLimited(MESSAGES.tooManySignUps, hit.retryAfterSeconds);
}

/** Counts a forgot-password request for this address; 429 over the limit. Nothing here depends on the email. */
export async function assertForgotAllowed(knex: Knex, ip: string): Promise<void> {
  const hit = await hitRateLimit(knex, `forgot-ip:${ip}`, FORGOT_WINDOW_MS);
  if (hit.count > FORGOT_MAX_PER_IP) throw rateLimited(MESSAGES.tooManyResets, hit.retryAfterSeconds);
}

/** Whether another reset mail may go to this email this hour (counts it when it may). */
export async function mayMailReset(knex: Knex, email: string): Promise<boolean> {
  const hit = await hitRateLimit(knex, `forgot:${normEmail(email)}`, FORGOT_WINDOW_MS);
  return hit.count <= FORGOT_MAX_MAILS_PER_EMAIL;
}
