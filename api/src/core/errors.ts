import { MESSAGES } from '@shared/messages';

/** An error with an HTTP status that the error handler turns into the error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'validation_failed', message, fields);
export const unauthorized = (message: string = MESSAGES.unauthenticated) =>
  new HttpError(401, 'unauthenticated', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, 'forbidden', message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new HttpError(409, 'conflict', message, fields);
export const payloadTooLarge = (message: string = MESSAGES.fileTooLarge) =>
  new HttpError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new HttpError(415, 'unsupported_media_type', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', message, undefined, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) });

/** The driver's error: Objection wraps it (db-errors) in `nativeError`; knex hands it over as is. */
function nativeError(err: unknown): unknown {
  if (err && typeof err === 'object' && 'nativeError' in err && err.nativeError) return err.nativeError;
  return err;
}

/** PostgreSQL error codes we translate rather than report as 500. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = nativeError(err);
  if (e && typeof e === 'object' && 'code' in e && typeof e.code === 'string') {
    return (e as { code: string }).code;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (pgErrorCode(err) !== '23505') return false;
  if (!constraint) return true;
  const e = nativeError(err) as { constraint?: string; message?: string };
  return e.constraint === constraint || (e.message ?? '').includes(constraint);
}
