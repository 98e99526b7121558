import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

const XSS = [
  '<img src=x onerror="alert(1)">',
  '<script>alert(2)</script>',
  '[click me](javascript:alert(3))',
  '<a href="javascript:alert(4)">link</a>',
  '<svg onload=alert(5)>',
  '![x](javascript:alert(6))',
  '**bold** and `code`',
].join('\n\n');

/** A list's column by its heading (any case), shown or not: on a phone the list pager hides the others. */
const column = (page: Page, name: string) =>
  page
    .locator('section.mtn-list')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}$`, 'i'), includeHidden: true }) });

test.describe.configure({ mode: 'serial' });

let memberId = 0;
let cardId = 0;

test('user text with script payloads renders inert for the coach and the admin', async ({ page }) => {
  // The member writes the payloads (API calls with the member's session).
  await signInAs(page, DEMO.premium);
  memberId = ((await (await page.request.get('/api/auth/me')).json()) as { currentUser: { id: number } }).currentUser
    .id;
  const board = (await (await page.request.get('/api/move-the-needle/list/read-many')).json()) as {
    lists: Array<{ id: number; name: string }>;
  };
  const notes = board.lists.find((l) => l.name === 'PERSONAL NOTES')!.id;
  const api = '/api/move-the-needle';
  const card = await page.request.post(`${api}/card/upsert`, {
    data: { title: 'XSS probe', description: XSS, ListId: notes },
  });
  cardId = ((await card.json()) as { card: { id: number } }).card.id;
  const checklist = await page.request.post(`${api}/checkList/upsert`, { data: { title: 'Probe', CardId: cardId } });
  const checklistId = ((await checklist.json()) as { checkList: { id: number } }).checkList.id;
  await page.request.post(`${api}/checkListItem/upsert`, { data: { title: XSS, CheckListId: checklistId } });
  await page.request.post(`${api}/activity/upsert`, { data: { comment: XSS, CardId: cardId, mentionedUsers: [] } });

  for (const account of [DEMO.coach, DEMO.admin]) {
    await page.context().clearCookies();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInAs(page, account, `/move-the-needle/${memberId}?card=${cardId}`);
    const dialog = page.getByRole('dialog', { name: 'XSS probe' });
    await expect(dialog.getByRole('list', { name: 'Comments and history' })).toContainText('bold');
    await expect(dialog.locator('strong', { hasText: 'bold' })).toHaveCount(3);
    expect(await dialog.locator('script, img[src="x"], svg[onload], [onerror]').count()).toBe(0);
    const hrefs = await dialog.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => /^\s*javascript:/i.test(h))).toEqual([]);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    await shot(page, `board-xss-${account === DEMO.coach ? 'coach' : 'admin'}`);
  }
});

test('an admin sees the Master Template, without Reset board, and deletes a list after confirmation', async ({
  page,
}) => {
  await signInAs(page, DEMO.admin);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Master Template' }).click();
  await expect(page.getByRole('heading', { name: 'Master Template' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/Master Template: every member/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset board' })).toHaveCount(0);
  await shot(page, 'board-template');

  // Reserved lists have no Delete; a new list does, behind a confirmation.
  await page.getByRole('button', { name: 'Actions of list COMPLETED' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete list' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '+ Add another list' }).click();
  await page.getByLabel('Name of the new list').fill('COMPLETED');
  await page.getByLabel('Name of the new list').press('Enter');
  await expect(page.getByText('This list name is reserved')).toBeVisible();
  await page.getByLabel('Name of the new list').fill('E2E Ideas');
  await page.getByLabel('Name of the new list').press('Enter');
  await expect(page.getByText('List added')).toBeVisible();
  await expect(column(page, 'E2E Ideas')).toBeVisible();
  await page.getByRole('button', { name: 'Actions of list E2E Ideas' }).click();
  await page.getByRole('menuitem', { name: 'Delete list' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the list E2E Ideas?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'board-delete-list');
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(column(page, 'E2E Ideas')).toHaveCount(0);
});

test('the board works by keyboard and at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.premium, '/move-the-needle');
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  await shot(page, 'board-phone');
  const tile = page.locator('li.mtn-card').filter({ hasText: 'Pick your product niche' }).getByRole('button').first();
  await tile.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Pick your product niche' });
  // Focus lands on the dialog, not the title: a stray key edits nothing and no keyboard rises.
  await expect(dialog).toBeFocused();
  await page.keyboard.press('x');
  await expect(dialog.getByLabel('Card Title')).toHaveValue('Pick your product niche');
  await shot(page, 'board-phone-card');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(tile).toBeFocused();
  // Moving by keyboard: the In List select of the dialog.
  await page.keyboard.press('Enter');
  await dialog.getByLabel('In List').selectOption({ label: 'IN PROGRESS' });
  await expect(page.getByText('Card moved')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(column(page, 'IN PROGRESS').getByText('Pick your product niche')).toBeAttached();
  // A phone shows one list at a time (the list pager): on to IN PROGRESS, where the card is now.
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('navigation', { name: 'Lists' })).toContainText('2 of 7');
  // Put it back for the other specs.
  await tile.press('Enter');
  await page
    .getByRole('dialog', { name: 'Pick your product niche' })
    .getByLabel('In List')
    .selectOption({ label: 'NOT STARTED' });
  await expect(column(page, 'NOT STARTED').getByText('Pick your product niche')).toBeAttached();
  await page.keyboard.press('Escape');
  // A long title wraps: all of it is on screen at 390 px, nothing scrolled out of its box.
  const long = 'Finish the seller foundations course';
  await page.locator('li.mtn-card').filter({ hasText: long }).getByRole('button').first().click();
  const title = page.getByRole('dialog', { name: long }).getByLabel('Card Title');
  await expect(title).toHaveValue(long);
  const box = (await title.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
    true,
  );
  await shot(page, 'board-phone-card-long-title');
});
