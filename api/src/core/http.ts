import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import { fillMessage, MESSAGES } from '@shared/messages';
import { FORM_EMBED_ORIGINS, VIDEO_EMBED_ORIGINS } from '@shared/limits';
import { AI_CHAT_ORIGINS } from '@shared/content/ai-tools';
import type { Config } from '../config';
import { stripeCspSources } from '../adapters/stripe-config';
import { HttpError, pgErrorCode } from './errors';
import type { PortalContext } from './context';

/** Gives every request an id (echoed as X-Request-Id) for logs and error reports. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const c = ctx as unknown as PortalContext;
    c.state.requestId = crypto.randomUUID();
    c.set('X-Request-Id', c.state.requestId);
    await next();
  };
}

/**
 * PostgreSQL errors caused by the input itself (bad text representation, out-of-range number,
 * string too long, bad datetime, NUL byte in text, untranslatable character): a 400, not a 500.
 */
const BAD_INPUT_PG_CODES = new Set(['22P02', '22003', '22001', '22007', '22008', '22021', '22P05']);

/** Writes every error in the one error shape; never a stack trace or SQL text. */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    const c = ctx as unknown as PortalContext;
    try {
      await next();
      if (c.status === 404 && c.body === undefined && c.path.startsWith('/api/')) {
        throw new HttpError(404, 'not_found', MESSAGES.notFound);
      }
    } catch (raw) {
      let err: HttpError;
      if (raw instanceof HttpError) err = raw;
      else {
        const e = raw as {
          status?: number;
          statusCode?: number;
          httpCode?: number;
          message?: string;
          expose?: boolean;
        };
        const status = e.status ?? e.statusCode ?? e.httpCode;
        const code = pgErrorCode(raw);
        if (status === 413 || (e.message ?? '').includes('maxFileSize')) {
          err = new HttpError(413, 'payload_too_large', MESSAGES.fileTooLarge);
        } else if (status === 415) err = new HttpError(415, 'unsupported_media_type', 'Unsupported content type');
        else if (status && status >= 400 && status < 500) {
          err = new HttpError(
            status,
            'bad_request',
            status === 400 ? 'Invalid request body' : (e.message ?? 'Bad request'),
          );
        } else if (code !== undefined && BAD_INPUT_PG_CODES.has(code)) {
          err = new HttpError(400, 'validation_failed', 'Invalid input');
        } else {
          c.deps.log.error('unhandled error', {
            requestId: c.state.requestId,
            path: c.path,
            method: c.method,
            error: raw instanceof Error ? (raw.stack ?? raw.message) : String(raw),
          });
          err = new HttpError(500, 'internal_error', MESSAGES.internalError);
        }
      }
      c.status = err.status;
      if (err.headers) c.set(err.headers);
      c.body = { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } };
    }
  };
}

/** Security headers for every response; no-store on the API. */
export function securityHeaders(config: Config): Middleware {
  const https = config.publicUrl.startsWith('https://');
  // Stripe.js (card payments) only when they are configured (api/src/adapters/stripe-config.ts).
  const stripe = stripeCspSources(config.payments);
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...stripe.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...stripe.connect].join(' '),
    // Lesson embeds (shared/src/limits.ts): only these origins may be framed.
    // AI Toolkit chats (shared/src/content/ai-tools.ts) likewise.
    `frame-src ${[...VIDEO_EMBED_ORIGINS, ...FORM_EMBED_ORIGINS, ...AI_CHAT_ORIGINS, ...stripe.frame].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Content-Security-Policy', csp);
    if (https) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CORS for allowlisted origins only (the web UI and the desktop app://), and CSRF defence:
 * a state change from a foreign Origin, or with a body type a cross-site form can send, is 403.
 * A same-origin request (Origin equal to the scheme and host it was sent to, such as the portal
 * opened at http://127.0.0.1:4000 or a LAN address while PUBLIC_URL says localhost) is never a
 * CSRF: a browser sends a cross-site request with the other site's Origin and our Host.
 */
export function originGuard(config: Config): Middleware {
  const allowed = new Set(config.allowedOrigins);
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    const originAllowed = origin !== '' && allowed.has(origin);
    if (originAllowed) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
      ctx.vary('Origin');
    }
    if (ctx.method === 'OPTIONS' && ctx.path.startsWith('/api/')) {
      if (!originAllowed) {
        ctx.status = 403;
        return;
      }
      ctx.set('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE');
      ctx.set('Access-Control-Allow-Headers', 'Content-Type');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    if (!SAFE_METHODS.has(ctx.method) && ctx.path.startsWith('/api/')) {
      if (origin !== '' && !originAllowed && origin !== `${ctx.protocol}://${ctx.host}`) {
        const message = fillMessage(MESSAGES.forbiddenOrigin, {
          origin: origin.slice(0, 200),
          publicUrl: config.publicUrl,
        });
        throw new HttpError(403, 'forbidden_origin', message);
      }
      const type = (ctx.get('Content-Type') || '').toLowerCase();
      if (type.startsWith('text/plain') || type.startsWith('application/x-www-form-urlencoded')) {
        throw new HttpError(403, 'forbidden_content_type', MESSAGES.forbidden);
      }
    }
    await next();
  };
}

/** Where in a parsed JSON value or query a NUL character sits (PostgreSQL text cannot hold one). */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\u0000')) return path || k;
    const found = nulPath(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses a NUL character anywhere in the query or the JSON body with a 400 naming the field. */
export function rejectNulCharacters(): Middleware {
  return async (ctx, next) => {
    const found = nulPath(ctx.query, '') ?? nulPath((ctx.request as { body?: unknown }).body, '');
    if (found !== null) {
      const field = found.split('.')[0] || '_';
      throw new HttpError(400, 'validation_failed', 'Invalid character in input', { [field]: 'Invalid character' });
    }
    await next();
  };
}
