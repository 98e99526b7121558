/**
 * URL predicates of the desktop shell. Every decision parses the URL and compares parsed parts
 * (protocol, hostname, origin), never string prefixes, so `app.example.com.evil.io` and
 * `app.example.com@evil.io` are told apart from `app.example.com`.
 */
import { APP_HOST, APP_SCHEME } from '../shared-ipc/contract';

function parse(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length > 4096) return null;
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

/** True for a URL of the app's own origin (app://portal/...). */
export function isAppUrl(raw: unknown): boolean {
  const url = parse(raw);
  return url !== null && url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && !url.username && !url.password;
}

function decodeURIComponentSafe(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return '';
  }
}

/**
 * True when `host` is exactly `allowed` (case and a trailing dot aside). Subdomains do NOT match:
 * anyone can publish a page on `someone.myshopify.com` or `someone.gumroad.com`, so allowing a
 * store's domain with its subdomains would let a member-written link open any page there.
 */
export function hostIs(host: string, allowed: string): boolean {
  return host.toLowerCase().replace(/\.$/, '') === allowed.toLowerCase();
}

/**
 * The openExternal allowlist: https only, no credentials in the URL, default port, and a host
 * that is exactly one on the list. The one exception is a plain `mailto:` link (the Contact
 * Support link) to a single address whose domain is exactly one on the list.
 */
export function isAllowedExternalUrl(raw: unknown, allowedHosts: readonly string[]): boolean {
  const url = parse(raw);
  if (url?.protocol === 'mailto:') {
    // Only subject and body parameters: mail clients have honoured `attach=` and the like.
    if ([...url.searchParams.keys()].some((k) => !['subject', 'body'].includes(k.toLowerCase()))) return false;
    const m = /^([A-Za-z0-9._%+-]+)@([A-Za-z0-9.-]+)$/.exec(decodeURIComponentSafe(url.pathname));
    return m !== null && allowedHosts.some((allowed) => hostIs(m[2]!, allowed));
  }
  if (!url || url.protocol !== 'https:') return false;
  if (url.username || url.password || url.port !== '') return false;
  return allowedHosts.some((allowed) => hostIs(url.hostname, allowed));
}

/** True for a frame URL whose origin is one of the allowed frame origins (or the app itself). */
export function isAllowedFrameUrl(raw: unknown, frameOrigins: readonly string[]): boolean {
  const url = parse(raw);
  if (!url) return false;
  if (isAppUrl(raw)) return true;
  return url.protocol === 'https:' && frameOrigins.includes(url.origin);
}
