import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

/**
 * Sub. Problems finds the members who are locked out (docs/areas/users.md#decisions). Pat Pastdue (the demo's past_due
 * premium member, who sees /blocked) is not unpaid, so the spec's default leaves them out; 'Past due'
 * and 'Every blocking status' list them.
 */
async function openSubProblems(page: Page): Promise<void> {
  await signInAs(page, DEMO.admin, '/users');
  await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
  await page.getByLabel('Search Users').fill('Pastdue');
  await expect(page.getByText('Pat Pastdue').first()).toBeVisible();
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Sub. Problems' }).click();
}

for (const width of [1280, 390]) {
  test(`an admin finds a past-due member with Sub. Problems (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSubProblems(page);
    const select = page.getByRole('combobox', { name: 'Subscription problems' });
    await expect(select).toHaveValue('unpaid');
    await expect(page.getByText('No users')).toBeVisible();
    await expect(page.getByText('Pat Pastdue')).toHaveCount(0);

    await select.selectOption({ label: 'Every blocking status (locked out)' });
    await expect(page.getByText('Pat Pastdue').first()).toBeVisible();
    // The status in words on the member's chip (the select's option says it too).
    await expect(page.locator('span', { hasText: /^Past due$/ }).first()).toBeVisible();
    await shot(page, `users-sub-problems-${width}`);

    // Keyboard: the select takes arrow keys like any other.
    await select.focus();
    await select.selectOption('past_due');
    await expect(page.getByText('Pat Pastdue').first()).toBeVisible();
    await select.selectOption('incomplete');
    await expect(page.getByText('No users')).toBeVisible();

    await page.getByRole('button', { name: 'Show all users' }).click();
    await expect(select).toBeHidden();
    await expect(page.getByText('Pat Pastdue').first()).toBeVisible();
  });
}
