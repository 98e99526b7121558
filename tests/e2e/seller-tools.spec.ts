import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEFAULT_LAUNCH_STEPS } from '../../shared/src/content/launch';
import { answerQualifier } from './qualifier-steps';
import { DEMO, shot, signInAs } from './support';

/** The premium demo member's first product is the golden case E1 (docs/areas/seller-tools.md). */
const E1_TITLE = 'Bamboo Cutting Board Set';
const metric = (root: Locator | Page, field: string) => root.locator(`[data-metric="${field}"]`);

async function productId(page: Page, title: string): Promise<number> {
  const res = await page.request.get('/api/product/read-many');
  const products = (await res.json()) as { products: Array<{ id: number; title: string }> };
  return products.products.find((p) => p.title === title)!.id;
}

test('the Solve for panel answers the price of a target margin to the cent and applies it', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  const id = await productId(page, E1_TITLE);
  try {
    await page.goto('/profit-calculator');
    await page.getByRole('button', { name: `View Metrics of ${E1_TITLE}` }).click();
    await expect(page).toHaveURL(new RegExp(`product=${id}`));
    const figures = page.getByRole('region', { name: 'Return and cash' });
    await expect(metric(figures, 'roiPerUnit')).toHaveText('202.28%');
    await expect(metric(figures, 'tacos')).toHaveText('17.86%');
    await expect(metric(figures, 'paybackUnits')).toHaveText('331 units');
    await expect(metric(figures, 'cashNeeded')).toHaveText('$5,357.64');

    const solve = page.getByRole('region', { name: 'Solve for' });
    await solve.getByLabel('Target value').fill('80');
    await solve.getByRole('button', { name: 'Solve' }).click();
    await expect(solve.getByTestId('solve-answer')).toHaveText(
      'No price reaches a 80.00% profit margin. With 25.00% additional fees the margin stays below 75.00%.',
    );
    await solve.getByLabel('Target value').fill('30');
    await solve.getByRole('button', { name: 'Solve' }).click();
    await expect(solve.getByTestId('solve-answer')).toHaveText(
      '$28.45 is the lowest Amazon retail price, to the cent, reaching a 30.00% profit margin; the product will show a 30.01% profit margin.',
    );
    await shot(page, 'seller-solve');
    await solve.getByRole('button', { name: 'Apply this price' }).click();
    await expect(page.getByText('Product saved successfully')).toBeVisible();
    await expect(metric(page, 'profitMargin')).toHaveText('30.01%');
    await expect(solve.getByTestId('solve-answer')).toHaveText('Applied: the Amazon retail price is now $28.45.');
    await expect(solve.getByRole('button', { name: 'Apply this price' })).toHaveCount(0);
    await expect(page.locator('[data-input="amazonRetail"]')).toHaveText('$28.45');
  } finally {
    // Leave the demo product as the other specs expect it.
    await page.request.post('/api/product/upsert', { data: { product: { id, amazonRetail: 27.99 } } });
  }
});

test('a member compares scenarios side by side and prints the one-page summary', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  const id = await productId(page, E1_TITLE);
  await page.goto(`/profit-calculator?product=${id}`);
  await page.getByRole('button', { name: 'Add scenario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a scenario' });
  await dialog.getByLabel('Scenario name').fill('Price up, dearer goods');
  await dialog.getByLabel('Amazon retail price').fill('29.99');
  await dialog.getByLabel('Cost per unit').fill('3.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Scenario saved')).toBeVisible();

  const table = page.getByRole('table', { name: `Scenarios of ${E1_TITLE}` });
  await expect(table.getByRole('columnheader', { name: /Price up, dearer goods/ })).toBeVisible();
  const profit = table.getByRole('row', { name: /^Estimated profit per unit/ });
  await expect(profit.getByRole('cell')).toHaveText(['$8.19', '$9.39+$1.20']);
  await expect(table.getByRole('row', { name: /^Payback units/ }).getByRole('cell')).toHaveText([
    '331 units',
    '317 units−14',
  ]);
  const strip = page.getByRole('table', { name: 'Sensitivity of the profit per unit' });
  await expect(strip.getByRole('row', { name: /the price moves/ }).getByRole('cell')).toHaveText([
    '$6.09',
    '$7.14',
    '$8.19',
    '$9.24',
    '$10.29',
  ]);
  await shot(page, 'seller-scenarios');

  // The scenario is kept on the server and in the CSV export.
  await page.reload();
  await expect(table.getByRole('columnheader', { name: /Price up, dearer goods/ })).toBeVisible();
  const csv = await (await page.request.get('/api/product/export.csv')).text();
  expect(csv).toContain(`${id},${E1_TITLE},`);
  // The scenario's row: its marketplace, currency, VAT rate and price without VAT, then its inputs.
  expect(csv).toMatch(/,"Price up, dearer goods",US,USD,0,29.99,1000,3.5,850,8.75,29.99,25,/);

  await page.getByRole('link', { name: `Printable summary of ${E1_TITLE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/profit-calculator/${id}/summary$`));
  const sheet = page.getByRole('article');
  await expect(sheet.getByRole('heading', { name: E1_TITLE })).toBeVisible();
  await expect(metric(sheet, 'paybackUnits')).toHaveText('331 units');
  await expect(sheet.getByRole('columnheader', { name: 'Price up, dearer goods' })).toBeVisible();
  // On the web the button opens the browser's print dialog (stubbed here: headless has none).
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Print or save as PDF' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await shot(page, 'seller-summary');

  // The print stylesheet prints the summary alone, on one A4 page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: '← Back to the product' })).toBeHidden();
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // Clean up for the other specs.
  const scenarios = (await (await page.request.get(`/api/product/${id}/scenarios`)).json()) as {
    scenarios: Array<{ id: number }>;
  };
  for (const s of scenarios.scenarios) await page.request.delete(`/api/product/${id}/scenarios/${s.id}`);
});

test('a qualified product is started: a product and a launch card with the launch steps, linked from the result', async ({
  page,
}) => {
  await signInAs(page, DEMO.premium, '/product-qualifier');
  await answerQualifier(page, { keyword: 'e2e bamboo lamp', volume: 12000, sizeTier: 'large standard' });
  await page.getByRole('button', { name: 'Rate My Product' }).click();
  await expect(page.getByTestId('qualifier-band')).toHaveText('Two thumbs up!');

  await page.getByRole('region', { name: 'Now what?' }).getByRole('button', { name: 'Start this product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start this product' });
  await expect(dialog.getByText('Launch: e2e bamboo lamp')).toBeVisible();
  await expect(dialog.getByLabel('Amazon retail price')).toHaveValue('25');
  await dialog.getByLabel('Units in the first order').fill('300');
  await dialog.getByLabel('Cost per unit').fill('4.10');
  await shot(page, 'seller-start-dialog');
  await dialog.getByRole('button', { name: 'Start product' }).click();
  await expect(page.getByText('Product started in the Power Profit Tool')).toBeVisible();
  const done = page.getByRole('region', { name: 'Your product is started' });
  await expect(done).toBeVisible();
  await shot(page, 'seller-started');

  // The result keeps both links, also after a reload.
  await page.reload();
  await done.getByRole('link', { name: 'Open the launch card on your Move the Needle board' }).click();
  const card = page.getByRole('dialog', { name: /Launch: e2e bamboo lamp/ });
  await expect(card).toBeVisible();
  for (const step of DEFAULT_LAUNCH_STEPS.slice(0, 3)) await expect(card.getByText(step)).toBeVisible();
  await shot(page, 'seller-launch-card');
  await page.keyboard.press('Escape');
  const notStarted = page.getByRole('region', { name: 'NOT STARTED' });
  await expect(notStarted.getByText('Launch: e2e bamboo lamp')).toBeVisible();

  await page.goto('/product-qualifier');
  await done.getByRole('link', { name: 'Open e2e bamboo lamp in the Power Profit Tool' }).click();
  await expect(page.getByRole('heading', { name: 'e2e bamboo lamp' })).toBeVisible();
  await expect(page.getByText(/Product Qualifier: 10\/10, two thumbs up/)).toBeVisible();
});
