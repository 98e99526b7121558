import { expect, test } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

test('an admin creates, renames and deletes a tag', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.getByRole('link', { name: 'Tag Management' }).click();
  await expect(page).toHaveURL(/\/tag-management$/);
  const name = `E2E Tag ${Date.now()}`;
  await page.getByRole('button', { name: 'Add new Tag' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a new tag' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag saved successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await shot(page, 'tags');

  await row.getByRole('button', { name: /edit/i }).click();
  await expect(page.getByRole('dialog', { name: `Edit tag: ${name}` })).toBeVisible();
  await page.getByLabel('Name').fill(`${name} renamed`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: `${name} renamed` })).toBeVisible();

  await page
    .getByRole('row')
    .filter({ hasText: `${name} renamed` })
    .getByRole('button', { name: /edit/i })
    .click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('button', { name: /^(yes|delete|confirm)/i }).last();
  if (await confirm.isVisible()) await confirm.click();
  await expect(page.getByRole('row').filter({ hasText: `${name} renamed` })).toHaveCount(0);
});

test('an admin switches role and the sidebar follows, then switches back', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Tag Management' })).toBeVisible();
  await page.getByRole('button', { name: /switch roles/i }).click();
  await page.getByRole('button', { name: /^basic/i }).click();
  await expect(nav.getByRole('link', { name: 'Tag Management' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'User Dashboard' })).toHaveCount(0);
  await shot(page, 'admin-as-basic');
  await page.getByRole('button', { name: /switch roles/i }).click();
  await page.getByRole('button', { name: /^admin/i }).click();
  await expect(nav.getByRole('link', { name: 'Tag Management' })).toBeVisible();
});
