/**
 * The app:// protocol: serves the built renderer (desktop/dist/web) with content types and a
 * strict CSP, refuses path traversal with 400, and forwards /api/* and /uploads/* to the
 * configured API with the window session's cookies (see PortalBridge.apiBaseUrl).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from '../shared-ipc/contract';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The Content-Security-Policy of every app:// response. */
export function buildCsp(frameOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob: https:",
    `frame-src ${frameOrigins.length ? frameOrigins.join(' ') : "'none'"}`,
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Paths that belong to the API and are forwarded to it. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/');
}

export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export interface AppProtocolOptions {
  /** Folder of the built renderer (index.html, assets/). */
  webDir: string;
  /** Origin of the portal API, from the desktop config. */
  apiOrigin: string;
  frameOrigins: readonly string[];
  /** session.fetch of the window's session: sends and stores that session's cookies. */
  fetch: Fetcher;
  /** Largest request body forwarded to the API (bytes). */
  maxBodyBytes?: number;
}

const MAX_BODY_BYTES = 50 * 1024 * 1024;
/**
 * Headers passed on to the API. Not Cookie (the session's jar supplies it) and not Origin: in
 * Electron's net stack an Origin becomes the request initiator, and an app:// initiator makes the
 * request cross-site for the API's SameSite=Lax cookie. Cross-origin writes are refused here
 * instead, before anything is forwarded.
 */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'content-type',
  'if-none-match',
  'if-modified-since',
  'range',
  'last-event-id', // a reconnecting live event stream (GET /api/events)
];
const DROPPED_RESPONSE_HEADERS = [
  'set-cookie',
  'set-cookie2',
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
];

function plain(status: number, message: string, csp: string): Response {
  return new Response(message, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The decoded path, or null when it tries to climb (encoded dot segments, backslashes, NUL, bad escapes). */
export function safeDecodedPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((s) => s === '..' || s === '.')) return null;
  return decoded;
}

/** Maps a URL path to a file inside webDir, or null when the path tries to leave it. */
export function resolveStaticPath(webDir: string, pathname: string): string | null {
  const decoded = safeDecodedPath(pathname);
  if (decoded === null) return null;
  const root = path.resolve(webDir);
  const target = path.resolve(root, `.${decoded}`);
  if (target !== root && !target.startsWith(root + path.sep)) return null;
  return target;
}

async function readFileIfExists(file: string): Promise<Buffer | null> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return null;
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const csp = buildCsp(options.frameOrigins);
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;

  const forward = async (request: Request, url: URL): Promise<Response> => {
    const origin = request.headers.get('origin');
    const safe = request.method === 'GET' || request.method === 'HEAD';
    if (!safe && origin !== null && origin !== APP_ORIGIN) return plain(403, 'Forbidden', csp);
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    let body: ArrayBuffer | undefined;
    if (!safe) {
      const declared = Number(request.headers.get('content-length') ?? '0');
      if (declared > maxBody) return plain(413, 'Payload Too Large', csp);
      body = await request.arrayBuffer();
      if (body.byteLength > maxBody) return plain(413, 'Payload Too Large', csp);
    }
    let upstream: Response;
    try {
      upstream = await options.fetch(`${options.apiOrigin}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body,
        credentials: 'include',
        redirect: 'follow',
      });
    } catch {
      return new Response(
        JSON.stringify({ error: { code: 'api_unreachable', message: 'Cannot reach the portal server.' } }),
        {
          status: 502,
          headers: { 'Content-Type': 'application/json', 'Content-Security-Policy': csp },
        },
      );
    }
    const responseHeaders = new Headers(upstream.headers);
    for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name);
    responseHeaders.set('Content-Security-Policy', csp);
    const nullBody = request.method === 'HEAD' || [101, 204, 205, 304].includes(upstream.status);
    return new Response(nullBody ? null : upstream.body, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: responseHeaders,
    });
  };

  const serveStatic = async (request: Request, url: URL): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed', csp);
    const file = resolveStaticPath(options.webDir, url.pathname);
    if (file === null) return plain(400, 'Bad Request', csp);
    let target = file;
    let bytes = url.pathname.endsWith('/') ? null : await readFileIfExists(file);
    if (bytes === null) {
      // Client-side routes (no file extension) get the app shell; missing assets are 404.
      if (path.extname(url.pathname) !== '') return plain(404, 'Not Found', csp);
      target = path.join(path.resolve(options.webDir), 'index.html');
      bytes = await readFileIfExists(target);
      if (bytes === null) return plain(404, 'Not Found', csp);
    }
    const isHtml = target.endsWith('.html');
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
      status: 200,
      headers: {
        'Content-Type': contentTypeFor(target),
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': isHtml ? 'no-cache' : 'public, max-age=31536000, immutable',
      },
    });
  };

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'Bad Request', csp);
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) {
      return plain(400, 'Bad Request', csp);
    }
    if (safeDecodedPath(url.pathname) === null) return plain(400, 'Bad Request', csp);
    if (isApiPath(url.pathname)) return forward(request, url);
    return serveStatic(request, url);
  };
}

/** The privileges app:// is registered with before the app is ready. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
} as const;
