/**
 * The desktop app in Electron: security settings of the real window, the preload bridge, and a
 * sign-in through app:// to the API. Run by tests/run-all.mjs where Electron's binary exists
 * (npm run build:desktop first; on Linux CI under xvfb-run).
 */
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { BRIDGE_KEYS } from '../../desktop/src/shared-ipc/contract';
import { E2E_PORT } from '../e2e/playwright.config';
import { DEMO, shot } from '../e2e/support';

const root = path.resolve(import.meta.dirname, '..', '..');
let app: ElectronApplication;
let page: Page;

test.beforeAll(async () => {
  app = await electron.launch({
    args: [root, ...(process.env.CI ? ['--no-sandbox'] : [])],
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORTAL_API_URL: `http://127.0.0.1:${E2E_PORT}` },
  });
  page = await app.firstWindow();
  await page.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  await app?.close();
});

test('the window loads the renderer from app://portal, isolated and without Node', async () => {
  expect(page.url()).toMatch(/^app:\/\/portal\//);
  const probe = await page.evaluate(() => ({
    require: typeof (window as { require?: unknown }).require,
    process: typeof (window as { process?: unknown }).process,
    module: typeof (window as { module?: unknown }).module,
    webview: document.createElement('webview') instanceof HTMLUnknownElement,
    portalFrozen: Object.isFrozen((window as unknown as { portal: object }).portal),
  }));
  expect(probe).toEqual({
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
    webview: true,
    portalFrozen: true,
  });
});

test('window.portal exposes exactly the bridge keys', async () => {
  const keys = await page.evaluate(() => Object.keys((window as unknown as { portal: object }).portal).sort());
  expect(keys).toEqual([...BRIDGE_KEYS].sort());
});

test('navigation away and new windows are denied', async () => {
  const before = page.url();
  await page.evaluate(() => {
    window.location.href = 'https://evil.example/';
  });
  await page.waitForTimeout(1000);
  expect(page.url()).toBe(before);
  expect(await page.evaluate(() => window.open('https://evil.example/') === null)).toBe(true);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('an admin signs in through app:// and sees the dashboard', async () => {
  await page.goto('app://portal/signin');
  await page.getByLabel('Email').fill(DEMO.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await shot(page, 'electron-dashboard');
});
