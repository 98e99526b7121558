import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

/** Due dates (docs/areas/board.md, "Due dates"): set in the dialog, the tile's chip, the filter, the dashboard's card. */

/** A list's column by its heading (any case), shown or not: on a phone the list pager hides the others. */
const column = (page: Page, name: string) =>
  page
    .locator('section.mtn-list')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}$`, 'i'), includeHidden: true }) });
const cardTile = (page: Page, title: string) => page.locator('li.mtn-card').filter({ hasText: title });

/** `YYYY-MM-DDTHH:mm` of tomorrow at 10:00 in the browser's zone (the picker's value). */
const tomorrowAt10 = () => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
};

test('a member sets a due date, sees the chip, filters the board and finds the card on the dashboard, at 1280 and 390 px', async ({
  browser,
}) => {
  const title = `Call the supplier ${Date.now().toString(36)}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, DEMO.premium, '/move-the-needle');
  const notStarted = column(page, 'NOT STARTED');
  await notStarted.getByRole('button', { name: 'Add another card to NOT STARTED' }).click();
  await page.getByPlaceholder('Enter a title for this card…').fill(title);
  await page.getByPlaceholder('Enter a title for this card…').press('Enter');
  await page.getByPlaceholder('Enter a title for this card…').press('Escape');
  await expect(cardTile(page, title)).toBeVisible();
  await expect(cardTile(page, title).getByTestId('due-chip')).toHaveCount(0);

  await cardTile(page, title).click();
  const dialog = page.getByRole('dialog', { name: title });
  const picker = dialog.getByLabel('Due date and time');
  await picker.fill(tomorrowAt10());
  await picker.press('Enter'); // Enter (or leaving the field) saves
  await expect(dialog.getByTestId('due-chip')).toHaveText('due tomorrow');
  await expect(dialog.getByRole('button', { name: 'Clear' })).toBeVisible();
  await shot(page, 'due-dates-dialog-1280');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const chip = cardTile(page, title).getByTestId('due-chip');
  await expect(chip).toHaveText('due tomorrow');
  await expect(chip).toHaveAttribute('data-tone', 'soon');

  await page.getByLabel('Show').selectOption('week');
  await expect(page).toHaveURL(/due=week/);
  await expect(cardTile(page, title)).toBeVisible();
  await expect(page.getByTestId('due-filter-count')).toContainText('due this week');
  await shot(page, 'due-dates-filter-1280');
  await page.getByLabel('Show').selectOption('overdue');
  await expect(cardTile(page, title)).toBeHidden();
  await page.getByLabel('Show').selectOption('all');
  await expect(cardTile(page, title)).toBeVisible();

  await page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).click();
  const dueSoon = page.getByRole('list', { name: 'Cards due soon' });
  await expect(dueSoon.getByRole('link', { name: title })).toBeVisible();
  await shot(page, 'due-dates-dashboard-1280');

  // A phone: the dashboard card fits, and its link opens the card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dueSoon.getByRole('link', { name: title })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'due-dates-dashboard-390');
  await dueSoon.getByRole('link', { name: title }).click();
  const phoneDialog = page.getByRole('dialog', { name: title });
  await expect(phoneDialog.getByTestId('due-chip')).toHaveText('due tomorrow');

  // Clear removes it everywhere.
  await phoneDialog.getByRole('button', { name: 'Clear' }).click();
  await expect(phoneDialog.getByLabel('Due date and time')).toHaveValue('');
  await expect(phoneDialog.getByTestId('due-chip')).toHaveCount(0);
  await shot(page, 'due-dates-dialog-390');
  // The header's close button is on screen without scrolling the long dialog, and closes it.
  const closeCard = phoneDialog.getByRole('button', { name: 'Close card' });
  await expect(closeCard).toBeInViewport();
  await closeCard.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // "Move to…" on the tile, by keyboard: on a phone the other lists are off screen, no drag needed.
  const moveTo = page.getByRole('button', { name: `Move to… ${title}` });
  await moveTo.focus();
  await page.keyboard.press('Enter');
  const chooser = page.getByRole('dialog', { name: `Move “${title}”` });
  await expect(chooser.getByRole('button', { name: /^NOT STARTED/i })).toBeDisabled();
  await shot(page, 'board-move-to-390');
  await chooser.getByRole('button', { name: /^IN PROGRESS/i }).click();
  await expect(chooser).toHaveCount(0);
  await expect(cardTile(page, title)).toHaveCount(1);
  await expect(column(page, 'IN PROGRESS').locator('li.mtn-card').filter({ hasText: title })).toHaveCount(1);
  await context.close();
});
