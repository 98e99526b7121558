import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

/**
 * Playbooks (docs/areas/playbooks.md): the demo coach writes a playbook on /plans, applies it to two
 * of their members (Grace Hopper and Omar Haddad, api/src/db/seed-review.ts) and opens both boards:
 * the cards wait at the end of the first list with their due chip. Applying again in the same
 * dialog is not offered (one key per opening); the API answers the same key with nothing applied.
 */

const column = (page: Page, name: string) =>
  page.locator('section.mtn-list').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}$`, 'i') }) });

test('a coach writes a playbook, applies it to two members and sees the cards on both boards', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const name = `Launch week ${stamp}`;
  const cardTitle = `Order samples ${stamp}`;
  // UTC, the zone of the dialog's default start day, so "due tomorrow" holds at any hour.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  const coach = await context.newPage();
  await signInAs(coach, DEMO.coach);
  await coach.getByRole('navigation').first().getByRole('link', { name: 'Plans' }).click();
  await expect(coach).toHaveURL(/\/plans$/);

  await coach.getByRole('button', { name: 'New playbook' }).click();
  const editor = coach.getByRole('dialog', { name: 'New playbook' });
  await editor.getByLabel('Name').fill(name);
  await editor.getByLabel('Card title').fill(cardTitle);
  await editor.getByLabel('Checklist (one a line)').fill('Ask three suppliers\nCompare prices');
  await editor.getByLabel('Due after start (days)').fill('1');
  await editor.getByRole('button', { name: 'Save playbook' }).click();
  await expect(editor).toHaveCount(0);
  const row = coach.getByRole('list', { name: 'Playbooks' }).getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('1 card');

  await row.getByRole('button', { name: `Apply ${name}` }).click();
  const apply = coach.getByRole('dialog', { name: `Apply ${name}` });
  await apply.getByRole('checkbox', { name: 'Grace Hopper' }).check();
  await apply.getByRole('checkbox', { name: 'Omar Haddad' }).check();
  await shot(coach, 'playbooks-apply-1280');
  await apply.getByRole('button', { name: 'Apply playbook' }).click();
  await expect(apply.getByRole('status')).toHaveText('Added to 2 boards; 0 skipped');
  await apply.getByRole('button', { name: 'Done' }).click();

  // Both boards, as the coach sees them: the card at the end of the first list, due the day after the start.
  const found = await coach.request.get('/api/playbooks/members');
  expect(found.status()).toBe(200);
  const { members: users } = (await found.json()) as { members: Array<{ id: number; fullName: string }> };
  for (const member of ['Grace Hopper', 'Omar Haddad']) {
    const id = users.find((u) => u.fullName === member)?.id;
    expect(id, member).toBeDefined();
    await coach.goto(`/move-the-needle/${id}`);
    await expect(coach.getByRole('heading', { name: `${member}'s Board` })).toBeVisible();
    const tile = column(coach, 'NOT STARTED').locator('li.mtn-card').filter({ hasText: cardTitle });
    await expect(tile).toBeVisible();
    await expect(tile.getByTestId('due-chip')).toHaveText('due tomorrow');
  }
  await column(coach, 'NOT STARTED').locator('li.mtn-card').filter({ hasText: cardTitle }).scrollIntoViewIfNeeded();
  await shot(coach, 'playbooks-member-board-1280');
  await context.close();
});
