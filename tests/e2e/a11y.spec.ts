import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/src/messages';
import { DEMO, axeViolations } from './support';

/**
 * axe-core over every route, for every role (docs/screens.md#accessibility): 0 serious or critical violations, with
 * every rule axe ships on (support.ts's axeViolations: the AAA contrast of 7:1, the experimental and deprecated
 * rules). One page per role, reused from route to route; each route is scanned once its main heading is shown and
 * no spinner is left (no fixed sleeps, no networkidle).
 */

type Account = { email: string; password: string };

const ROLES: Array<{ role: string; account: Account; phone: boolean }> = [
  { role: 'admin', account: DEMO.admin, phone: true },
  { role: 'coach', account: DEMO.coach, phone: false },
  { role: 'premium', account: DEMO.premium, phone: false },
  { role: 'course only', account: DEMO.courseOnly, phone: false },
  { role: 'basic', account: DEMO.basic, phone: true },
];

/** Every app route (a role the guard refuses gets the members-only screen there, which is scanned too). */
function appRoutes(courseSlug: string): string[] {
  return [
    '/',
    '/courses',
    '/courses?search=supplier',
    `/courses/${courseSlug}`,
    '/resources',
    '/profit-calculator',
    '/product-qualifier',
    '/move-the-needle',
    '/profile',
    '/users',
    '/review',
    '/insights',
    '/tag-management',
    '/portal-settings',
    '/audit-log',
    '/jobs',
    '/fee-rate-cards',
    '/notifications',
    '/calendar',
    '/ai-toolkit',
    '/ai-toolkit-chat',
    '/plans',
    '/community',
    '/community/moderation',
    '/community/spaces',
    '/community/member/1',
    '/no-such-page',
  ];
}

const PUBLIC_ROUTES = ['/signin', '/signup', '/forgot-password', '/reset-password/not-a-real-token', '/blocked'];

interface Found {
  route: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  // The dashboard's donut is a lazy chunk with a plain placeholder: scan the chart itself.
  const donut = page.getByTestId('mtn-donut');
  if ((await donut.count()) > 0) await expect(donut.locator('.recharts-wrapper')).toBeVisible();
}

/**
 * Scans `route`. `refusedSeen`: the members-only page is one screen whatever route refuses it, so
 * it is scanned once per role and width (the navigation and the heading are still checked).
 */
async function scan(page: Page, route: string, width: number, refusedSeen?: Set<number>): Promise<Found[]> {
  await page.goto(route);
  await settle(page);
  // A route the guard sends to another site (/move-the-needle after the board cutoff: the calendar
  // site, offline here) ends on that site's page or Chromium's error page: not the portal's to fix.
  if (!inPortal(page)) return [];
  if (refusedSeen && (await page.locator('h1').first().innerText()).trim() === MESSAGES.membersOnly) {
    if (refusedSeen.has(width)) return [];
    refusedSeen.add(width);
  }
  const violations = await axeViolations(page);
  if (!inPortal(page)) return [];
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      route: `${route} @${width}`,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  // Printed as found, so a long run tells what to fix before it ends.
  if (found.length > 0) console.log(report(found));
  return found;
}

function inPortal(page: Page): boolean {
  return new URL(page.url()).origin === new URL(test.info().project.use.baseURL!).origin;
}

async function signIn(page: Page, account: Account): Promise<void> {
  const res = await page.request.post('/api/auth/signin', { data: account });
  expect(res.status(), await res.text()).toBe(200);
}

async function firstCourseSlug(page: Page): Promise<string> {
  const res = await page.request.get('/api/course/read-many?itemsPerPage=1000');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { courses: Array<{ slug: string }> };
  expect(body.courses.length).toBeGreaterThan(0);
  return body.courses[0]!.slug;
}

function report(found: Found[]): string {
  return found.map((f) => `${f.route}: ${f.rule} (${f.impact}) ${f.help} -> ${f.targets.join(' | ')}`).join('\n');
}

test.describe('accessibility (axe): public pages @a11y', () => {
  test('no serious or critical violations at 1280 and 390 px', async ({ page }) => {
    test.setTimeout(240_000);
    const found: Found[] = [];
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      for (const route of PUBLIC_ROUTES) found.push(...(await scan(page, route, width)));
    }
    expect(found, report(found)).toEqual([]);
  });
});

for (const { role, account, phone } of ROLES) {
  test.describe(`accessibility (axe): ${role} @a11y`, () => {
    let context: BrowserContext;
    let page: Page;
    let routes: string[] = [];
    const refusedSeen = new Set<number>();

    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext();
      page = await context.newPage();
      await signIn(page, account);
      routes = appRoutes(await firstCourseSlug(page));
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const width of phone ? [1280, 390] : [1280]) {
      test(`every route at ${width} px: no serious or critical violations`, async () => {
        test.setTimeout(300_000);
        await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
        const found: Found[] = [];
        for (const route of routes) found.push(...(await scan(page, route, width, refusedSeen)));
        expect(found, report(found)).toEqual([]);
      });
    }
  });
}
