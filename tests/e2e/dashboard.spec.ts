import { expect, test, type Page } from '@playwright/test';
import { answerQualifier, openQualifierStep, qualifierProgress } from './qualifier-steps';
import { DEMO, shot, signInAs } from './support';

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  width: number;
}

/** The dashboard grid's cards (its direct children) and the grid's own box. */
async function layout(page: Page): Promise<{ grid: { left: number; right: number }; cards: Box[] }> {
  return page.getByTestId('dashboard-grid').evaluate((grid) => {
    const g = grid.getBoundingClientRect();
    const cards = Array.from(grid.children).map((el) => {
      const r = el.getBoundingClientRect();
      const name = el.querySelector('h2, [data-testid], span')?.textContent?.trim().slice(0, 40) ?? el.tagName;
      return { name, left: r.left, right: r.right, top: r.top, width: r.width };
    });
    return { grid: { left: g.left, right: g.right }, cards };
  });
}

/** Every row of the grid is filled from its left edge to its right edge: no hole. */
async function expectNoHoles(page: Page, label: string): Promise<void> {
  const { grid, cards } = await layout(page);
  const rows = new Map<number, Box[]>();
  for (const c of cards) {
    const key = [...rows.keys()].find((t) => Math.abs(t - c.top) < 2) ?? c.top;
    rows.set(key, [...(rows.get(key) ?? []), c]);
  }
  for (const row of rows.values()) {
    const left = Math.min(...row.map((c) => c.left));
    const right = Math.max(...row.map((c) => c.right));
    const names = row.map((c) => c.name).join(', ');
    expect(Math.abs(left - grid.left), `${label}: row [${names}] starts at the grid's left edge`).toBeLessThan(2);
    expect(Math.abs(right - grid.right), `${label}: row [${names}] ends at the grid's right edge`).toBeLessThan(2);
  }
}

const WIDTHS = [1280, 1024, 390] as const;

for (const [who, account] of [
  ['premium', DEMO.premium],
  ['basic', DEMO.basic],
  ['course only', DEMO.courseOnly],
  ['admin', DEMO.admin],
] as const) {
  test(`the ${who} dashboard has no holes at 1280, 1024 and 390 px`, async ({ page }) => {
    await signInAs(page, account);
    await expect(page.getByRole('heading', { name: 'Recent Resources' })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHoles(page, `${who} @${width}`);
      // The small stat cards are one column wide (never stretched over two thirds of a row).
      const stats = await page.getByTestId('dashboard-stats').boundingBox();
      const grid = await page.getByTestId('dashboard-grid').boundingBox();
      if (width >= 1024) expect(stats!.width, `${who} @${width}: stats column`).toBeLessThan(grid!.width * 0.55);
      await shot(page, `dashboard-${who.replace(' ', '-')}-${width}`);
    }
  });
}

test('every role sees the community search card', async ({ page }) => {
  for (const account of [DEMO.admin, DEMO.coach, DEMO.courseOnly, DEMO.premium, DEMO.basic]) {
    await signInAs(page, account);
    await expect(page.getByRole('heading', { name: 'Community' })).toBeVisible();
    await page.request.post('/api/auth/signout');
  }
});

test('course only members get the Move the Needle card with an upgrade link; basic members none', async ({ page }) => {
  await signInAs(page, DEMO.courseOnly);
  const grid = page.getByTestId('dashboard-grid');
  await expect(grid.getByRole('heading', { name: 'Move the Needle' })).toBeVisible();
  await expect(grid.getByRole('link', { name: /Apply To Upgrade or AKG/ })).toBeVisible();
  await page.request.post('/api/auth/signout');
  await signInAs(page, DEMO.basic);
  await expect(page.getByRole('heading', { name: 'Recent Resources' })).toBeVisible();
  await expect(page.getByTestId('dashboard-grid').getByRole('heading', { name: 'Move the Needle' })).toHaveCount(0);
});

test('a premium member who joined after the cutoff is never told their board is ready', async ({ page }) => {
  await signInAs(page, DEMO.premiumNew);
  await expect(page.getByRole('heading', { name: 'Rainmaker Calendar' })).toBeVisible();
  await expect(
    page.getByText(/Move the Needle boards are for members who joined before February 13, 2025/),
  ).toBeVisible();
  await expect(page.getByText(/board is ready/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Open board →' })).toHaveCount(0);
});

test('the sidebar says "Apply To Upgrade or AKG" and each route sets its document title', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  await expect(page).toHaveTitle('Dashboard - Rainmakers Portal');
  await expect(
    page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: /Apply To Upgrade or AKG/ }),
  ).toBeVisible();
  for (const [path, title] of [
    ['/courses', 'Courses - Rainmakers Portal'],
    ['/resources', 'Resources - Rainmakers Portal'],
    ['/profit-calculator', 'Power Profit Tool - Rainmakers Portal'],
    ['/product-qualifier', 'Product Qualifier Tool - Rainmakers Portal'],
    ['/profile', 'Profile - Rainmakers Portal'],
    ['/tag-management', 'Members only - Rainmakers Portal'],
    ['/no-such-page', 'Page not found - Rainmakers Portal'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});

test('an admin at 1280 x 800 reaches Log out without scrolling, and the brand name stays on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, DEMO.admin);
  const logOut = page.getByRole('button', { name: /Log out/ }).first();
  await expect(logOut).toBeInViewport();
  const brand = page.locator('aside').getByText('Rainmakers Portal');
  const box = await brand.boundingBox();
  expect(box!.height).toBeLessThan(40); // one line beside its 32 px mark; wrapped it was 48
  await shot(page, 'sidebar-admin-1280x800');
});

test('a failed Rate My Product takes the member to question 1 and says how many answers are missing', async ({
  page,
}) => {
  await signInAs(page, DEMO.basic, '/product-qualifier');
  // Every answer but the keyword: answered step by step, then the keyword cleared from step 1.
  await answerQualifier(page, { keyword: 'temporary keyword', volume: 12000 });
  await openQualifierStep(page, 1);
  const keyword = page.getByRole('textbox', { name: /main keyword/ });
  await keyword.fill('');
  await openQualifierStep(page, 11);
  const rate = page.getByRole('button', { name: 'Rate My Product' });
  await rate.scrollIntoViewIfNeeded();
  await rate.click();
  await expect(page.getByRole('alert').filter({ hasText: 'missing an answer' })).toContainText(
    'Question 1 (your main keyword) is required to rate your product.',
  );
  await expect(qualifierProgress(page)).toHaveAttribute('aria-valuenow', '1');
  await expect(keyword).toBeFocused();
  await expect(keyword).toBeInViewport();
  await shot(page, 'qualifier-missing-answers');
  // Leave the demo member a clean sheet for the other specs (after the confirmation).
  await page.getByRole('button', { name: 'Refresh progress' }).click();
  await page
    .getByRole('dialog', { name: 'Refresh your progress?' })
    .getByRole('button', { name: 'Yes, start over' })
    .click();
  await expect(page.getByText('0 of 11 answered')).toBeVisible();
});
