/**
 * The desktop shell's renderer path in real Chromium: the built UI served by the SAME app://
 * protocol handler the Electron main process uses (desktop/src/main/protocol.ts), with its strict
 * CSP, and the API reached through its /api forwarding with a session cookie jar standing in for
 * Electron's session. Chromium cannot load app:// itself, so a small HTTP adapter turns each
 * request into the Request Electron would pass to protocol.handle. This is not the Electron
 * end-to-end run (no Electron binary here); it proves the renderer works under the desktop CSP.
 */
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/src/messages';
import { APP_ORIGIN } from '../../desktop/src/shared-ipc/contract';
import { DEFAULT_FRAME_ORIGINS } from '../../desktop/src/main/config';
import { buildCsp, createAppProtocolHandler, type Fetcher } from '../../desktop/src/main/protocol';
import { E2E_PORT } from './playwright.config';
import { DEMO, shot } from './support';

const webDir = path.resolve(
  process.env.E2E_WEB_DIR || path.join(import.meta.dirname, '..', '..', 'desktop', 'dist', 'web'),
);
let server: http.Server;
let base = '';
/** Electron keeps one cookie jar per session; each test starts with an empty one. */
const jar = new Map<string, string>();

/** The session's cookie jar, as Electron's session.fetch keeps it for the API origin. */
function sessionFetch(): Fetcher {
  return async (url, init) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair!.trim().split('=');
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
      if (expired) jar.delete(name!);
      else jar.set(name!, value.join('='));
    }
    return res;
  };
}

test.beforeAll(async () => {
  const handler = createAppProtocolHandler({
    webDir,
    apiOrigin: `http://127.0.0.1:${E2E_PORT}`,
    frameOrigins: DEFAULT_FRAME_ORIGINS,
    fetch: sessionFetch(),
  });
  server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      // In Electron the page's origin IS app://portal.
      if (headers.get('origin') === base) headers.set('origin', APP_ORIGIN);
      const method = req.method ?? 'GET';
      const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(Buffer.concat(chunks));
      const response = await handler(new Request(`${APP_ORIGIN}${req.url}`, { method, headers, body }));
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.writeHead(response.status);
      // Streamed as it comes, as Electron's protocol handler does (the board's live event stream).
      const reader = response.body?.getReader();
      res.on('close', () => void reader?.cancel().catch(() => undefined));
      for (;;) {
        const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
        if (chunk.done) break;
        res.write(chunk.value);
      }
      res.end();
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.beforeEach(() => jar.clear());

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A solid red 32x32 PNG, so the uploaded avatar is easy to see in the screenshot. */
function redPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const size = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([220, 38, 38]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Records every CSP violation the page reports (event and console). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.exposeFunction('__reportCsp', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(t: string): void }).__reportCsp(
        `${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return violations;
}

test('the renderer runs under the desktop CSP and signs in through the app:// API forwarding', async ({ page }) => {
  const violations = await watchCsp(page);
  const first = await page.goto(`${base}/signin`);
  expect(first?.headers()['content-security-policy']).toBe(buildCsp(DEFAULT_FRAME_ORIGINS));
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await shot(page, 'desktop-dashboard');

  // A reload keeps the session: the cookie lives in the (stand-in) session jar, not in the page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).toBe('');

  await page.getByRole('link', { name: 'Tag Management' }).click();
  await expect(page.getByRole('heading', { name: /tag management/i })).toBeVisible();
  await shot(page, 'desktop-tags');
  expect(violations).toEqual([]);
});

test('an avatar upload goes through the forwarding and shows under the CSP', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(DEMO.premium.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.premium.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto(`${base}/profile`);
  const png = redPng();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const avatar = page.locator('img[src*="/uploads/"]').first();
  await expect(avatar).toBeVisible();
  // Visible is not loaded: wait for the bytes to arrive and decode (a broken image never gets a width).
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shot(page, 'desktop-profile-upload');
  expect(violations).toEqual([]);
});

test('every main screen of an admin renders without a CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const route of [
    '/profile',
    '/users',
    '/courses',
    '/move-the-needle',
    '/profit-calculator',
    '/product-qualifier',
  ]) {
    await page.goto(`${base}${route}`);
    await expect(page.locator('main').first()).toBeVisible();
    await expect(page.locator('h1').first()).toBeVisible();
    // Each screen finishes loading its data through the forwarding (no spinner left behind). No
    // networkidle: the board keeps its live event stream open (docs/areas/live.md), which is itself checked here.
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator('.animate-spin')).toHaveCount(0, { timeout: 15_000 });
    if (route === '/move-the-needle') {
      await expect(page.getByText(MESSAGES.liveConnected, { exact: true })).toBeVisible({ timeout: 15_000 });
    }
    await shot(page, `desktop${route.replace(/\//g, '-')}`);
  }
  expect(violations).toEqual([]);
});

test('the CSP blocks an injected inline script, and the violation watcher sees it', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(`${base}/signin`);
  await expect(page.getByLabel('Email')).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations.join('\n')).toMatch(/script-src/);
});

test('the app protocol refuses path traversal and foreign-origin writes', async ({ request }) => {
  expect((await request.get(`${base}/..%2f..%2fetc%2fpasswd`)).status()).toBe(400);
  expect((await request.get(`${base}/assets/..%5c..%5cpackage.json`)).status()).toBe(400);
  const foreign = await request.post(`${base}/api/auth/signout`, { headers: { Origin: 'https://evil.example' } });
  expect(foreign.status()).toBe(403);
});
