import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

/**
 * A member archives a card they made by mistake (delete is admin-only), finds it in the
 * board's archive view and restores it (docs/areas/board.md#behaviour). The card is made here and archived again at the end, so
 * the demo board (and the donut other specs read) is as it was.
 */
const cardTile = (page: Page, title: string) => page.locator('li.mtn-card').filter({ hasText: title });

for (const width of [1280, 390]) {
  test(`a premium member archives a card from its dialog and restores it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, DEMO.premium);
    const board = (await (await page.request.get('/api/move-the-needle/list/read-many')).json()) as {
      lists: Array<{ id: number; name: string }>;
    };
    const list = board.lists.find((l) => l.name === 'NOT STARTED')!;
    const title = `Made by mistake ${width}`;
    const created = await page.request.post('/api/move-the-needle/card/upsert', { data: { ListId: list.id, title } });
    expect(created.status()).toBe(200);
    const cardId = ((await created.json()) as { card: { id: number } }).card.id;

    await page.goto('/move-the-needle');
    await cardTile(page, title).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete card' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Archive card' }).click();
    await expect(page.getByText('Card archived')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cardTile(page, title)).toHaveCount(0);

    await page.getByRole('button', { name: 'Archived cards' }).click();
    const archive = page.getByRole('dialog', { name: 'Archived cards' });
    const row = archive.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('From NOT STARTED');
    await shot(page, `board-archive-${width}`);
    // Keyboard: Tab reaches Restore, Enter restores.
    await row.getByRole('button', { name: `Restore ${title}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Card restored')).toBeVisible();
    await expect(row).toHaveCount(0);
    await archive.getByRole('button', { name: 'Close' }).last().click();
    await expect(cardTile(page, title)).toBeVisible();

    // Put the demo board back as it was: the test card goes to the archive for good.
    expect((await page.request.post('/api/move-the-needle/card/archive', { data: { id: cardId } })).status()).toBe(200);
  });
}
