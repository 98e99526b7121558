import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/src/messages';
import { DEMO, axeViolations, shot, signInAs } from './support';

/**
 * The community inside the portal: with the portal setting on 'portal', a member opens Community from
 * the sidebar, posts in Wins (markdown, with XSS payloads that must stay inert) and comments; another
 * member reports the post; a coach finds it in the moderation queue, hides it and closes the report,
 * and the post is hidden from the other member. The screens are scanned with axe and checked at 390 px.
 * Then: a member mentions the coach with the @ picker and the coach's open bell follows live; a
 * completed card is shared as a win; a profile opens from the dashboard's community search (axe, 390 px).
 * The posts and cards are deleted and the setting put back afterwards, so the other specs see the demo as it was.
 */

type Account = { email: string; password: string };

async function signInRequest(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/auth/signin', { data: account });
  expect(res.status(), await res.text()).toBe(200);
}

async function asAdmin<T>(browser: Browser, work: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    await signInRequest(context.request, DEMO.admin);
    return await work(context.request);
  } finally {
    await context.close();
  }
}

async function setCommunityMode(request: APIRequestContext, mode: 'external' | 'portal') {
  const res = await request.post('/api/settings/upsert', { data: { values: { communityMode: mode } } });
  expect(res.status(), await res.text()).toBe(200);
}

/** axe over the page as it is: the serious and critical findings. */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

let postId = 0;
/** What the specs below made, deleted afterwards. */
const madePosts: number[] = [];
const madeCards: number[] = [];

test.beforeAll(async ({ browser }) => {
  await asAdmin(browser, (request) => setCommunityMode(request, 'portal'));
});

test.afterAll(async ({ browser }) => {
  await asAdmin(browser, async (request) => {
    if (postId) await request.delete(`/api/community/post/${postId}`);
    for (const id of madePosts) await request.delete(`/api/community/post/${id}`);
    for (const id of madeCards) await request.delete(`/api/move-the-needle/card/${id}`);
    await setCommunityMode(request, 'external');
  });
});

test('a member posts in a space and comments; a coach hides the reported post', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `First wholesale order ${Date.now()}`;
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  const dialogs: string[] = [];
  member.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInAs(member, DEMO.premium);

  // The sidebar's Community leads into the app (the portal setting), not to the external group.
  const nav = member.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.getByRole('link', { name: 'Community Group' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Community', exact: true }).click();
  await expect(member).toHaveURL(/\/community$/);
  await expect(member.getByRole('heading', { name: MESSAGES.communityTitle, level: 1 })).toBeVisible();
  const spaces = member.getByRole('navigation', { name: MESSAGES.communitySpacesLabel });
  await spaces.getByRole('link', { name: /^Wins/ }).click();
  await expect(member.getByRole('heading', { name: 'Wins', level: 2 })).toBeVisible();

  // Post: markdown renders, raw HTML and script links do not.
  await member.getByRole('button', { name: MESSAGES.communityNewPost }).first().click();
  const composer = member.getByRole('dialog', { name: MESSAGES.communityNewPost });
  await expect(composer.getByLabel(MESSAGES.communityFieldSpace)).toHaveValue(/\d+/);
  await composer.getByLabel(MESSAGES.communityFieldTitle).fill(title);
  await composer
    .getByRole('textbox', { name: MESSAGES.communityFieldBody })
    .fill(
      'We shipped **40 units** to a store.\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))\n\n- listed\n- sold',
    );
  await composer.getByRole('button', { name: MESSAGES.communityPublish }).click();
  await expect(member.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  postId = Number(/\/community\/post\/(\d+)$/.exec(member.url())?.[1]);
  expect(postId).toBeGreaterThan(0);
  const body = member.getByTestId('community-markdown').first();
  await expect(body.locator('strong')).toHaveText('40 units');
  await expect(body.locator('img, script, [onerror]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript" i]')).toHaveCount(0);

  // Comment, and like.
  await member.getByLabel(MESSAGES.communityCommentLabel).fill('Next goal: **100** units.');
  await member.getByRole('button', { name: MESSAGES.communityCommentSubmit }).click();
  const comments = member.getByRole('list', { name: MESSAGES.communityComments });
  await expect(comments.getByRole('listitem')).toHaveCount(1);
  await expect(comments.locator('strong')).toHaveText('100');
  await expect(member.getByLabel(MESSAGES.communityCommentLabel)).toHaveValue('');
  const like = member.getByRole('button', { name: /^Like \(/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('aria-label', 'Like (1)');
  expect(await seriousViolations(member)).toEqual([]);
  await shot(member, 'community-post-1280');

  await member.goto('/community');
  await expect(member.getByRole('article').filter({ hasText: title })).toBeVisible();
  expect(await seriousViolations(member)).toEqual([]);
  await shot(member, 'community-feed-1280');

  // 390 px: the spaces scroll sideways in their own row; nothing else does.
  await member.setViewportSize({ width: 390, height: 844 });
  await expect(member.getByRole('article').filter({ hasText: title })).toBeVisible();
  await fitsWidth(member, 390);
  await shot(member, 'community-feed-390');
  await member.getByRole('link', { name: title, exact: true }).click();
  await expect(member.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const submit = await member.getByRole('button', { name: MESSAGES.communityCommentSubmit }).boundingBox();
  expect(submit!.x + submit!.width).toBeLessThanOrEqual(390);
  await fitsWidth(member, 390);
  await shot(member, 'community-post-390');
  expect(dialogs).toEqual([]);

  // Another member reports the post.
  const otherContext = await browser.newContext();
  await signInRequest(otherContext.request, DEMO.basic);
  const reason = `Advertising a store ${Date.now()}`;
  const reported = await otherContext.request.post('/api/community/report', { data: { postId, reason } });
  expect(reported.status(), await reported.text()).toBe(200);

  // The coach finds it in the moderation queue, hides it and closes the report.
  const coachContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coach = await coachContext.newPage();
  await signInAs(coach, DEMO.coach, '/community');
  await expect(coach.getByRole('article').filter({ hasText: title })).toBeVisible();
  await coach.getByRole('link', { name: MESSAGES.communityModerationLink }).click();
  await expect(coach.getByRole('heading', { name: MESSAGES.communityModerationTitle, level: 1 })).toBeVisible();
  const report = coach.getByRole('article').filter({ hasText: reason });
  await expect(report).toContainText(title);
  await expect(report).toContainText('Priya Premium');
  expect(await seriousViolations(coach)).toEqual([]);
  await shot(coach, 'community-moderation-1280');
  await report.getByRole('button', { name: `${MESSAGES.communityHide}: ${title}` }).click();
  await expect(coach.getByText(MESSAGES.communityPostHidden)).toBeVisible();
  await expect(report.getByText(MESSAGES.communityHidden, { exact: true })).toBeVisible();
  await coach.setViewportSize({ width: 390, height: 844 });
  await fitsWidth(coach, 390);
  await shot(coach, 'community-moderation-390');
  await report.getByRole('button', { name: `${MESSAGES.communityCloseReport}: ${title}` }).click();
  await expect(coach.getByText(MESSAGES.communityReportResolved)).toBeVisible();
  await expect(coach.getByRole('article').filter({ hasText: reason })).toHaveCount(0);

  // On the post: the moderator's notice and Unhide; the comment's Hide too.
  await coach.setViewportSize({ width: 1280, height: 900 });
  await coach.goto(`/community/post/${postId}`);
  await expect(coach.getByText(MESSAGES.communityPostHiddenNotice)).toBeVisible();
  const tools = coach.getByRole('group', { name: MESSAGES.communityModeratorActions });
  await expect(tools.getByRole('button', { name: MESSAGES.communityUnhide })).toBeVisible();
  await shot(coach, 'community-post-hidden-1280');

  // The author still sees it, marked hidden; the other member no longer does.
  await member.reload();
  await expect(member.getByRole('article').getByText(MESSAGES.communityPostHiddenNotice)).toBeVisible();
  await expect(member.getByText(MESSAGES.communityHiddenNoComments)).toBeVisible();
  await expect(member.getByRole('group', { name: MESSAGES.communityModeratorActions })).toHaveCount(0);
  const gone = await otherContext.request.get(`/api/community/post/${postId}`);
  expect(gone.status()).toBe(404);

  await otherContext.close();
  await coachContext.close();
  await memberContext.close();
});

test('an admin reads the spaces and opens one to edit, at 1280 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin, '/community');
  await page.getByRole('link', { name: MESSAGES.communityManageSpaces }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.communitySpacesTitle, level: 1 })).toBeVisible();
  const spaces = page.getByRole('list', { name: MESSAGES.communitySpacesLabel });
  for (const name of ['Wins', 'Questions', 'Introductions']) {
    await expect(spaces.getByRole('link', { name, exact: true })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'community-spaces-1280');
  await page.getByRole('button', { name: `${MESSAGES.communityEdit}: Wins` }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.communityEditSpace });
  await expect(dialog.getByLabel(MESSAGES.communitySpaceName)).toHaveValue('Wins');
  await expect(dialog.getByRole('group', { name: MESSAGES.communitySpaceRoles })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'community-space-dialog-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'community-space-dialog-390');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await fitsWidth(page, 390);
  await shot(page, 'community-spaces-390');
});

/** The bell of the sidebar (wide screens), by its accessible name. */
const bell = (page: Page) =>
  page.getByRole('complementary').getByRole('button', { name: /^Notifications, \d+ unread$/ });
async function unread(page: Page): Promise<number> {
  const name = await bell(page).getAttribute('aria-label');
  return Number(/(\d+) unread/.exec(name ?? '')![1]);
}

const idOfPost = (page: Page) => Number(/\/community\/post\/(\d+)$/.exec(page.url())?.[1]);

test('a member mentions the coach with the @ picker in a comment; the coach’s open bell follows without a reload', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const coachContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coach = await coachContext.newPage();
  await signInAs(coach, DEMO.coach, '/community');
  await expect(coach.getByRole('heading', { name: MESSAGES.communityTitle, level: 1 })).toBeVisible();
  await expect(bell(coach)).toBeVisible();
  // A mark on the page: a reload would lose it.
  await coach.evaluate(() => ((window as unknown as { loaded: boolean }).loaded = true));
  const before = await unread(coach);

  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await signInAs(member, DEMO.premium, '/community');
  await member.getByRole('button', { name: MESSAGES.communityNewPost }).first().click();
  const composer = member.getByRole('dialog', { name: MESSAGES.communityNewPost });
  const title = `Pricing tips that worked ${Date.now()}`;
  await composer.getByLabel(MESSAGES.communityFieldTitle).fill(title);
  await composer.getByRole('textbox', { name: MESSAGES.communityFieldBody }).fill('Raised my price by a dollar.');
  await composer.getByRole('button', { name: MESSAGES.communityPublish }).click();
  await expect(member.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  madePosts.push(idOfPost(member));

  // The comment box's @ picker: the coach sees every space, so may be mentioned here.
  const comment = member.getByRole('textbox', { name: MESSAGES.communityCommentLabel });
  await comment.pressSequentially('Thanks @Col');
  const people = member.getByRole('listbox', { name: MESSAGES.communityMentionPeople });
  await expect(people.getByRole('option', { name: 'Cole Coach' })).toBeVisible();
  await expect(comment).toHaveAttribute('aria-activedescendant', /.+/);
  expect(await seriousViolations(member)).toEqual([]);
  await shot(member, 'community-mention-picker-1280');
  await comment.press('Enter');
  await expect(people).toHaveCount(0);
  await expect(comment).toHaveValue('Thanks @Cole Coach ');
  await comment.pressSequentially('for the pricing tips.');
  await expect(member.getByText('Mentioning @Cole Coach: they are told.')).toBeVisible();
  const published = Date.now();
  await member.getByRole('button', { name: MESSAGES.communityCommentSubmit }).click();
  await expect(member.getByText('Thanks @Cole Coach for the pricing tips.')).toBeVisible();

  // The coach's bell, open in the other browser, counts it within seconds, without a reload.
  await expect(bell(coach)).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 5_000 });
  console.log(`community.spec: the coach's bell ${Date.now() - published} ms after the comment`);
  expect(await coach.evaluate(() => (window as unknown as { loaded?: boolean }).loaded)).toBe(true);
  await bell(coach).click();
  await expect(coach.getByRole('region', { name: 'Notifications' }).getByText(title).first()).toBeVisible();

  await memberContext.close();
  await coachContext.close();
});

for (const width of [1280, 390]) {
  test(`at ${width} px, a member moves a card into COMPLETED on their own board, shares it as a win from the toast, and posts it in Wins`, async ({
    page,
  }) => {
    const cardTitle = `Shipped the first pallet ${width} ${Date.now()}`;
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    const signedIn = await page.request.post('/api/auth/signin', { data: DEMO.premium });
    expect(signedIn.status()).toBe(200);
    const board = await page.request.get('/api/move-the-needle/list/read-many');
    const lists = ((await board.json()) as { lists: Array<{ id: number; name: string }> }).lists;
    const created = await page.request.post('/api/move-the-needle/card/upsert', {
      data: { ListId: lists.find((l) => l.name === 'IN PROGRESS')!.id, title: cardTitle },
    });
    expect(created.status(), await created.text()).toBe(200);
    madeCards.push(((await created.json()) as { card: { id: number } }).card.id);

    // Moving it into COMPLETED offers the win in the toast that says it moved.
    await page.goto('/move-the-needle');
    // On a phone the pager shows one list at a time: the card is in the second.
    if (width === 390)
      await page.getByRole('navigation', { name: 'Lists' }).getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: `Move to… ${cardTitle}` }).click();
    await page
      .getByRole('dialog', { name: `Move “${cardTitle}”` })
      .getByRole('button', { name: /^Completed/ })
      .click();
    const toasts = page.getByRole('status', { name: 'Notifications' });
    await expect(toasts.getByText(MESSAGES.cardMoved)).toBeVisible();
    await shot(page, `community-share-win-toast-${width}`);
    await toasts.getByRole('link', { name: 'Share as a win' }).click();
    const composer = page.getByRole('dialog', { name: MESSAGES.communityNewPost });
    await expect(composer.getByLabel(MESSAGES.communityFieldSpace)).toHaveValue(/\d+/);
    await expect(composer.getByLabel(MESSAGES.communityFieldSpace).locator('option:checked')).toHaveText('Wins');
    await expect(composer.getByLabel(MESSAGES.communityFieldTitle)).toHaveValue(`Win: ${cardTitle}`);
    // Only the title: the body is the member's to write.
    await expect(composer.getByRole('textbox', { name: MESSAGES.communityFieldBody })).toHaveValue('');
    await composer.getByRole('textbox', { name: MESSAGES.communityFieldBody }).fill('Forty boxes out the door.');
    await composer.getByRole('button', { name: MESSAGES.communityPublish }).click();
    await expect(page.getByRole('heading', { name: `Win: ${cardTitle}`, level: 1 })).toBeVisible();
    madePosts.push(idOfPost(page));
    await expect(page.getByRole('article').getByRole('link', { name: 'Wins', exact: true })).toBeVisible();
  });
}

test('a profile opens from the dashboard’s community search, at 1280 and 390 px, with no serious axe findings', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.premium);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('Ben Basic');
  const members = page.getByRole('list', { name: 'Members' });
  const link = members.getByRole('link', { name: 'View the profile of Ben Basic' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/community\/member\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Ben Basic', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Posts/, level: 2 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'community-profile-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Ben Basic', level: 1 })).toBeVisible();
  await fitsWidth(page, 390);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'community-profile-390');
});
