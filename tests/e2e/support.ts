import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

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
 * Signs in through the API (the page's cookie jar gets the session) and opens `path`, the dashboard
 * unless told otherwise: the fast way for tests about something else. The form itself is tested with
 * signInWithForm. A test about another screen passes its path and waits for that screen itself: each
 * page load costs about a core-second of Chromium here, so the dashboard is not loaded on the way.
 */
export async function signInAs(page: Page, account: { email: string; password: string }, path = '/'): Promise<void> {
  const res = await page.request.post('/api/auth/signin', {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(path);
  if (path === '/') await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
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

/** Two animation frames of the page: pointer handlers and drag libraries have seen the last move. */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Drags with real pointer movement from `from` to a point of `to` (`y` in its box: near its top or
 * its bottom edge). Waits two frames before the move that picks the target and again before the
 * release, so the drop does not depend on how fast the browser replays the moves (without a
 * recorded trace slowing each step, a drop could land before the board had seen the target).
 */
export async function pointerDrag(
  page: Page,
  from: Locator,
  to: Locator,
  where: 'top' | 'bottom',
  start: { dx: number; steps: number } = { dx: 10, steps: 5 },
): Promise<void> {
  await frames(page); // a scroll into view has settled
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + start.dx, a.y + a.height / 2 + start.dx, { steps: start.steps });
  await frames(page);
  // Measured once the card is picked up: lifting it may move what is around it.
  const b = (await to.boundingBox())!;
  const y = where === 'bottom' ? b.y + b.height - 4 : b.y + 6;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 25 });
  await frames(page);
  await page.mouse.move(b.x + b.width / 2, y + (where === 'bottom' ? 2 : -1), { steps: 5 });
  await frames(page);
  await page.mouse.up();
}

/**
 * Every category axe files its rules under, with the two tags it leaves out by default: `runOnly` on
 * these tags runs every rule axe ships, including those it ships off (the AAA `color-contrast-enhanced`,
 * `identical-links-same-purpose`, `meta-refresh-no-exceptions`, `target-size`), the experimental ones
 * (`label-content-name-mismatch`, `p-as-heading`, ...) and the deprecated ones (`duplicate-id`, ...).
 * `axeViolations` checks that the run covered every rule of the injected axe, so a rule in a new category
 * cannot be left out unseen.
 */
const AXE_EVERY_RULE = [
  'cat.aria',
  'cat.color',
  'cat.forms',
  'cat.keyboard',
  'cat.language',
  'cat.name-role-value',
  'cat.parsing',
  'cat.semantics',
  'cat.sensory-and-visual-cues',
  'cat.structure',
  'cat.tables',
  'cat.text-alternatives',
  'cat.time-and-media',
  'experimental',
  'deprecated',
];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * axe-core over the page as it is (or over `include`, a selector), every rule on: its violations. Frames
 * are other origins' pages (video embeds, chat) and are not entered; the iframe elements themselves are still checked. Legacy mode runs
 * axe.run() in the page itself: the default (runPartial per frame, then finishRun in a new blank page
 * with axe injected again) took twice as long per scan, and entered the embeds' frames (offline, Chromium's
 * error page) despite `iframes: false`; on every other screen both modes found the same (compared per rule).
 * `resultTypes: ['violations']`: axe still runs every rule, but describes every node only for violations
 * (for passes and the rest, one node each), which saved about 12% of the axe pass's CPU here.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeResults['violations']> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder
    .options({
      iframes: false,
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: AXE_EVERY_RULE },
    })
    .setLegacyMode()
    .analyze();
  // A scan of a part of the page (`include`) leaves out the page-level rules (`bypass`, `region`, ...).
  if (include) return result.violations;
  const ran = new Set(
    [result.violations, result.passes, result.incomplete, result.inapplicable].flatMap((list) => list.map((r) => r.id)),
  );
  const shipped = await page.evaluate(() =>
    (window as unknown as { axe: { getRules(): Array<{ ruleId: string }> } }).axe.getRules().map((r) => r.ruleId),
  );
  expect(
    shipped.filter((id) => !ran.has(id)),
    'axe rules that did not run',
  ).toEqual([]);
  return result.violations;
}
