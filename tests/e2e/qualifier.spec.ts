import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { answerQualifier, nextQualifierStep, openQualifierStep, qualifierProgress } from './qualifier-steps';
import { DEMO, SHOTS_DIR, shot, signInAs, uniqueEmail, waitForMail } from './support';

/** A close-up of one part of the screen, to check its details. */
const closeUp = (locator: Locator, name: string) => locator.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });

test('a member answers step by step, rates a product, emails the result, comes back to it, then starts over', async ({
  page,
}) => {
  await signInAs(page, DEMO.basic);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Product Qualifier Tool' }).click();
  await expect(page).toHaveURL(/\/product-qualifier$/);
  await expect(page.getByRole('heading', { name: 'Product Qualifier Tool' })).toBeVisible();
  await expect(page.getByTitle('Product Qualifier introduction')).toBeAttached();

  // One question a step, with its progress.
  const progress = qualifierProgress(page);
  await expect(progress).toHaveAttribute('aria-valuenow', '1');
  await expect(progress).toHaveAttribute('aria-valuemax', '11');
  await expect(progress).toHaveAttribute('aria-valuetext', 'Question 1 of 11');
  await expect(page.getByTestId('qualifier-step')).toHaveText('Question 1 of 11');
  await expect(page.getByRole('list', { name: 'Questions' }).getByRole('button')).toHaveCount(11);

  // The first question is required to go on (and to rate).
  const keyword = page.getByRole('textbox', { name: /main keyword/ });
  await keyword.fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This field cannot be empty')).toBeVisible();
  await expect(keyword).toBeFocused();
  await expect(progress).toHaveAttribute('aria-valuenow', '1');

  // Enter goes on; focus moves to the new question's heading.
  await keyword.fill('silicone garlic peeler');
  await keyword.press('Enter');
  await expect(page.getByRole('heading', { name: 'Question 2 of 11: Search volume' })).toBeFocused();
  await expect(progress).toHaveAttribute('aria-valuenow', '2');
  await expect(page.getByTestId('qualifier-step')).toHaveText('Question 2 of 11');
  await page.getByRole('slider').fill('3000');
  await expect(page.getByText(/not recommended/)).toBeVisible();
  await nextQualifierStep(page, 3);
  await expect(page.getByText(/1,500 or more searches a month/)).toBeVisible();
  // Back keeps the answer; a new volume moves question 3's bar.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('slider')).toHaveValue('3000');
  await page.getByRole('slider').fill('12000');
  await expect(page.getByText(/Sweet spot/)).toBeVisible();
  await nextQualifierStep(page, 3);
  await expect(page.getByText(/1,200 or more searches a month/)).toBeVisible();

  for (let i = 0; i < 3; i++) {
    await page.getByRole('radiogroup').getByText('Yes', { exact: true }).click();
    await nextQualifierStep(page, i + 4);
  }
  await shot(page, 'qualifier-stepper');
  await closeUp(page.locator('section[aria-label="Questions stepper"]'), 'qualifier-stepper-closeup');

  // A reload keeps the answers and opens the same step.
  await page.reload();
  await expect(progress).toHaveAttribute('aria-valuenow', '6');
  await expect(page.getByRole('heading', { name: 'Question 6 of 11: Competition' })).toBeVisible();
  await openQualifierStep(page, 1);
  await expect(keyword).toHaveValue('silicone garlic peeler');
  await openQualifierStep(page, 2);
  await expect(page.getByRole('slider')).toHaveValue('12000');
  await openQualifierStep(page, 5);
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await openQualifierStep(page, 6);

  for (let i = 3; i < 9; i++) {
    await page.getByRole('radiogroup').getByText('Yes', { exact: true }).click();
    if (i === 4) {
      await page.getByRole('button', { name: 'Learn More: Sourcing' }).click();
      const learn = page.getByRole('dialog', { name: 'Learn More: Sourcing' });
      await expect(learn.getByTitle('Sourcing video')).toBeAttached();
      await learn.getByRole('button', { name: 'Close' }).click();
    }
    if (i === 5) {
      await page.getByLabel('Size tier', { exact: true }).selectOption('small standard');
      await closeUp(page.locator('[data-question="standard"]'), 'qualifier-question-closeup');
    }
    if (i === 6) await expect(page.getByText(/\$20 or more \(small standard\)/)).toBeVisible();
    if (i < 8) await nextQualifierStep(page, i + 4);
  }
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByText('11 of 11 answered')).toBeVisible();

  await page.getByRole('button', { name: 'Rate My Product' }).click();
  await expect(page.getByTestId('qualifier-band')).toHaveText('Two thumbs up!');
  await expect(page.getByTestId('qualifier-score')).toHaveText('Score: 10 / 10');
  await shot(page, 'qualifier-results');
  await closeUp(page.locator('section[aria-labelledby="qualifier-results"]'), 'qualifier-results-closeup');

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
  await expect(progress).toHaveAttribute('aria-valuenow', '11');
  await openQualifierStep(page, 1);
  await expect(keyword).toHaveValue('silicone garlic peeler');

  // Refresh asks first, away from the main button; Cancel keeps every answer and the result.
  const refresh = page.getByRole('button', { name: 'Refresh progress' });
  await refresh.click();
  const confirm = page.getByRole('dialog', { name: 'Refresh your progress?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'qualifier-refresh-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(keyword).toHaveValue('silicone garlic peeler');
  await expect(page.getByTestId('qualifier-score')).toHaveText('Score: 10 / 10');

  // Refresh after confirmation clears answers and results.
  await refresh.click();
  await confirm.getByRole('button', { name: 'Yes, start over' }).click();
  await expect(page.getByTestId('qualifier-band')).toHaveCount(0);
  await expect(keyword).toHaveValue('');
  await expect(page.getByText('0 of 11 answered')).toBeVisible();
  await page.reload();
  await expect(keyword).toHaveValue('');
  await expect(progress).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});

test('a course only member sees the upgrade prompt', async ({ page }) => {
  await signInAs(page, DEMO.courseOnly, '/product-qualifier');
  await expect(page.getByRole('heading', { name: 'Upgrade to use the Product Qualifier Tool' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rate My Product' })).toHaveCount(0);
  await shot(page, 'qualifier-course-only');
});

test('the qualifier works on a phone: steps, Back, reload and a refresh that asks first', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.premium, '/product-qualifier');
  const progress = qualifierProgress(page);
  await answerQualifier(page, { keyword: 'mug warmer', volume: 3000, yes: (i) => i < 5 });
  await expect(progress).toHaveAttribute('aria-valuetext', 'Question 11 of 11');
  await expect(page.getByRole('list', { name: 'Questions' })).toBeVisible();
  // No sideways scrolling at 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'qualifier-mobile-step');

  // Back keeps the answers.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Question 10 of 11: Estimated profit' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
  await nextQualifierStep(page, 11);
  await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();

  // A reload keeps them too.
  await page.reload();
  await expect(progress).toHaveAttribute('aria-valuenow', '11');
  await openQualifierStep(page, 1);
  await expect(page.getByRole('textbox', { name: /main keyword/ })).toHaveValue('mug warmer');

  // Refresh asks; Cancel keeps the answers.
  await page.getByRole('button', { name: 'Refresh progress' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refresh your progress?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: /main keyword/ })).toHaveValue('mug warmer');

  await openQualifierStep(page, 11);
  await page.getByRole('button', { name: 'Rate My Product' }).click();
  await expect(page.getByTestId('qualifier-band')).toHaveText('Two thumbs down');
  await expect(page.getByTestId('qualifier-score')).toHaveText('Score: 5 / 10');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'qualifier-mobile');
});
