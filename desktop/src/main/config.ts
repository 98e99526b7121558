/**
 * The desktop app's configuration, read once from the environment: which API it talks to, which
 * sites it may open in the system browser and which it may embed in frames.
 */
import { EXTERNAL_LINKS, FORM_EMBED_ORIGINS, VIDEO_EMBED_ORIGINS } from '@shared/limits';
import { AI_CHAT_ORIGINS } from '@shared/content/ai-tools';
import { PURCHASE_URL_HOSTS } from '@shared/policies/resources';

export interface DesktopConfig {
  /** Packaged build or NODE_ENV=production: https only, no developer tools. */
  production: boolean;
  /** Origin of the portal API (PORTAL_API_URL), e.g. https://portal.example.com. */
  apiOrigin: string;
  /** Exact hosts (no subdomains) that shell.openExternal may open, https only. */
  externalHosts: string[];
  /** Origins the renderer may show in frames (videos, chat, forms): the CSP frame-src. */
  frameOrigins: string[];
}

export const DEFAULT_PRODUCTION_API = 'https://portal.example.com';
export const DEFAULT_DEVELOPMENT_API = 'http://localhost:4000';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Video, form and chat providers the lessons, banners and the AI toolkit embed: the same shared
 * lists the API's CSP frame-src is built from, so the web and the desktop app allow the same frames.
 */
export const DEFAULT_FRAME_ORIGINS: string[] = [
  ...new Set<string>([...VIDEO_EMBED_ORIGINS, ...FORM_EMBED_ORIGINS, ...AI_CHAT_ORIGINS]),
];

/**
 * The exact hosts the app opens in the system browser (a subdomain is NOT included: anyone can
 * publish a page on `someone.myshopify.com`): the sites named by the spec (shared EXTERNAL_LINKS),
 * the video and chat providers' pages, the stores' own sites and Stripe's customer portal.
 */
export const DEFAULT_EXTERNAL_HOSTS = [
  ...Object.values(EXTERNAL_LINKS)
    .filter((link) => link.startsWith('https://'))
    .map((link) => new URL(link).hostname),
  // The domain of the Contact Support mail link (mailto:), so that link opens the mail client.
  ...Object.values(EXTERNAL_LINKS)
    .filter((link) => link.startsWith('mailto:'))
    .map((link) => link.slice(link.indexOf('@') + 1)),
  // "Watch on YouTube/Vimeo" and the chat vendor's links from their embedded frames.
  'youtube.com',
  'www.youtube.com',
  'youtu.be',
  'vimeo.com',
  'chatbase.co',
  'www.chatbase.co',
  // Resources: the stores' own sites (a store's subdomain needs PORTAL_EXTERNAL_HOSTS), and
  // Stripe's customer portal (/blocked Fix).
  ...PURCHASE_URL_HOSTS,
  'billing.stripe.com',
];

export class DesktopConfigError extends Error {}

/**
 * Parses and checks the API base URL: https always; http only for localhost/127.0.0.1 outside
 * production. No credentials, no path: the origin is what the app keeps.
 */
export function parseApiOrigin(raw: string, production: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DesktopConfigError(`PORTAL_API_URL is not a URL: ${raw}`);
  }
  if (url.username || url.password) throw new DesktopConfigError('PORTAL_API_URL must not contain credentials');
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new DesktopConfigError('PORTAL_API_URL must be an origin such as https://portal.example.com');
  }
  if (url.protocol === 'https:') return url.origin;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) {
    if (production) throw new DesktopConfigError('PORTAL_API_URL must use https in production');
    return url.origin;
  }
  throw new DesktopConfigError('PORTAL_API_URL must use https (http only for localhost in development)');
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An exact host name: `*.example.com` or `.example.com` are refused (subdomains never match). */
function parseHost(raw: string): string {
  const host = raw.toLowerCase();
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) {
    throw new DesktopConfigError(`PORTAL_EXTERNAL_HOSTS takes exact host names (no wildcards): ${raw}`);
  }
  return host;
}

function parseFrameOrigin(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DesktopConfigError(`PORTAL_FRAME_ORIGINS takes https origins only: ${raw}`);
  }
  if (url.protocol !== 'https:' || url.origin !== raw.replace(/\/+$/, '')) {
    throw new DesktopConfigError(`PORTAL_FRAME_ORIGINS takes https origins only: ${raw}`);
  }
  return url.origin;
}

export function loadDesktopConfig(env: NodeJS.ProcessEnv, isPackaged: boolean): DesktopConfig {
  const production = isPackaged || env.NODE_ENV === 'production';
  const apiOrigin = parseApiOrigin(
    env.PORTAL_API_URL || (production ? DEFAULT_PRODUCTION_API : DEFAULT_DEVELOPMENT_API),
    production,
  );
  const apiHost = new URL(apiOrigin).protocol === 'https:' ? [new URL(apiOrigin).hostname] : [];
  return {
    production,
    apiOrigin,
    externalHosts: [
      ...new Set([...DEFAULT_EXTERNAL_HOSTS, ...apiHost, ...list(env.PORTAL_EXTERNAL_HOSTS).map(parseHost)]),
    ],
    frameOrigins: [...new Set([...DEFAULT_FRAME_ORIGINS, ...list(env.PORTAL_FRAME_ORIGINS).map(parseFrameOrigin)])],
  };
}
