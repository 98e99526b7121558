import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

/**
 * Seller tools (docs/areas/seller-tools.md): Estimate from dimensions in the product form, the
 * ad targets and the reorder plan in the product view, "Put it on my board", and the admins' Fee
 * rate cards screen, at 1280 and 390 px. The demo product and board are left as the other specs
 * expect them (the fees restored, the reorder cards deleted by the admin afterwards).
 */
const E1_TITLE = 'Bamboo Cutting Board Set';
const VIEWPORTS = [
  { name: '1280', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

const cardIds: number[] = [];

async function signInRequest(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/signin', { data: account });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async ({ browser }) => {
  if (cardIds.length === 0) return;
  const context = await browser.newContext();
  await signInRequest(context.request, DEMO.admin);
  for (const id of cardIds) await context.request.delete(`/api/move-the-needle/card/${id}`);
  await context.close();
});

for (const viewport of VIEWPORTS) {
  test(`at ${viewport.name} px: fees from dimensions, the ad targets, the reorder plan on the board`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signInAs(page, DEMO.premium, '/profit-calculator');
    const products = (await (await page.request.get('/api/product/read-many')).json()) as {
      products: Array<{ id: number; title: string; amazonFees: number }>;
    };
    const product = products.products.find((p) => p.title === E1_TITLE)!;
    try {
      await page.goto(`/profit-calculator?product=${product.id}`);
      await expect(page.getByRole('heading', { name: E1_TITLE })).toBeVisible();

      // Ad targets at the start values (10 % margin, 10 % conversion).
      const ads = page.getByRole('region', { name: 'Ad targets (PPC)' });
      await expect(ads.getByTestId('ppc-targets')).toContainText('54.27%');
      await expect(ads.getByTestId('ppc-targets')).toContainText('$1.24');

      // Estimate from dimensions, in the product form.
      await page.getByRole('button', { name: `Edit ${E1_TITLE}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit product: ${E1_TITLE}` });
      await dialog.getByRole('button', { name: 'Estimate from dimensions' }).click();
      await dialog.getByLabel('Length').fill('10');
      await dialog.getByLabel('Width').fill('8');
      await dialog.getByLabel('Height').fill('0.5');
      await dialog.getByLabel('Weight', { exact: true }).fill('0.5');
      await dialog.getByLabel('Category').selectOption('home-kitchen');
      await dialog.getByRole('button', { name: 'Estimate fees' }).click();
      await expect(dialog.getByTestId('fee-estimate')).toContainText('Small standard');
      await expect(dialog.getByLabel('FBA fee')).toHaveValue('3.33');
      await expect(dialog.getByLabel('Referral fee')).toHaveValue('4.2');
      await expect(dialog.getByLabel('Storage (a month)')).toHaveValue('0.02');
      await expect(dialog.getByLabel('Amazon fees per unit')).toHaveValue('7.55');
      await expect(dialog.getByText('Estimated', { exact: true })).toHaveCount(3);
      await shot(page, `fees-estimate-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Product saved successfully')).toBeVisible();

      // The reorder plan: the worked example.
      const planner = page.getByRole('region', { name: 'Reorder planner' });
      await planner.getByLabel('Units on hand').fill('1000');
      await planner.getByLabel('Sold a day').fill('10');
      await planner.getByLabel('Lead time (days)').fill('30');
      await planner.getByLabel('Cover (days)').fill('90');
      await planner.getByLabel('Safety stock (days)').fill('0');
      await planner.getByRole('button', { name: 'Plan the reorder' }).click();
      const plan = planner.getByTestId('reorder-plan');
      await expect(plan).toContainText('300 units');
      await expect(plan).toContainText('In 70 days');
      await expect(plan).toContainText('900 units');
      await planner.scrollIntoViewIfNeeded();
      await shot(page, `fees-planning-${viewport.name}`);

      // Put it on my board.
      const created = page.waitForResponse((r) => r.url().endsWith('/reorder/card') && r.request().method() === 'POST');
      await planner.getByRole('button', { name: 'Put it on my board' }).click();
      const body = (await (await created).json()) as { cardId: number };
      cardIds.push(body.cardId);
      await expect(planner.getByText(`Added “Reorder: ${E1_TITLE}” to NOT STARTED.`)).toBeVisible();
      await planner.getByRole('link', { name: 'Open my board' }).click();
      await expect(page.getByText(`Reorder: ${E1_TITLE}`).first()).toBeVisible();
    } finally {
      await page.request.post('/api/product/upsert', {
        data: {
          product: {
            id: product.id,
            amazonFees: 8.75,
            fbaFee: null,
            referralFee: null,
            storageFee: null,
            feesEstimated: false,
          },
        },
      });
    }
  });
}

test('an admin reads the fee rate cards and adds one from the card in force, at 1280 and 390 px', async ({ page }) => {
  await signInAs(page, DEMO.admin, '/fee-rate-cards');
  const table = page.getByRole('table', { name: 'Fee rate cards' });
  await expect(table.getByRole('row', { name: /Amazon US 2025/ })).toContainText('in force');
  await shot(page, 'fee-rate-cards-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone gets the cards as a list.
  const list = page.getByRole('list', { name: 'Fee rate cards' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Amazon US 2025' })).toContainText('in force');
  await shot(page, 'fee-rate-cards-390');
  await page.getByRole('button', { name: 'Add a card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a rate card' });
  await dialog.getByLabel('Name').fill('Amazon US (e2e, far future)');
  await dialog.getByLabel('In force from').fill('2099-01-01');
  await dialog.getByLabel('Source').fill('An e2e test');
  await shot(page, 'fee-rate-card-dialog-390');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Rate card saved')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'far future' })).toContainText('upcoming');
});
