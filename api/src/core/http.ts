import crypto from 'node:crypto';
import type { Middleware } from 'koa';
import { MESSAGES } from '@shared/messages';
import { FORM_EMBED_ORIGINS, VIDEO_EMBED_ORIGINS } from '@shared/limits';
import type { Config } from '../config';
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
        const e = raw as { status?: number; statusCode?: number; httpCode?: number; message?: string; expose?: boolean };
        const status = e.status ?? e.statusCode ?? e.httpCode;
        const code = pgErrorCode(raw);
        if (status === 413 || (e.message ?? '').includes('maxFileSize')) {
          err = new HttpError(413, 'payload_too_large', MESSAGES.fileTooLarge);
        } else if (status === 415) err = new HttpError(415, 'unsupported_media_type', 'Unsupported content type');
        else if (status && status >= 400 && status < 500) {
          err = new HttpError(status, 'bad_request', status === 400 ? 'Invalid request body' : (e.message ?? 'Bad request'));
        } else if (code === '22P02' || code === '22003' || code === '22001' || code === '22007') {
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
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Lesson embeds (shared/src/limits.ts): only these origins may be framed.
    `frame-src ${[...VIDEO_EMBED_ORIGINS, ...FORM_EMBED_ORIGINS].join(' ')}`,
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
      if (origin !== '' && !originAllowed) throw new HttpError(403, 'forbidden_origin', MESSAGES.forbidden);
      const type = (ctx.get('Content-Type') || '').toLowerCase();
      if (type.startsWith('text/plain') || type.startsWith('application/x-www-form-urlencoded')) {
        throw new HttpError(403, 'forbidden_content_type', MESSAGES.forbidden);
      }
    }
    await next();
  };
}
