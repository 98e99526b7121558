import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, SHOTS_DIR, shot, signInAs } from './support';

/** A close-up of one part of the screen, to check its details. */
const closeUp = (locator: Locator, name: string) => locator.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });

const E1 = {
  title: 'E2E Bamboo Board',
  units: '1000',
  cost: '3.20',
  shipping: '850',
  fees: '8.75',
  retail: '27.99',
};

const metric = (root: Locator, field: string) => root.locator(`[data-metric="${field}"]`);

async function openTool(page: Page) {
  await page.getByRole('navigation').first().getByRole('link', { name: 'Power Profit Tool' }).click();
  await expect(page).toHaveURL(/\/profit-calculator$/);
  await expect(page.getByRole('heading', { name: 'Power Profit Tool' })).toBeVisible();
}

test('a premium member adds a first product, checks the golden figures, edits fees, promotion and planning, then deletes it', async ({
  page,
}) => {
  await signInAs(page, DEMO.premiumNew);
  await expect(page.getByRole('link', { name: /^Total Products\s*0(?!\d)/ })).toBeVisible();
  await openTool(page);
  await expect(page.getByText('You currently do not have any existing products')).toBeVisible();
  await expect(page.getByText(/Earnings disclaimer/)).toBeVisible();
  await shot(page, 'products-empty');

  await page.getByRole('button', { name: 'Add my first Product' }).click();
  const add = page.getByRole('dialog', { name: 'Add a Product' });
  await expect(add.getByLabel('Title')).toBeFocused();
  await add.getByLabel('Title').fill(E1.title);
  await add.getByLabel('Units').fill(E1.units);
  await add.getByLabel('Cost per unit').fill(E1.cost);
  await add.getByLabel('Shipping cost (whole order)').fill(E1.shipping);
  await add.getByLabel('Amazon fees per unit').fill(E1.fees);
  await add.getByLabel('Amazon retail price').fill(E1.retail);
  await expect(metric(add, 'totalEstimatedBulkOrderProfit')).toHaveText('$8,192.50');
  await shot(page, 'products-add-dialog');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product created successfully')).toBeVisible();

  // Golden case E1 (docs/areas/seller-tools.md#formulas), Product tab.
  const card = page.getByRole('article', { name: E1.title });
  const expected: Record<string, string> = {
    totalManufacturingShippingCustomsCost: '$4,050.00',
    totalCostPerUnit: '$4.05',
    amazonNet: '$19.24',
    netProfitPerUnit: '$15.19',
    totalAmazonFees: '$8,750.00',
    totalAdditionalFees: '$6,997.50',
    totalEstimatedProfitPerUnit: '$8.19',
    totalEstimatedBulkOrderProfit: '$8,192.50',
    profitMargin: '29.27%',
  };
  for (const [field, text] of Object.entries(expected)) await expect(metric(card, field)).toHaveText(text);
  await shot(page, 'products-list');

  // Additional fees: to dollars and back, converting through the retail price.
  await card.getByRole('button', { name: `Edit ${E1.title}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit product: ${E1.title}` });
  const feesField = edit.getByRole('spinbutton', { name: /Additional fees per unit in/ });
  await expect(feesField).toHaveValue('25');
  await edit.getByRole('radio', { name: 'Dollars' }).click();
  await expect(feesField).toHaveValue('7');
  await feesField.fill('20');
  await expect(edit.getByText('Maximum value is $13.99')).toBeVisible();
  await shot(page, 'products-fees-dollars');
  await feesField.fill('7');
  await edit.getByRole('radio', { name: 'Percentage' }).click();
  await expect(feesField).toHaveValue('25.01');
  await feesField.fill('25');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved successfully')).toBeVisible();
  await expect(metric(card, 'totalAdditionalFees')).toHaveText('$6,997.50');

  // View Metrics: the slider recomputes the totals.
  await card.getByRole('button', { name: `View Metrics of ${E1.title}` }).click();
  await expect(page.getByRole('button', { name: /Back to products/ })).toBeVisible();
  await page.getByRole('slider', { name: /Additional fees per unit \(percent\) slider/ }).fill('10');
  await expect(metric(page.locator('main'), 'totalEstimatedProfitPerUnit').first()).toHaveText('$12.39');
  await shot(page, 'products-metrics');
  await closeUp(page.locator('main'), 'products-metrics-closeup');
  await page.getByRole('button', { name: /Back to products/ }).click();

  // Promotion and advertising planning.
  await page.getByRole('tab', { name: 'Promotion' }).click();
  await card.getByRole('button', { name: `Edit ${E1.title}` }).click();
  const promo = page.getByRole('dialog', { name: 'Promotion and Advertising planning' });
  await promo.getByLabel('Promotion units per day').fill('12');
  await promo.getByLabel('Promotion discount', { exact: true }).fill('95');
  await promo.getByLabel('Promotion days', { exact: true }).fill('7');
  await promo.getByLabel('Daily advertising cost', { exact: true }).fill('50');
  await promo.getByRole('button', { name: 'About promotion days' }).focus();
  await expect(promo.getByRole('tooltip', { name: 'Run a launch promotion for 7–10 days.' })).toBeVisible();
  await shot(page, 'products-promotion-dialog');
  await promo.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product saved successfully').first()).toBeVisible();
  await expect(metric(card, 'promotionRevenue')).toHaveText('$117.56');
  await expect(metric(card, 'promotionCost')).toHaveText('$957.64');
  await expect(metric(card, 'totalCost')).toHaveText('$1,307.64');

  await page.getByRole('tab', { name: 'Advertising' }).click();
  await card.getByRole('button', { name: `Edit ${E1.title}` }).click();
  const ads = page.getByRole('dialog', { name: 'Advertising' });
  await ads.getByLabel('Ad spend').fill('320');
  await ads.getByLabel('Ad sales').fill('960');
  await ads.getByRole('button', { name: 'Save' }).click();
  await expect(metric(card, 'campaignACOS')).toHaveText('33.33%');
  await expect(metric(card, 'ACOSBreakEven')).toHaveText('54.27%');

  await page.getByRole('tab', { name: 'Planning' }).click();
  await card.getByRole('button', { name: `Edit ${E1.title}` }).click();
  const planning = page.getByRole('dialog', { name: 'Planning' });
  await planning.getByLabel('Projected units per month').fill('300');
  await planning.getByRole('button', { name: 'Save' }).click();
  await expect(metric(card, 'monthlyGross')).toHaveText('$8,397.00');
  await expect(metric(card, 'monthlyProfit')).toHaveText('$2,457.75');
  await expect(metric(card, 'potentialProfit')).toHaveText('$29,493.00');

  await page.getByRole('tab', { name: 'View All' }).click();
  await shot(page, 'products-view-all');

  // The dashboard counts it.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('link', { name: /^Total Products\s*1(?!\d)/ })).toBeVisible();
  await shot(page, 'products-dashboard-card');
  await page.getByRole('link', { name: /^Total Products\s*1(?!\d)/ }).click();

  // Delete.
  await page
    .getByRole('article', { name: E1.title })
    .getByRole('button', { name: `Edit ${E1.title}` })
    .click();
  const del = page.getByRole('dialog', { name: `Edit product: ${E1.title}` });
  await del.getByRole('button', { name: 'Delete' }).click();
  await del.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Product deleted successfully')).toBeVisible();
  await expect(page.getByText('You currently do not have any existing products')).toBeVisible();
});

test('a basic member cannot change additional fees and sees the unlock link', async ({ page }) => {
  await signInAs(page, DEMO.basic);
  await openTool(page);
  await page.getByRole('button', { name: 'Add a Product' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a Product' });
  await expect(dialog.getByRole('spinbutton', { name: /Additional fees per unit in/ })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: 'Unlock additional fees' })).toBeVisible();
  await shot(page, 'products-basic-locked');
});

test('the seeded premium member sees their products, also on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.premium, '/profit-calculator');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').first()).toHaveAccessibleName('Silicone Garlic Peeler');
  await shot(page, 'products-mobile');
  await page.getByRole('button', { name: 'View Metrics of Silicone Garlic Peeler' }).click();
  await expect(page.getByRole('radio', { name: 'Dollars' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('spinbutton', { name: /Additional fees per unit in dollars/ })).toHaveValue('3');
  await shot(page, 'products-mobile-metrics');
});
