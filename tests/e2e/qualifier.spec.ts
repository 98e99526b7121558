import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { DEMO, SHOTS_DIR, shot, signInAs, uniqueEmail, waitForMail } from './support';

/** A close-up of one part of the screen, to check its details. */
const closeUp = (locator: Locator, name: string) => locator.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });

test('a member rates a product, emails the result, comes back to it, then starts over', async ({ page }) => {
  await signInAs(page, DEMO.basic);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Product Qualifier Tool' }).click();
  await expect(page).toHaveURL(/\/product-qualifier$/);
  await expect(page.getByRole('heading', { name: 'Product Qualifier Tool' })).toBeVisible();
  await expect(page.getByTitle('Product Qualifier introduction')).toBeAttached();

  // The first question is required to rate.
  await page.getByRole('button', { name: 'Rate My Product' }).click();
  await expect(page.getByText('this field cannot be empty')).toBeVisible();

  await page.getByRole('textbox', { name: /main keyword/ }).fill('silicone garlic peeler');
  await page.getByRole('slider').fill('3000');
  await expect(page.getByText(/not recommended/)).toBeVisible();
  await expect(page.getByText(/1,500 or more searches a month/)).toBeVisible();
  await page.getByRole('slider').fill('12000');
  await expect(page.getByText(/Sweet spot/)).toBeVisible();
  await expect(page.getByText(/1,200 or more searches a month/)).toBeVisible();
  const groups = page.getByRole('radiogroup');
  await expect(groups).toHaveCount(9);
  for (let i = 0; i < 9; i++) await groups.nth(i).getByText('Yes', { exact: true }).click();
  await page.getByLabel('Size tier', { exact: true }).selectOption('small standard');
  await expect(page.getByText(/\$20 or more \(small standard\)/)).toBeVisible();

  await page.getByRole('button', { name: 'Learn More: Sourcing' }).click();
  const learn = page.getByRole('dialog', { name: 'Learn More: Sourcing' });
  await expect(learn.getByTitle('Sourcing video')).toBeAttached();
  await learn.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Rate My Product' }).click();
  await expect(page.getByTestId('qualifier-band')).toHaveText('Two thumbs up!');
  await expect(page.getByTestId('qualifier-score')).toHaveText('Score: 10 / 10');
  await shot(page, 'qualifier-results');
  await closeUp(page.locator('section[aria-labelledby="qualifier-results"]'), 'qualifier-results-closeup');
  await closeUp(page.locator('[data-question="standard"]'), 'qualifier-question-closeup');

  const to = uniqueEmail('qualifier');
  const form = page.getByRole('form', { name: 'Email my results' });
  await form.getByLabel('Email').fill(to);
  await expect(form.getByLabel('Keyword')).toHaveValue('silicone garlic peeler');
  await form.getByRole('button', { name: 'Send results' }).click();
  await expect(page.getByText('The email has been sent successfully.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Email my results' })).toHaveCount(0);
  const mail = (await waitForMail(to)).replace(/=\r?\n/g, '');
  expect(mail).toContain('Keyword: silicone garlic peeler');
  expect(mail).toContain('Score: 10 / 10');
  expect(mail).toContain('Congratulations! Your product passed the Product Qualifier.');
  await shot(page, 'qualifier-sent');

  // Progress is kept for the next visit.
  await page.reload();
  await expect(page.getByTestId('qualifier-score')).toHaveText('Score: 10 / 10');
  await expect(page.getByRole('textbox', { name: /main keyword/ })).toHaveValue('silicone garlic peeler');

  // Refresh after confirmation clears answers and results.
  await page.getByRole('button', { name: 'Refresh progress' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refresh your progress?' });
  await shot(page, 'qualifier-refresh-confirm');
  await confirm.getByRole('button', { name: 'Yes, start over' }).click();
  await expect(page.getByTestId('qualifier-band')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /main keyword/ })).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('textbox', { name: /main keyword/ })).toHaveValue('');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});

test('a course only member sees the upgrade prompt', async ({ page }) => {
  await signInAs(page, DEMO.courseOnly, '/product-qualifier');
  await expect(page.getByRole('heading', { name: 'Upgrade to use the Product Qualifier Tool' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rate My Product' })).toHaveCount(0);
  await shot(page, 'qualifier-course-only');
});

test('the qualifier works on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.premium, '/product-qualifier');
  await page.getByRole('textbox', { name: /main keyword/ }).fill('mug warmer');
  await page.getByRole('slider').fill('3000');
  const groups = page.getByRole('radiogroup');
  for (let i = 0; i < 9; i++)
    await groups
      .nth(i)
      .getByText(i < 5 ? 'Yes' : 'No', { exact: true })
      .click();
  await page.getByRole('button', { name: 'Rate My Product' }).click();
  await expect(page.getByTestId('qualifier-band')).toHaveText('Two thumbs down');
  await expect(page.getByTestId('qualifier-score')).toHaveText('Score: 5 / 10');
  await shot(page, 'qualifier-mobile');
});
