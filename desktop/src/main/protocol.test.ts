import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCsp, createAppProtocolHandler, resolveStaticPath, type Fetcher } from './protocol';

const FRAMES = ['https://www.youtube.com', 'https://player.vimeo.com'];
const API = 'https://api.portal.test';
let root: string;
let webDir: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-protocol-'));
  webDir = path.join(root, 'web');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc.css'), 'body{}');
  fs.writeFileSync(path.join(webDir, 'assets', 'logo.svg'), '<svg/>');
  fs.writeFileSync(path.join(webDir, 'assets', 'font.woff2'), 'w');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'top secret');
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function handler(fetch: Fetcher = vi.fn()) {
  return createAppProtocolHandler({ webDir, apiOrigin: API, frameOrigins: FRAMES, fetch });
}

const get = (url: string, init?: RequestInit) => handler()(new Request(url, init));

describe('app:// static files', () => {
  it('serves index.html at the root with the strict CSP', async () => {
    const res = await get('app://portal/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('id="root"');
    expect(res.headers.get('content-security-policy')).toBe(buildCsp(FRAMES));
  });

  it.each([
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/index-abc.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/font.woff2', 'font/woff2'],
  ])('serves %s as %s with nosniff and the CSP', async (file, type) => {
    const res = await get(`app://portal/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers a client-side route (a deep link) with the app shell', async () => {
    const res = await get('app://portal/reset-password/abc123');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="root"');
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const res = await get('app://portal/assets/missing.js');
    expect(res.status).toBe(404);
  });

  it('refuses writes to static files with 405', async () => {
    expect((await get('app://portal/index.html', { method: 'POST', body: 'x' })).status).toBe(405);
  });
});

describe('app:// path traversal', () => {
  it.each([
    'app://x/../../etc/passwd',
    'app://portal/..%2fsecret.txt',
    'app://portal/assets/..%2f..%2fsecret.txt',
    'app://portal/%2E%2E%2Fsecret.txt',
    'app://portal/assets/..%5c..%5csecret.txt',
    'app://portal/assets/%00.js',
    'app://portal/%E0%A4%A',
    'app://portal/api/..%2f..%2fsecret.txt',
    'app://evil/index.html',
  ])('answers %s with 400', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('top secret');
    expect(res.headers.get('content-security-policy')).toBe(buildCsp(FRAMES));
  });

  it('dot segments the URL parser removes still resolve inside the web folder (404, never the file above)', async () => {
    const res = await get('app://portal/%2e%2e/%2e%2e/secret.txt');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('top secret');
  });

  it('keeps every resolved path inside the web folder', () => {
    expect(resolveStaticPath(webDir, '/assets/index-abc.js')).toBe(path.join(webDir, 'assets', 'index-abc.js'));
    expect(resolveStaticPath(webDir, '/%2e%2e/secret.txt')).toBeNull();
    expect(resolveStaticPath(webDir, '/a/%2e/b')).toBeNull();
  });
});

describe('the CSP', () => {
  const csp = buildCsp(FRAMES);
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it("allows scripts from 'self' only, with no unsafe-* anywhere", () => {
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-/);
  });

  it('limits frames to the allowed video, chat and form origins and connections to the app', () => {
    expect(directive('frame-src')).toBe('frame-src https://www.youtube.com https://player.vimeo.com');
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'none'");
  });

  it("has frame-src 'none' when no frame origin is configured", () => {
    expect(buildCsp([])).toContain("frame-src 'none'");
  });
});

describe('app:// forwarding to the API', () => {
  it('forwards /api calls to the configured API with the session cookies, never the renderer cookie header', async () => {
    const fetch = vi.fn<Fetcher>(async () =>
      Response.json(
        { user: { id: 1 } },
        { headers: { 'Set-Cookie': 'portal.sid=abc; HttpOnly', 'X-Request-Id': 'r1' } },
      ),
    );
    const res = await handler(fetch)(
      new Request('app://portal/api/auth/me?x=1', { headers: { Cookie: 'stolen=1', Accept: 'application/json' } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: { id: 1 } });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-request-id')).toBe('r1');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${API}/api/auth/me?x=1`);
    expect(init.credentials).toBe('include');
    const sent = new Headers(init.headers);
    expect(sent.get('cookie')).toBeNull();
    expect(sent.get('accept')).toBe('application/json');
  });

  it('streams the live event stream through app:// as it comes, with Last-Event-ID forwarded (docs/areas/live.md)', async () => {
    let push: (text: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void (push = (text) => c.enqueue(new TextEncoder().encode(text))),
    });
    const fetch = vi.fn<Fetcher>(async () => new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    const res = await handler(fetch)(
      new Request('app://portal/api/events?board=7', {
        headers: { Accept: 'text/event-stream', 'Last-Event-ID': '41' },
      }),
    );
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const sent = new Headers(fetch.mock.calls[0]![1].headers);
    expect(sent.get('last-event-id')).toBe('41');
    const reader = res.body!.getReader();
    push('id: 42\nevent: board\ndata: {}\n\n');
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('id: 42\nevent: board\ndata: {}\n\n');
    await reader.cancel();
  });

  it('forwards a POST body and its content type, but no Origin (it would make the session cookie cross-site)', async () => {
    const fetch = vi.fn<Fetcher>(async () => new Response(null, { status: 204 }));
    const res = await handler(fetch)(
      new Request('app://portal/api/auth/signin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'app://portal' },
        body: JSON.stringify({ email: 'a@b.c' }),
      }),
    );
    expect(res.status).toBe(204);
    const [, init] = fetch.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(new TextDecoder().decode(init.body as ArrayBuffer)).toBe('{"email":"a@b.c"}');
    expect(new Headers(init.headers).get('origin')).toBeNull();
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('forwards uploaded images under /uploads', async () => {
    const fetch = vi.fn<Fetcher>(
      async () => new Response(new Uint8Array([1, 2]), { headers: { 'Content-Type': 'image/png' } }),
    );
    const res = await handler(fetch)(new Request('app://portal/uploads/avatars/a.png'));
    expect(fetch.mock.calls[0]![0]).toBe(`${API}/uploads/avatars/a.png`);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses a state change sent from another origin (403) without calling the API', async () => {
    const fetch = vi.fn<Fetcher>();
    const res = await handler(fetch)(
      new Request('app://portal/api/tag/delete', {
        method: 'POST',
        headers: { Origin: 'https://www.youtube.com' },
        body: '{}',
      }),
    );
    expect(res.status).toBe(403);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers 413 above the body limit without calling the API', async () => {
    const fetch = vi.fn<Fetcher>();
    const small = createAppProtocolHandler({ webDir, apiOrigin: API, frameOrigins: FRAMES, fetch, maxBodyBytes: 10 });
    const res = await small(new Request('app://portal/api/upload', { method: 'POST', body: 'x'.repeat(11) }));
    expect(res.status).toBe(413);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers 502 with the error shape when the API cannot be reached', async () => {
    const fetch = vi.fn<Fetcher>(async () => Promise.reject(new TypeError('net::ERR_CONNECTION_REFUSED')));
    const res = await handler(fetch)(new Request('app://portal/api/auth/me'));
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('api_unreachable');
  });
});
