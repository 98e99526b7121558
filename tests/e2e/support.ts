import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** E2E_ARTIFACTS lets several e2e runs share a checkout (each with its own E2E_PORT) without clashing. */
export const ARTIFACTS_DIR = process.env.E2E_ARTIFACTS
  ? path.resolve(process.env.E2E_ARTIFACTS)
  : path.resolve(import.meta.dirname, '.artifacts');
export const MAIL_DIR = path.join(ARTIFACTS_DIR, 'mail');
export const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'screenshots');

/** Demo accounts seeded by the API on start (api/src/db/seed.ts). */
export const DEMO = {
  admin: { email: 'admin@demo.portal', password: 'admin-demo-2026' },
  coach: { email: 'coach@demo.portal', password: 'coach-demo-2026' },
  premium: { email: 'premium@demo.portal', password: 'premium-demo-2026' },
  premiumNew: { email: 'premium.new@demo.portal', password: 'premium-demo-2026' },
  courseOnly: { email: 'course@demo.portal', password: 'course-demo-2026' },
  basic: { email: 'basic@demo.portal', password: 'basic-demo-2026' },
  blocked: { email: 'blocked@demo.portal', password: 'blocked-demo-2026' },
} as const;

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;

/** Signs in through the sign-in form, as a member does; lands on the dashboard. */
export async function signInWithForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Signs in through the API (the page's cookie jar gets the session) and opens the dashboard: the
 * fast way for tests about something else. The form itself is tested with signInWithForm.
 */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/auth/signin', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Waits for the newest mail to `to` saved by the SMTP listener of global-setup. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<string> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (fs.existsSync(MAIL_DIR)) {
      const files = fs.readdirSync(MAIL_DIR).sort().reverse();
      for (const f of files) {
        const raw = fs.readFileSync(path.join(MAIL_DIR, f), 'utf8');
        if (raw.startsWith(`X-Test-To: ${to.toLowerCase()}`)) return raw;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export function linkIn(raw: string, pathPrefix: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(new RegExp(`https?://[^\\s"<>]*${pathPrefix}[A-Za-z0-9_-]+`));
  if (!m) throw new Error(`no ${pathPrefix} link in mail`);
  return m[0];
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}
