import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

/**
 * A member's card waits in FOR REVIEW; the coach opens /review, sends it back to IN
 * PROGRESS with a comment in one step, and the member's board shows it on top of IN PROGRESS
 * (docs/areas/review.md), and the member's bell quotes the comment. The card is deleted afterwards (as the admin), so the demo board is as the
 * other specs expect.
 */
const column = (page: Page, name: string) =>
  page.locator('section.mtn-list').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}$`, 'i') }) });

interface BoardList {
  id: number;
  name: string;
  Cards: Array<{ id: number; title: string }>;
}

async function signInRequest(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/signin', { data: account });
  expect(res.status(), await res.text()).toBe(200);
}

let cardId = 0;

test.afterAll(async ({ browser }) => {
  if (!cardId) return;
  const context = await browser.newContext();
  await signInRequest(context.request, DEMO.admin);
  await context.request.delete(`/api/move-the-needle/card/${cardId}`);
  await context.close();
});

test('a coach sends a card back from /review and the member’s board shows it in IN PROGRESS', async ({ browser }) => {
  const title = `Review me ${Date.now()}`;
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInAs(member, DEMO.premium);
  const board = await member.request.get('/api/move-the-needle/list/read-many');
  expect(board.status()).toBe(200);
  const lists = ((await board.json()) as { lists: BoardList[] }).lists;
  const forReview = lists.find((l) => l.name === 'FOR REVIEW')!;
  const created = await member.request.post('/api/move-the-needle/card/upsert', {
    data: { ListId: forReview.id, title },
  });
  expect(created.status(), await created.text()).toBe(200);
  cardId = ((await created.json()) as { card: { id: number } }).card.id;

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signInAs(coach, DEMO.coach);
  await coach.getByRole('navigation').first().getByRole('link', { name: 'Review queue' }).click();
  await expect(coach).toHaveURL(/\/review$/);
  await expect(coach.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await coach.getByRole('button', { name: 'All', exact: true }).click();
  const item = coach.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText('waiting');
  await shot(coach, 'review-queue');

  // At 390 px the queue fits the screen: no sideways scrolling, the actions still on screen.
  await coach.setViewportSize({ width: 390, height: 844 });
  await expect(item).toBeVisible();
  expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(coach, 'review-queue-390');

  // The inbox: picking the card shows it in full (on a phone, instead of the queue), then one step.
  await item.getByRole('button').click();
  const preview = coach.getByRole('region', { name: 'Card preview' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  expect(await coach.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(coach, 'review-preview-390');
  await preview.getByLabel('Comment (optional)').fill('Tighten the headline, then send it again.');
  await preview.getByRole('button', { name: 'Request changes' }).click();
  await expect(coach.getByText('Card sent back to IN PROGRESS')).toBeVisible();
  await expect(coach.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  await member.goto('/move-the-needle');
  const inProgress = column(member, 'IN PROGRESS');
  await expect(inProgress.locator('li.mtn-card').first()).toContainText(title);
  await expect(column(member, 'FOR REVIEW').locator('li.mtn-card').filter({ hasText: title })).toHaveCount(0);
  // The member's bell quotes the coach's comment with the move (it came live, or with the page).
  await member
    .getByRole('button', { name: /^Notifications, \d+ unread$/ })
    .first()
    .click();
  const panel = member.getByRole('region', { name: 'Notifications' });
  await expect(panel.locator('q').first()).toHaveText('Tighten the headline, then send it again.');
  await shot(member, 'review-member-board');
  await memberContext.close();
  await coachContext.close();
});
