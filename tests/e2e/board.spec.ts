import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAADVZ6H5AAAAT0lEQVR42u3PQQ0AAAgDIN8/9K3hHBQg7TpFQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQOAXDGmYAQG1w0RMAAAAAElFTkSuQmCC',
  'base64',
);

/** The column of a list, by its heading. */
const column = (page: Page, name: string) => page.locator('section.mtn-list').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cardTile = (page: Page, title: string) => page.locator('li.mtn-card').filter({ hasText: title });

/** Closes the welcome dialog for good ('Don't show again'), if it is open. */
async function dismissWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: 'Welcome To The New MTN Tool 2.0' });
  await expect(welcome).toBeVisible();
  await welcome.getByLabel("Don't show again").check();
  await welcome.getByRole('button', { name: 'Get started' }).click();
  await expect(welcome).toHaveCount(0);
}

/** Drags with the mouse (Sortable's fallback drag): press, move in steps, release. */
async function drag(page: Page, from: Locator, to: Locator, where: 'top' | 'bottom' = 'bottom') {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  const y = where === 'bottom' ? b.y + b.height - 4 : b.y + 6;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 25 });
  await page.mouse.move(b.x + b.width / 2, y + 2, { steps: 5 });
  await page.mouse.up();
}

async function premiumId(page: Page): Promise<number> {
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { currentUser: { id: number } }).currentUser.id;
}

test.describe.configure({ mode: 'serial' });

let memberId = 0;

test('a premium member drags a card to COMPLETED and the progress and donut follow', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  memberId = await premiumId(page);
  const donut = page.getByTestId('mtn-donut');
  await expect(donut.getByTestId('mtn-share-COMPLETED')).toHaveText('38%');
  await shot(page, 'board-dashboard-before');

  await page.getByRole('navigation').first().getByRole('link', { name: 'Move The Needle' }).click();
  await expect(page).toHaveURL(/\/move-the-needle$/);
  await shot(page, 'board-welcome');
  await dismissWelcome(page);
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  await expect(page.getByTestId('mtn-progress')).toHaveText('38%');
  await shot(page, 'board-member');

  await drag(page, cardTile(page, 'Set your 90-day revenue goal'), column(page, 'COMPLETED').locator('ul'));
  await expect(column(page, 'COMPLETED').getByText('Set your 90-day revenue goal')).toBeVisible();
  await expect(page.getByText('Card moved')).toBeVisible();
  await expect(page.getByTestId('mtn-progress')).toHaveText('50%');

  // The move is stored: a reload shows the same board, without the welcome dialog.
  await page.reload();
  await expect(column(page, 'COMPLETED').getByText('Set your 90-day revenue goal')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('mtn-donut').getByTestId('mtn-share-COMPLETED')).toHaveText('50%');
  await shot(page, 'board-dashboard-after');
});

test('the member works in the card dialog: checklist, image cover, comment with a mention', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  await page.goto('/move-the-needle');
  await dismissWelcome(page);
  await cardTile(page, 'Order samples from two suppliers').click();
  const dialog = page.getByRole('dialog', { name: 'Order samples from two suppliers' });
  await expect(dialog.getByLabel('Card Title')).toHaveValue('Order samples from two suppliers');
  await expect(dialog.getByLabel('In List')).toHaveValue(/\d+/);

  await dialog.getByRole('button', { name: 'Checklist', exact: true }).click();
  await dialog.getByLabel('Title of the new checklist').fill('Supplier steps');
  await dialog.getByRole('button', { name: 'Add checklist' }).click();
  await expect(page.getByText('Checklist added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add an item' }).click();
  for (const item of ['Email supplier A', 'Email supplier B']) {
    await dialog.getByLabel('New item of Supplier steps').fill(item);
    await dialog.getByLabel('New item of Supplier steps').press('Enter');
    await expect(dialog.getByRole('checkbox', { name: item })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('checkbox', { name: 'Email supplier A' }).check();
  await expect(dialog.getByRole('progressbar', { name: 'Supplier steps: Checklist in progress' })).toHaveAttribute('aria-valuenow', '50');
  await dialog.getByRole('checkbox', { name: 'Email supplier B' }).check();
  await expect(dialog.getByRole('progressbar', { name: 'Supplier steps: Checklist completed' })).toHaveAttribute('aria-valuenow', '100');

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'From Computer' }).click();
  await (await chooser).setFiles({ name: 'sample.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Attachment added')).toBeVisible();
  await dialog.getByRole('button', { name: 'Make Cover: sample.png' }).click();
  await expect(dialog.getByRole('button', { name: 'Remove Cover: sample.png' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Mention a coach' }).click();
  await dialog.getByRole('checkbox', { name: 'Cole Coach' }).check();
  const box = dialog.getByLabel('Write a comment');
  await box.fill('Samples ordered, **please review**');
  await box.press('Shift+Enter');
  await box.pressSequentially('Second line');
  await box.press('Enter');
  await expect(page.getByText('Comment added')).toBeVisible();
  const comments = dialog.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText('please review')).toBeVisible();
  await expect(comments.getByText('Mentioned: @Cole Coach')).toBeVisible();
  await shot(page, 'board-card-dialog');

  await dialog.getByRole('button', { name: 'Close' }).click();
  const tile = cardTile(page, 'Order samples from two suppliers');
  await expect(tile.locator('img')).toBeVisible();
  await expect(tile.getByText('2/2')).toBeVisible();
  await shot(page, 'board-with-cover');
});

test('the coach opens the member’s board from its URL and sees the comment', async ({ page }) => {
  await signInAs(page, DEMO.coach);
  await page.goto(`/move-the-needle/${memberId}`);
  await dismissWelcome(page);
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset board' })).toBeVisible();
  await cardTile(page, 'Order samples from two suppliers').click();
  const dialog = page.getByRole('dialog', { name: 'Order samples from two suppliers' });
  await expect(dialog.getByRole('list', { name: 'Comments' }).getByText('please review')).toBeVisible();
  await expect(dialog.getByText('Priya Premium').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete card' })).toHaveCount(0);
  await shot(page, 'board-coach-view');
});

test('a basic member who joined after the cutoff sees no Move the Needle anywhere', async ({ page }) => {
  await signInAs(page, DEMO.basic);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: /move the needle/i })).toHaveCount(0);
  await expect(page.getByTestId('mtn-donut')).toHaveCount(0);
  await expect(page.getByText('Move the Needle', { exact: true })).toHaveCount(0);
  await shot(page, 'board-basic-dashboard');
  const api = await page.request.get('/api/move-the-needle/list/read-many');
  expect(api.status()).toBe(403);
});

test('a premium member who joined after the cutoff gets the Rainmaker Calendar card instead', async ({ page }) => {
  await signInAs(page, DEMO.premiumNew);
  await expect(page.getByRole('heading', { name: 'Rainmaker Calendar' })).toBeVisible();
  await expect(page.getByTestId('mtn-donut')).toHaveCount(0);
  await expect(page.getByRole('navigation').first().getByRole('link', { name: /move the needle/i })).toHaveCount(0);
  await shot(page, 'board-calendar-card');
});
