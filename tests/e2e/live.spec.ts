import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO, shot, pointerDrag } from './support';

/**
 * The live coaching loop in two browsers (docs/areas/live.md): the demo member (coached by the demo coach,
 * api/src/db/seed-review.ts) and that coach both have the member's board open. The member drags
 * a card into FOR REVIEW: the coach's board shows it there and the coach's bell count rises; the
 * coach sends it back from /review: the member's board and bell follow. No page is reloaded, and
 * each wait is far shorter than the bell's fallback poll (5 min), so the spec fails when the live
 * events break. The card is deleted afterwards (as the admin), so the demo board stays as the
 * other specs expect.
 */
const LIVE_MS = 5_000;

const column = (page: Page, name: string) =>
  page.locator('section.mtn-list').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name}$`, 'i') }) });
const cardTile = (page: Page, title: string) => page.locator('li.mtn-card').filter({ hasText: title });
/** The bell of the sidebar (wide screens), by its accessible name. */
const bell = (page: Page) =>
  page.getByRole('complementary').getByRole('button', { name: /^Notifications, \d+ unread$/ });

async function unread(page: Page): Promise<number> {
  const name = await bell(page).getAttribute('aria-label');
  return Number(/(\d+) unread/.exec(name ?? '')![1]);
}

/** Drags with the mouse (Sortable's fallback drag): press, move in steps, release. */
const drag = (page: Page, from: Locator, to: Locator) => pointerDrag(page, from, to, 'bottom');

async function signInRequest(request: APIRequestContext, account: { email: string; password: string }) {
  const res = await request.post('/api/auth/signin', { data: account });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A signed-in page of its own context (the demo accounts have seen the welcome video). Signs in through the API and answers the user's id; `before` runs
 * the spec's API calls right after (an API context idle longer than the server's keep-alive may
 * find its connection closed).
 */
async function open(
  browser: Browser,
  account: { email: string; password: string },
  before: (request: APIRequestContext, userId: number) => Promise<void> = async () => undefined,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/signin', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  const userId = ((await res.json()) as { currentUser: { id: number } }).currentUser.id;
  await before(page.request, userId);
  return { context, page, userId };
}
/** Opens `path`, then marks the page: a reload would lose the mark (see stillSamePage). */
async function openBoard(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => ((window as unknown as { loaded: boolean }).loaded = true));
}
const stillSamePage = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { loaded?: boolean }).loaded)).toBe(true);

let cardId = 0;

test.afterAll(async ({ browser }) => {
  if (!cardId) return;
  const context = await browser.newContext();
  await signInRequest(context.request, DEMO.admin);
  await context.request.delete(`/api/move-the-needle/card/${cardId}`);
  await context.close();
});

test('a move into FOR REVIEW and a send-back reach the other browser’s open board and bell without a reload', async ({
  browser,
}) => {
  const title = `Live loop ${Date.now()}`;
  const {
    context: memberContext,
    page: member,
    userId: memberId,
  } = await open(browser, DEMO.premium, async (request) => {
    const board = await request.get('/api/move-the-needle/list/read-many');
    const lists = ((await board.json()) as { lists: Array<{ id: number; name: string }> }).lists;
    const created = await request.post('/api/move-the-needle/card/upsert', {
      data: { ListId: lists.find((l) => l.name === 'ON HOLD')!.id, title },
    });
    expect(created.status(), await created.text()).toBe(200);
    cardId = ((await created.json()) as { card: { id: number } }).card.id;
  });

  // Both open the member's board and wait until it is live.
  await openBoard(member, '/move-the-needle');
  await expect(cardTile(member, title)).toBeVisible();
  await expect(member.getByTestId('live-state')).toHaveAttribute('data-state', 'connected');

  const { context: coachContext, page: coach } = await open(browser, DEMO.coach);
  await openBoard(coach, `/move-the-needle/${memberId}`);
  await expect(coach.getByRole('heading', { name: "Priya Premium's Board" })).toBeVisible();
  await expect(column(coach, 'ON HOLD').getByText(title)).toBeVisible();
  await expect(coach.getByTestId('live-state')).toHaveAttribute('data-state', 'connected');
  const coachUnread = await unread(coach);

  // The member drags the card from ON HOLD into FOR REVIEW, its neighbour (both on screen once
  // the board is scrolled to FOR REVIEW).
  await column(member, 'FOR REVIEW').scrollIntoViewIfNeeded();
  await drag(member, cardTile(member, title), column(member, 'FOR REVIEW').locator('ul'));
  await expect(member.getByText('Card moved')).toBeVisible();
  const moved = Date.now();
  await expect(column(coach, 'FOR REVIEW').getByText(title)).toBeVisible({ timeout: LIVE_MS });
  const boardMs = Date.now() - moved;
  await expect(column(coach, 'ON HOLD').getByText(title)).toHaveCount(0);
  await expect(bell(coach)).toHaveAccessibleName(`Notifications, ${coachUnread + 1} unread`, { timeout: LIVE_MS });
  const bellMs = Date.now() - moved;
  await stillSamePage(coach);
  await column(coach, 'FOR REVIEW').scrollIntoViewIfNeeded();
  await shot(coach, 'live-coach-board');

  // The coach's bell panel names the move; the coach goes to /review from the sidebar.
  await bell(coach).click();
  const panel = coach.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByText(`Priya Premium moved "${title}" to FOR REVIEW`)).toBeVisible();
  await coach.keyboard.press('Escape');
  await coach.getByRole('navigation').first().getByRole('link', { name: 'Review queue' }).click();
  await expect(coach).toHaveURL(/\/review$/);
  const item = coach.getByRole('listitem').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Priya Premium');

  // The coach opens the card from the queue, back to the queue, and sends it back.
  await item.getByRole('button').click();
  const preview = coach.getByRole('region', { name: 'Card preview' });
  await preview.getByRole('link', { name: 'Open on the board' }).click();
  const dialog = coach.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await coach.getByRole('navigation').first().getByRole('link', { name: 'Review queue' }).click();
  await expect(coach).toHaveURL(/\/review$/);
  const memberUnread = await unread(member);
  await item.getByRole('button').click();
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await preview.getByLabel('Comment (optional)').fill('Good start: add the numbers, then send it again.');
  await preview.getByRole('button', { name: 'Request changes' }).click();
  await expect(coach.getByText('Card sent back to IN PROGRESS')).toBeVisible();
  const sent = Date.now();

  // The member's open board and bell follow, without a reload.
  await expect(column(member, 'IN PROGRESS').locator('li.mtn-card').first()).toContainText(title, {
    timeout: LIVE_MS,
  });
  const backMs = Date.now() - sent;
  await expect(column(member, 'FOR REVIEW').getByText(title)).toHaveCount(0);
  await expect(bell(member)).toHaveAccessibleName(`Notifications, ${memberUnread + 1} unread`, {
    timeout: LIVE_MS,
  });
  const memberBellMs = Date.now() - sent;
  await stillSamePage(member);
  await column(member, 'IN PROGRESS').scrollIntoViewIfNeeded();
  await bell(member).click();
  await expect(
    member
      .getByRole('region', { name: 'Notifications' })
      .getByText(`Cole Coach moved your card "${title}" from FOR REVIEW to IN PROGRESS`),
  ).toBeVisible();
  await shot(member, 'live-member-board');

  // Upper bounds (they include Playwright's polling), printed, not asserted.
  console.log(
    `live.spec: coach board ${boardMs} ms, coach bell ${bellMs} ms after the member's drop; member board ${backMs} ms, member bell ${memberBellMs} ms after the send-back`,
  );
  await memberContext.close();
  await coachContext.close();
});
