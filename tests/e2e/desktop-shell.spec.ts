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
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { APP_ORIGIN } from '../../desktop/src/shared-ipc/contract';
import { DEFAULT_FRAME_ORIGINS } from '../../desktop/src/main/config';
import { buildCsp, createAppProtocolHandler, type Fetcher } from '../../desktop/src/main/protocol';
import { E2E_PORT } from './playwright.config';
import { DEMO, shot } from './support';

const webDir = path.resolve(process.env.E2E_WEB_DIR || path.join(import.meta.dirname, '..', '..', 'desktop', 'dist', 'web'));
let server: http.Server;
let base = '';

/** The session's cookie jar, as Electron's session.fetch keeps it for the API origin. */
function sessionFetch(): Fetcher {
  const jar = new Map<string, string>();
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
      const body = method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks);
      const response = await handler(new Request(`${APP_ORIGIN}${req.url}`, { method, headers, body }));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

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
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHElEQVR4nGNkaGAgCTCRpnzUhlEbRm0YtWH4AgBZXgDdVL5bzAAAAABJRU5ErkJggg==',
    'base64',
  );
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const avatar = page.locator('img[src*="/uploads/"]').first();
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
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
  for (const route of ['/profile', '/users', '/courses', '/move-the-needle', '/profit-calculator', '/product-qualifier']) {
    await page.goto(`${base}${route}`);
    await expect(page.locator('main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, `desktop${route.replace(/\//g, '-')}`);
  }
  expect(violations).toEqual([]);
});

test('the app protocol refuses path traversal and foreign-origin writes', async ({ request }) => {
  expect((await request.get(`${base}/..%2f..%2fetc%2fpasswd`)).status()).toBe(400);
  expect((await request.get(`${base}/assets/..%5c..%5cpackage.json`)).status()).toBe(400);
  const foreign = await request.post(`${base}/api/auth/signout`, { headers: { Origin: 'https://evil.example' } });
  expect(foreign.status()).toBe(403);
});
