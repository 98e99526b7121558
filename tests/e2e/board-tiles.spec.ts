import { expect, test, type Page } from '@playwright/test';
import { axeViolations, DEMO, shot, signInAs } from './support';

/**
 * The board's tiles and lists (docs/areas/board.md, "Tiles" and "Lists on the screen"), as a coach
 * and the member see them at 1280 and 390 px: the owner's avatar on the coach's view, the checklist
 * ring, the "In review" chip, list names in sentence case, the scroll hints of the wide board and
 * the phone's list pager. The spec only reads: it moves no card.
 */

const column = (page: Page, name: string) =>
  page.locator('section.mtn-list').filter({ has: page.getByRole('heading', { name, exact: true }) });
const tile = (page: Page, title: string) => page.locator('li.mtn-card').filter({ hasText: title });

/** axe over the board screen (the page's main region; the shell around it is scanned by a11y.spec.ts). */
async function serious(page: Page) {
  return (await axeViolations(page, 'main'))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Nothing of the board screen (the page's main region) reaches past the screen's right edge. */
const fitsSideways = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main')!;
    return (
      main.scrollWidth <= main.clientWidth &&
      Array.from(main.querySelectorAll('*')).every((el) => el.getBoundingClientRect().right <= window.innerWidth)
    );
  });

/** The demo premium member's id (Priya Premium), read with her own session. */
async function premiumMemberId(page: Page): Promise<number> {
  await signInAs(page, DEMO.premium, '/move-the-needle');
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { currentUser: { id: number } }).currentUser.id;
}

test.describe.configure({ mode: 'serial' });

test('a coach sees the owner, the checklist rings and the review wait, and scrolls to the lists off screen (1280 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const memberId = await premiumMemberId(page);
  // The member's own board: sentence-case lists, no avatar of herself on her tiles.
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Not started');
  await expect(tile(page, 'Pick your product niche')).toBeVisible();
  await expect(page.getByTestId('tile-owner')).toHaveCount(0);

  await signInAs(page, DEMO.coach, `/move-the-needle/${memberId}`);
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  const names = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(names.slice(0, 7)).toEqual([
    'Not started',
    'In progress',
    'Completed',
    'On hold',
    'For review',
    'Future actions',
    'Personal notes',
  ]);

  // The owner on every tile: initials (no photo), the name as tooltip and text.
  const niche = tile(page, 'Pick your product niche');
  const owner = niche.getByTestId('tile-owner');
  await expect(owner).toBeVisible();
  await expect(owner).toHaveAttribute('title', 'Priya Premium');
  await expect(owner).toContainText('PP');
  await expect(niche.getByRole('button').first()).toHaveAccessibleName(/Owner: Priya Premium/);
  expect(await page.getByTestId('tile-owner').count()).toBe(await page.locator('li.mtn-card').count());

  // Checklist rings: none done of three, two of three.
  await expect(niche.getByTestId('checklist-ring')).toHaveAttribute('title', '0 of 3 checklist items done');
  const costs = tile(page, 'Calculate landed cost in the Power Profit Tool').getByTestId('checklist-ring');
  await expect(costs).toHaveAttribute('title', '2 of 3 checklist items done');
  await expect(costs).toContainText('2/3');
  await expect(tile(page, 'Finish the seller foundations course').getByTestId('checklist-ring')).toHaveCount(0);

  // Three lists fit: the strip shows it goes on (fade and button on the right, none on the left).
  const board = page.getByTestId('mtn-board');
  const right = page.getByRole('button', { name: 'Scroll to the lists on the right' });
  const left = page.getByRole('button', { name: 'Scroll to the lists on the left' });
  await expect(right).toBeVisible();
  await expect(right).not.toHaveAttribute('aria-disabled', 'true');
  await expect(left).toHaveAttribute('aria-disabled', 'true');
  const forReview = column(page, 'For review');
  await expect(forReview).not.toBeInViewport({ ratio: 0.9 });
  await shot(page, 'board-tiles-coach-1280');

  // By keyboard: the right button brings FOR REVIEW into view.
  await right.focus();
  for (let i = 0; i < 4; i++) {
    if (await forReview.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)) break;
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400); // the smooth scroll
  }
  await expect(forReview).toBeInViewport({ ratio: 0.9 });
  await expect(left).not.toHaveAttribute('aria-disabled', 'true');
  expect(await board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  // The card waiting for review says how long, in words for screen readers too.
  const waiting = tile(page, 'Book a review call with your coach');
  const chip = waiting.getByTestId('review-chip');
  await expect(chip).toBeVisible();
  await expect(chip).toContainText(/^In review (now|\d+ (min|h|d))/);
  await expect(chip).toHaveAttribute('title', /^Waiting for review since /);
  await expect(waiting.getByRole('button').first()).toHaveAccessibleName(
    /In review (since just now|for \d+ (minute|hour|day)s?)/,
  );
  await expect(page.locator('[data-testid="review-chip"]')).toHaveCount(await forReview.locator('li.mtn-card').count());
  await shot(page, 'board-tiles-coach-1280-scrolled');

  expect(await serious(page)).toEqual([]);
});

test('on a phone the lists come one at a time with a pager (390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const memberId = await premiumMemberId(page);
  await signInAs(page, DEMO.coach, `/move-the-needle/${memberId}`);
  await expect(page.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Lists' });
  await expect(pager).toBeVisible();
  await expect(pager).toContainText('Not started');
  await expect(pager).toContainText('1 of 7');
  await expect(page.locator('section.mtn-list:visible')).toHaveCount(1);
  await expect(column(page, 'Not started')).toBeVisible();
  // The scroll buttons of the wide board are not shown here.
  await expect(page.getByRole('button', { name: /^Scroll to the lists/ })).toHaveCount(0);
  // The one list takes the screen's width, and nothing scrolls sideways.
  const box = (await column(page, 'Not started').boundingBox())!;
  expect(box.width).toBeGreaterThan(300);
  expect(await fitsSideways(page)).toBe(true);
  await expect(tile(page, 'Pick your product niche').getByTestId('tile-owner')).toBeVisible();
  await expect(tile(page, 'Pick your product niche').getByTestId('checklist-ring')).toBeVisible();
  await shot(page, 'board-tiles-pager-390');

  const next = pager.getByRole('button', { name: 'Next' });
  const previous = pager.getByRole('button', { name: 'Previous' });
  await expect(previous).toHaveAttribute('aria-disabled', 'true');
  await next.click();
  await expect(pager).toContainText('In progress');
  await expect(pager).toContainText('2 of 7');
  await expect(column(page, 'In progress')).toBeVisible();
  await expect(column(page, 'Not started')).toBeHidden();
  await expect(tile(page, 'Finish the seller foundations course')).toBeVisible();

  // By keyboard, on to FOR REVIEW (5 of 7): the waiting card and its chip.
  await next.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Enter');
  await expect(pager).toContainText('For review');
  await expect(pager).toContainText('5 of 7');
  await expect(next).toBeFocused();
  await expect(tile(page, 'Book a review call with your coach').getByTestId('review-chip')).toBeVisible();
  expect(await fitsSideways(page)).toBe(true);
  await shot(page, 'board-tiles-pager-390-review');
  expect(await serious(page)).toEqual([]);

  // To the last list, where Next stops and "Add another list" follows; then back.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(pager).toContainText('7 of 7');
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: '+ Add another list' })).toBeVisible();
  await previous.click();
  await expect(pager).toContainText('6 of 7');
  await expect(page.getByRole('button', { name: '+ Add another list' })).toBeHidden();
});
