import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { conflict, isUniqueViolation, tooManyRequests } from '../../core/errors';
import { hashPassword } from '../../core/password';
import { clearRateLimit, hitRateLimit, peekRateLimit } from '../../core/rate-limit';
import { revokeUserSessions, sha256 } from '../../core/session';
import type { UserRow } from '../../core/session-user';

export const SIGNIN_WINDOW_MS = 15 * 60_000;
/** Failures per email and address within the window; the next attempt is refused with 429. */
export const SIGNIN_MAX_FAILURES = 5;
/** Failures from one address across all emails within the window. */
export const SIGNIN_MAX_FAILURES_PER_IP = 20;
/** Failures per account from anywhere within an hour (ASVS: at most 100). */
export const SIGNIN_MAX_FAILURES_PER_ACCOUNT = 100;
export const FORGOT_WINDOW_MS = 60 * 60_000;
export const FORGOT_MAX_PER_EMAIL = 5;
export const FORGOT_MAX_PER_IP = 20;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

const norm = (email: string) => email.trim().toLowerCase();

export function signInKeys(email: string, ip: string) {
  const e = norm(email);
  return { emailIp: `signin:${e}|${ip}`, ip: `signin-ip:${ip}`, account: `signin-acct:${e}` };
}

/** 429 when this email from this address (or the address, or the account) has failed too often. */
export async function assertSignInAllowed(knex: Knex, email: string, ip: string): Promise<void> {
  const keys = signInKeys(email, ip);
  const [byEmailIp, byIp, byAccount] = await Promise.all([
    peekRateLimit(knex, keys.emailIp),
    peekRateLimit(knex, keys.ip),
    peekRateLimit(knex, keys.account),
  ]);
  for (const [result, max] of [
    [byEmailIp, SIGNIN_MAX_FAILURES],
    [byIp, SIGNIN_MAX_FAILURES_PER_IP],
    [byAccount, SIGNIN_MAX_FAILURES_PER_ACCOUNT],
  ] as const) {
    if (result.count >= max) throw tooManyRequests(MESSAGES.tooManySignIns, result.retryAfterSeconds);
  }
}

export async function recordSignInFailure(knex: Knex, email: string, ip: string): Promise<void> {
  const keys = signInKeys(email, ip);
  await hitRateLimit(knex, keys.emailIp, SIGNIN_WINDOW_MS);
  await hitRateLimit(knex, keys.ip, SIGNIN_WINDOW_MS);
  await hitRateLimit(knex, keys.account, 60 * 60_000);
}

export async function clearSignInFailures(knex: Knex, email: string, ip: string): Promise<void> {
  await clearRateLimit(knex, signInKeys(email, ip).emailIp);
}

export async function findUserByEmail(knex: Knex, email: string): Promise<UserRow | undefined> {
  return knex<UserRow>('users').whereRaw('lower(email) = ?', [norm(email)]).first();
}

/** Tag ids from a `signuptags` value that an admin opened to sign-up links; others are ignored. */
export async function openSignupTagIds(knex: Knex, signuptags: string | undefined): Promise<number[]> {
  const ids = [
    ...new Set(
      (signuptags ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^\d{1,9}$/.test(s))
        .map(Number),
    ),
  ].slice(0, 50);
  if (ids.length === 0) return [];
  const rows = await knex('tags').select('id').whereIn('id', ids).andWhere({ open_for_signup: true });
  return rows.map((r: { id: number }) => r.id);
}

export async function createMember(
  knex: Knex,
  input: { fullName: string; email: string; password: string; signuptags?: string },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await knex.transaction(async (trx) => {
      const tagIds = await openSignupTagIds(trx, input.signuptags);
      const [row] = await trx('users')
        .insert({ full_name: input.fullName, email: input.email.trim(), password_hash: passwordHash, role: 'basic' })
        .returning<Array<{ id: number }>>('id');
      const id = row!.id;
      if (tagIds.length) await trx('user_tags').insert(tagIds.map((tagId) => ({ user_id: id, tag_id: tagId })));
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MESSAGES.emailInUseSignUp, { email: MESSAGES.emailInUseSignUp });
    throw err;
  }
}

export async function assertForgotAllowed(knex: Knex, email: string, ip: string): Promise<void> {
  const byEmail = await hitRateLimit(knex, `forgot:${norm(email)}`, FORGOT_WINDOW_MS);
  const byIp = await hitRateLimit(knex, `forgot-ip:${ip}`, FORGOT_WINDOW_MS);
  if (byEmail.count > FORGOT_MAX_PER_EMAIL) throw tooManyRequests(MESSAGES.tooManyResets, byEmail.retryAfterSeconds);
  if (byIp.count > FORGOT_MAX_PER_IP) throw tooManyRequests(MESSAGES.tooManyResets, byIp.retryAfterSeconds);
}

/** Makes a single-use reset token (256 bits), stores only its hash, and voids older tokens. */
export async function createResetToken(knex: Knex, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await knex.transaction(async (trx) => {
    await trx('password_reset_tokens').where({ user_id: userId }).del();
    await trx('password_reset_tokens').insert({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  return token;
}

/**
 * Uses a reset token: sets the password, ends every session of the user and voids the token, in
 * one transaction. Returns the user id, or null when the token is unknown, used or expired.
 */
export async function resetPassword(knex: Knex, token: string, password: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const passwordHash = await hashPassword(password);
  return knex.transaction(async (trx) => {
    const row = await trx('password_reset_tokens')
      .where({ token_hash: sha256(token) })
      .whereNull('used_at')
      .andWhere('expires_at', '>', trx.fn.now())
      .forUpdate()
      .first<{ id: number; user_id: number } | undefined>();
    if (!row) return null;
    await trx('password_reset_tokens').where({ user_id: row.user_id }).del();
    await trx('users').where({ id: row.user_id }).update({ password_hash: passwordHash, updated_at: trx.fn.now() });
    await revokeUserSessions(trx, row.user_id);
    return row.user_id;
  });
}
