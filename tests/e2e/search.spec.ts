import { expect, test, type Page } from '@playwright/test';
import { fillMessage, MESSAGES } from '../../shared/src/messages';
import { DEMO, axeViolations, signInAs } from './support';

/**
 * The command palette (docs/areas/search.md): Ctrl+K anywhere, type, pick a result with the keyboard
 * and land on its screen; a member finds their own product and a lesson, a coach the members they
 * coach and those members' cards, never a member they do not coach. At 390 px from the top bar's
 * Search button. The open palette passes axe at both widths (the dialog itself: a11y.spec.ts scans the screens).
 */

/**
 * axe over the open palette (the dialog; the screen behind it is scanned by a11y.spec.ts), every rule on
 * (support.ts's axeViolations): the serious and critical findings.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page, '[role="dialog"]'))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });

/** Types `term` in the open palette and moves with ArrowDown until `option` is the active one, then Enter. */
async function pick(page: Page, term: string, option: RegExp): Promise<void> {
  const input = palette(page).getByRole('combobox');
  await expect(input).toBeFocused();
  await input.fill(term);
  const target = palette(page).getByRole('option', { name: option });
  await expect(target).toBeVisible();
  const count = await palette(page).getByRole('option').count();
  for (let i = 0; i < count && (await target.getAttribute('aria-selected')) !== 'true'; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(target).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await target.getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
}

test('a member jumps to a lesson and to their product with Ctrl+K and the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.premium);

  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  // Screens of the member's own sidebar, filtered as one types.
  await palette(page).getByRole('combobox').fill('needle');
  await expect(palette(page).getByRole('option', { name: 'Move The Needle' })).toBeVisible();
  await expect(palette(page).getByRole('option', { name: 'User Dashboard' })).toHaveCount(0);

  await pick(page, 'finding suppliers', /Finding suppliers/);
  await expect(page).toHaveURL(/\/courses\/amazon-fba-foundations\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Finding suppliers' }).first()).toBeVisible();

  await page.keyboard.press('Control+K');
  await pick(page, 'bamboo', /Bamboo Cutting Board Set/);
  await expect(page).toHaveURL(/\/profit-calculator\?product=\d+$/);
  await expect(page.getByRole('heading', { name: 'Bamboo Cutting Board Set' })).toBeVisible();

  // Another member's name finds nobody: members are for coaches and admins.
  await page.keyboard.press('Control+K');
  await palette(page).getByRole('combobox').fill('Grace Hopper');
  await expect(palette(page).getByText(fillMessage(MESSAGES.searchNoResults, { term: 'Grace Hopper' }))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
});

test('a coach finds the members they coach and their cards, not other members', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.coach);

  await page.getByRole('button', { name: 'Search' }).first().click();
  await pick(page, 'grace', /Grace Hopper/);
  await expect(page).toHaveURL(/\/users\?search=member1%40demo\.portal$/);
  await expect(page.getByText('Grace Hopper').first()).toBeVisible();

  await page.keyboard.press('Control+K');
  await pick(page, 'listing title', /Draft the listing title and bullets/);
  await expect(page).toHaveURL(/\/move-the-needle\/\d+\?card=\d+$/);
  await expect(page.getByRole('dialog', { name: /Draft the listing title and bullets/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Noah Newcomer is a premium member the coach does not coach.
  await page.keyboard.press('Control+K');
  await palette(page).getByRole('combobox').fill('Noah');
  await expect(palette(page).getByText(fillMessage(MESSAGES.searchNoResults, { term: 'Noah' }))).toBeVisible();
});

test('at 390 px the top bar’s Search button opens the palette; a result is picked with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.coach);
  const button = page.getByRole('banner').getByRole('button', { name: 'Search' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(palette(page)).toBeVisible();
  const box = (await palette(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await palette(page).getByRole('combobox').fill('omar');
  await expect(palette(page).getByRole('option', { name: /Omar Haddad/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await pick(page, 'omar', /Omar Haddad/);
  await expect(page).toHaveURL(/\/users\?search=member4%40demo\.portal$/);
  await expect(page.getByText('Omar Haddad').first()).toBeVisible();
  // Escape gives focus back to the button that opened it.
  await button.click();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});
