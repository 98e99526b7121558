import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { PortalContext } from '../../core/context';
import { isHttps, sessionKeys } from '../../core/session';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser or
 * desktop app that signed in to an account keeps a token `userId.nonce.hmac`, the HMAC-SHA256 of
 * `userId.nonce` under SESSION_SECRET (SESSION_SECRET_PREVIOUS still verifies). Its sign-in failures
 * are counted per nonce instead of per account, so an account lock set off by others does not keep
 * it out. One cookie holds the tokens of the last few accounts signed in on that device.
 */
const MAX_ACCOUNTS = 5;
const MAX_AGE_MS = 365 * 24 * 3_600_000;
const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function deviceCookieName(config: Config): string {
  return isHttps(config) ? '__Host-portal.device' : 'portal.device';
}

const mac = (secret: string, userId: number, nonce: string) =>
  crypto.createHmac('sha256', secret).update(`${userId}.${nonce}`).digest('base64url');

export function makeDeviceToken(config: Config, userId: number): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${mac(config.sessionSecret, userId, nonce)}`;
}

/** The token's account and nonce when its signature is good, else null. */
export function verifyDeviceToken(config: Config, token: string): { userId: number; nonce: string } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const nonce = m[2]!;
  const given = Buffer.from(m[3]!);
  const good = sessionKeys(config).some((secret) => {
    const expected = Buffer.from(mac(secret, userId, nonce));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  return good ? { userId, nonce } : null;
}

function tokens(ctx: PortalContext): string[] {
  const raw = ctx.cookies.get(deviceCookieName(ctx.deps.config), { signed: false }) ?? '';
  return raw.split('~').slice(0, MAX_ACCOUNTS * 2);
}

/** The nonce of this client's valid device cookie for `userId`, or null. */
export function deviceNonceFor(ctx: PortalContext, userId: number): string | null {
  for (const token of tokens(ctx)) {
    const found = verifyDeviceToken(ctx.deps.config, token);
    if (found && found.userId === userId) return found.nonce;
  }
  return null;
}

/** After a successful sign-in: a fresh token for `userId`, kept with this device's other accounts. */
export function rememberDevice(ctx: PortalContext, userId: number): void {
  const { config } = ctx.deps;
  const others = tokens(ctx).filter((t) => {
    const found = verifyDeviceToken(config, t);
    return found !== null && found.userId !== userId;
  });
  const value = [makeDeviceToken(config, userId), ...others].slice(0, MAX_ACCOUNTS).join('~');
  ctx.cookies.set(deviceCookieName(config), value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    path: '/',
    maxAge: MAX_AGE_MS,
    signed: false,
    overwrite: true,
  });
}
