import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Knex } from 'knex';
import session from 'koa-session';
import type { Config } from '../config';
import type { SessionData } from './context';
import type { Session } from '../models';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** Refresh last_seen_at at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

type SessionRow = Pick<Session, 'last_seen_at' | 'expires_at'> & { data: SessionData | string };

/**
 * The koa-session store: sessions live in the database (revocable, shared by any number of API
 * instances). Rows are keyed by the SHA-256 of the cookie's key. A session ends at its absolute
 * expiry or after `idleMinutes` without a request.
 */
export function createSessionStore(knex: Knex, config: Config) {
  const idleMs = config.sessionIdleMinutes * 60_000;
  const absoluteMs = config.sessionAbsoluteHours * 3_600_000;
  return {
    async get(key: string): Promise<SessionData | null> {
      const id = sha256(key);
      const row = await knex('sessions')
        .select('data', 'last_seen_at', 'expires_at')
        .where({ id })
        .first<SessionRow | undefined>();
      if (!row) return null;
      const now = Date.now();
      const lastSeen = new Date(row.last_seen_at).getTime();
      if (new Date(row.expires_at).getTime() <= now || lastSeen + idleMs <= now) {
        await knex('sessions').where({ id }).del();
        return null;
      }
      if (now - lastSeen > TOUCH_INTERVAL_MS) {
        await knex('sessions').where({ id }).update({ last_seen_at: knex.fn.now() });
      }
      return typeof row.data === 'string' ? (JSON.parse(row.data) as SessionData) : row.data;
    },
    async set(key: string, sess: SessionData & { _expire?: number; _maxAge?: number }): Promise<void> {
      const id = sha256(key);
      const { userId, impersonatorId } = sess;
      const data: SessionData = {};
      if (userId) data.userId = userId;
      if (impersonatorId) data.impersonatorId = impersonatorId;
      await knex.raw(
        `insert into sessions (id, user_id, data, expires_at) values (?, ?, ?::jsonb, ?)
         on conflict (id) do update set user_id = excluded.user_id, data = excluded.data, last_seen_at = now()`,
        [id, userId ?? null, JSON.stringify(data), new Date(Date.now() + absoluteMs)],
      );
    },
    async destroy(key: string): Promise<void> {
      await knex('sessions')
        .where({ id: sha256(key) })
        .del();
    },
  };
}

export function isHttps(config: Config): boolean {
  return config.publicUrl.startsWith('https://');
}

/** Cookie name: the `__Host-` prefix under HTTPS (Secure, Path=/, no Domain). */
export function sessionCookieName(config: Config): string {
  return isHttps(config) ? '__Host-portal.sid' : 'portal.sid';
}

/**
 * The keys that sign cookies (koa's app.keys, HMAC): SESSION_SECRET signs, SESSION_SECRET_PREVIOUS is
 * still accepted after a rotation (a cookie it signed is re-signed with the new secret).
 */
export function sessionKeys(config: Config): string[] {
  return config.sessionSecretPrevious ? [config.sessionSecret, config.sessionSecretPrevious] : [config.sessionSecret];
}

/**
 * The session cookie is signed (`portal.sid.sig`): a cookie without a valid signature is no session.
 * Under an https PUBLIC_URL the cookies are Secure even when the request reached us as plain HTTP
 * (a TLS-ending proxy that sends no X-Forwarded-Proto): the browser is on https, and the cookie
 * library would otherwise refuse to set them (a 500 at sign-in).
 */
export function sessionMiddleware(app: Koa, knex: Knex, config: Config): Koa.Middleware {
  const secure = isHttps(config);
  const sessions = session(
    {
      key: sessionCookieName(config),
      maxAge: config.sessionAbsoluteHours * 3_600_000,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      rolling: false,
      renew: false,
      overwrite: true,
      autoCommit: true,
      genid: () => crypto.randomBytes(32).toString('base64url'),
      store: createSessionStore(knex, config),
    },
    app,
  );
  if (!secure) return sessions;
  return async (ctx, next) => {
    if (!ctx.secure) ctx.cookies.secure = true;
    await sessions(ctx, next);
  };
}

/** Ends every session of a user (sign-out everywhere, password reset, deletion, role change). */
export async function revokeUserSessions(knex: Knex, userId: number, exceptKey?: string): Promise<number> {
  const q = knex('sessions').where({ user_id: userId });
  if (exceptKey) q.whereNot({ id: sha256(exceptKey) });
  return q.del();
}

/** Deletes sessions past their expiry (the prune timer; an expired session is refused anyway). */
export async function pruneSessions(knex: Knex): Promise<number> {
  return knex('sessions').where('expires_at', '<=', knex.fn.now()).del();
}
