import { expect, type Page } from '@playwright/test';

/** The Product Qualifier's stepper (docs/areas/seller-tools.md): one question a step. */
export const qualifierProgress = (page: Page) => page.getByRole('progressbar', { name: 'Qualifier progress' });

/** Opens step `n` from the list of steps (an answered step, or the first open one). */
export async function openQualifierStep(page: Page, n: number): Promise<void> {
  await page
    .getByRole('list', { name: 'Questions' })
    .getByRole('button', { name: new RegExp(`^Question ${n}: `) })
    .click();
  await expect(qualifierProgress(page)).toHaveAttribute('aria-valuenow', String(n));
}

/** Next, then waits for step `n` (its progress). */
export async function nextQualifierStep(page: Page, n: number): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(qualifierProgress(page)).toHaveAttribute('aria-valuenow', String(n));
}

/**
 * Answers the eleven questions step by step from question 1 (the keyword, the volume, then the nine
 * Yes/No questions, `yes(i)` for the i-th; the size tier with question 8), and stays on the last
 * step, where Rate My Product is.
 */
export async function answerQualifier(
  page: Page,
  answers: { keyword: string; volume: number; yes?: (i: number) => boolean; sizeTier?: string },
): Promise<void> {
  const yes = answers.yes ?? (() => true);
  await openQualifierStep(page, 1);
  await page.getByRole('textbox', { name: /main keyword/ }).fill(answers.keyword);
  await nextQualifierStep(page, 2);
  await page.getByRole('slider').fill(String(answers.volume));
  await nextQualifierStep(page, 3);
  for (let i = 0; i < 9; i++) {
    await page
      .getByRole('radiogroup')
      .getByText(yes(i) ? 'Yes' : 'No', { exact: true })
      .click();
    if (i === 5 && answers.sizeTier) await page.getByLabel('Size tier', { exact: true }).selectOption(answers.sizeTier);
    if (i < 8) await nextQualifierStep(page, i + 4);
  }
}
