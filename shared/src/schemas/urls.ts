/**
 * A strict https URL reader for the shared contract (no DOM or Node URL here): a host name with
 * at least one dot, an optional port, no user info, no whitespace or quote characters.
 */
const HTTPS_URL =
  /^https:\/\/((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?::(\d{1,5}))?([/?#][^\s<>"'`\\{}|^]*)?$/i;

export const URL_MAX_CHARS = 2048;

export interface HttpsUrlParts {
  /** https://host[:port], lowercase, default port dropped. */
  origin: string;
  host: string;
  /** Path, query and fragment as written ('' when absent). */
  rest: string;
}

/** Splits an https URL into origin and the rest, or null for anything else (http:, javascript:, user@host ...). */
export function httpsUrlParts(raw: unknown): HttpsUrlParts | null {
  if (typeof raw !== 'string' || raw.length > URL_MAX_CHARS) return null;
  const m = HTTPS_URL.exec(raw.trim());
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  const port = m[2];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  const origin = `https://${host}${port && port !== '443' ? `:${port}` : ''}`;
  return { origin, host, rest: m[3] ?? '' };
}

export function isHttpsUrl(raw: unknown): boolean {
  return httpsUrlParts(raw) !== null;
}
