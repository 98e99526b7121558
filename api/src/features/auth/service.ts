import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { MESSAGES } from '@shared/messages';
import type { Role } from '@shared/limits';
import type { Config } from '../../config';
import { enqueueMailOf, type MailRenderer } from '../../core/queue';
import type { Logger } from '../../core/context';
import type { SessionUser } from '../../core/session-types';
import { audit } from '../../core/audit';
import { iso } from '../../core/dates';
import { conflict, isUniqueViolation } from '../../core/errors';
import { recordServerEvents } from '../analytics';
import { hashPassword } from '../../core/password';
import { revokeUserSessions, sha256 } from '../../core/session';
import { PasswordResetToken, Tag, User, UserTag, type UserRow } from '../../models';
import { mayMailReset, normEmail } from './limits';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export async function findUserByEmail(knex: Knex, email: string): Promise<UserRow | undefined> {
  return User.query(knex)
    .whereRaw('lower(email) = ?', [normEmail(email)])
    .first();
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
  const rows = await Tag.query(knex).select('id').whereIn('id', ids).andWhere({ open_for_signup: true });
  return rows.map((r) => r.id);
}

export async function createMember(
  knex: Knex,
  input: { fullName: string; email: string; password: string; signuptags?: string },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await knex.transaction(async (trx) => {
      const tagIds = await openSignupTagIds(trx, input.signuptags);
      const { id } = await User.query(trx)
        .insert({ full_name: input.fullName, email: input.email.trim(), password_hash: passwordHash, role: 'basic' })
        .returning('id');
      if (tagIds.length) await UserTag.query(trx).insert(tagIds.map((tagId) => ({ user_id: id, tag_id: tagId })));
      await recordServerEvents(trx, [{ userId: id, role: 'basic', name: 'signed_up' }]);
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MESSAGES.emailInUseSignUp, { email: MESSAGES.emailInUseSignUp });
    throw err;
  }
}

/** Makes a single-use reset token (256 bits), stores only its hash, and voids older tokens. */
export async function createResetToken(knex: Knex, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await knex.transaction(async (trx) => {
    await PasswordResetToken.query(trx).delete().where({ user_id: userId });
    await PasswordResetToken.query(trx).insert({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  return token;
}

/** The kind of the mail job of a password reset (docs/areas/auth.md, "Forgot password"). */
export const RESET_MAIL = 'password-reset';

/**
 * A forgot-password request, answered alike for every email: counts the request against the
 * email's hourly limit (FORGOT_MAX_MAILS_PER_EMAIL, beyond which it silently sends nothing) and
 * enqueues the reset mail job, one statement each, whether or not an account has this email. Who
 * the email belongs to is looked up by the job (resetMailRenderer), after the answer.
 */
export async function requestPasswordReset(
  deps: { knex: Knex; log: Logger },
  email: string,
  ip: string,
): Promise<void> {
  if (!(await mayMailReset(deps.knex, email))) {
    deps.log.warn('password reset mail not sent: hourly limit for this email', { ip });
    return;
  }
  await enqueueMailOf(deps.knex, RESET_MAIL, { email, ip });
}

/**
 * Renders the reset mail when its job runs: nothing for an email without an account; otherwise a
 * new token (voiding older ones) and the mail with its link. A retry after a failed send makes a
 * new token, so the link that arrives is the one that works; no usable token is ever stored.
 */
export function resetMailRenderer(deps: { knex: Knex; config: Pick<Config, 'publicUrl'>; log: Logger }): MailRenderer {
  return {
    async render(data) {
      const user = await findUserByEmail(deps.knex, String(data.email));
      if (!user) return null;
      const token = await createResetToken(deps.knex, user.id);
      const link = `${deps.config.publicUrl}/reset-password/${token}`;
      deps.log.info('password reset requested', { userId: user.id, ip: data.ip });
      return {
        to: user.email,
        subject: 'Reset your password',
        text: `Hello ${user.full_name},\n\nUse this link within one hour to set a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
      };
    },
  };
}

/** Deletes reset tokens past their hour (the prune timer). */
export async function pruneResetTokens(knex: Knex): Promise<number> {
  return PasswordResetToken.query(knex).delete().where('expires_at', '<=', fn.now());
}

/**
 * Uses a reset token: sets the password, ends every session of the user and voids the token, in
 * one transaction. Returns the user id, or null when the token is unknown, used or expired.
 */
export async function resetPassword(knex: Knex, token: string, password: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const passwordHash = await hashPassword(password);
  return knex.transaction(async (trx) => {
    const row = await PasswordResetToken.query(trx)
      .where({ token_hash: sha256(token) })
      .whereNull('used_at')
      .andWhere('expires_at', '>', fn.now())
      .forUpdate()
      .first();
    if (!row) return null;
    await PasswordResetToken.query(trx).delete().where({ user_id: row.user_id });
    await User.query(trx).findById(row.user_id).patch({ password_hash: passwordHash, updated_at: fn.now() });
    await revokeUserSessions(trx, row.user_id);
    return row.user_id;
  });
}

/**
 * An administrator takes a role to see the portal as it (POST /api/auth/switch-role): the role and
 * its audit row in one transaction. The session is started afresh by the caller once it committed.
 */
export async function switchRole(knex: Knex, user: { id: number; role: Role }, role: Role, ip: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await User.query(trx).findById(user.id).patch({ role, is_admin: true, updated_at: fn.now() });
    await audit(trx, {
      actorId: user.id,
      action: 'user.switch-role',
      targetUserId: user.id,
      details: { from: user.role, to: role },
      ip,
    });
  });
}

/** Records the first time `user` closed the board's welcome video (later closes keep that time). */
export async function markWelcomeSeen(trx: Knex.Transaction, user: SessionUser): Promise<SessionUser> {
  const [row] = await User.query(trx)
    .patch({ welcome_seen_at: raw('coalesce(welcome_seen_at, now())') })
    .where('id', user.id)
    .returning('welcome_seen_at')
    .castTo<Array<Pick<User, 'welcome_seen_at'>>>();
  return { ...user, welcomeSeenAt: row?.welcome_seen_at ? iso(row.welcome_seen_at) : user.welcomeSeenAt };
}
