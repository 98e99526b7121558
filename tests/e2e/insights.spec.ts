import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { InsightsSummary } from '../../shared/src/types/insights';
import { DEMO, shot, signInAs } from './support';

/**
 * The admin opens /insights (docs/areas/insights.md#insights-page). A member's card waits in FOR REVIEW (seeded through the
 * API, deleted afterwards); the page's totals are the summary's numbers, the demo past-due member
 * is at risk with links to the User Dashboard and a CSV export; 7 days asks for the last week;
 * at 390 px the page does not scroll sideways. Active members come from the analytics rollups,
 * which the demo's 90 days of history fill (api/src/db/seed-history.ts): the totals are compared
 * with what the API counted.
 */
interface BoardList {
  id: number;
  name: string;
}

let cardId = 0;

test.afterAll(async ({ browser }) => {
  if (!cardId) return;
  const context = await browser.newContext();
  const res = await context.request.post('/api/auth/signin', { data: DEMO.admin });
  expect(res.status()).toBe(200);
  await context.request.delete(`/api/move-the-needle/card/${cardId}`);
  await context.close();
});

const stat = (page: Page, label: string) =>
  page
    .getByLabel('Totals for the period')
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) });

/**
 * Charts draw once they come near the viewport (docs/areas/insights.md#measured-in-chromium): scrolls
 * each into view and waits until it is drawn, so a full-page screenshot shows every chart.
 */
async function drawEveryChart(page: Page) {
  const figures = page.locator('[role="img"][data-chart]');
  const count = await figures.count();
  expect(count).toBe(7);
  for (let i = 0; i < count; i++) {
    await figures.nth(i).scrollIntoViewIfNeeded();
    await expect(figures.nth(i)).toHaveAttribute('data-chart', 'drawn');
    await expect(figures.nth(i).locator('.recharts-wrapper > svg')).toHaveCount(1);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('an admin reads the insights: totals from the API, a card waiting for review, members at risk, CSV', async ({
  browser,
}) => {
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInAs(member, DEMO.premium);
  const lists = (
    (await (await member.request.get('/api/move-the-needle/list/read-many')).json()) as {
      lists: BoardList[];
    }
  ).lists;
  const created = await member.request.post('/api/move-the-needle/card/upsert', {
    data: { ListId: lists.find((l) => l.name === 'FOR REVIEW')!.id, title: `Insights ${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  cardId = ((await created.json()) as { card: { id: number } }).card.id;
  await memberContext.close();

  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await signInAs(page, DEMO.admin);
  const summaryResponse = page.waitForResponse((r) => r.url().includes('/api/insights/summary'));
  await page.getByRole('navigation').first().getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
  const summary = (await (await summaryResponse).json()) as InsightsSummary;
  expect(summary.totals.cardsWaiting).toBeGreaterThanOrEqual(1);
  for (const [label, value] of [
    ['Active members', summary.totals.activeMembers],
    ['Sign-ups', summary.totals.signUps],
    ['Cancellations', summary.totals.cancellations],
    ['Lessons completed', summary.totals.lessonCompletions],
    ['Cards waiting for review', summary.totals.cardsWaiting],
  ] as const) {
    await expect(stat(page, label)).toContainText(value.toLocaleString('en-US'));
  }
  // The first chart is drawn at once; the last, far below the fold, is an empty box of its height
  // until it comes near (or its numbers are opened).
  const first = page.getByRole('img', { name: /^Active members per day: chart/ });
  await expect(first.locator('.recharts-wrapper > svg')).toHaveCount(1);
  const last = page.getByRole('img', { name: /^Cards waiting in FOR REVIEW: chart/ });
  await expect(last).toHaveAttribute('data-chart', 'waiting');
  await expect(last.locator('svg')).toHaveCount(0);
  expect((await last.boundingBox())!.height).toBe(240);
  // The chart's numbers: the FOR REVIEW waits add up to the total.
  const waits = page.getByRole('table', { name: 'Cards waiting in FOR REVIEW' });
  await page.getByText('Show the numbers').last().click();
  await expect(waits.getByRole('row', { name: /< 1 day/ })).toContainText(
    String(summary.reviewWaiting.find((b) => b.label === '< 1 day')!.cards),
  );

  const atRisk = page.getByRole('table', { name: 'Members at risk' });
  const pat = atRisk.getByRole('row').filter({ hasText: 'Pat Pastdue' });
  await expect(pat).toContainText('Payment problem (Past due)');
  // Opening its numbers drew the last chart.
  await expect(last).toHaveAttribute('data-chart', 'drawn');
  await drawEveryChart(page);
  await shot(page, 'insights-1280');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('members-at-risk.csv');
  expect(fs.readFileSync(await file.path(), 'utf8')).toContain('blocked@demo.portal');

  const lastWeek = page.waitForResponse((r) => r.url().includes('/api/insights/summary'));
  await page.getByRole('button', { name: '7 days' }).click();
  const week = (await (await lastWeek).json()) as InsightsSummary;
  expect(week.days).toHaveLength(7);
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

  // At 390 px the members are cards (no table scrolling sideways), with the same reasons and links.
  await page.setViewportSize({ width: 390, height: 844 });
  const patCard = page
    .getByRole('list', { name: 'Members at risk' })
    .getByRole('listitem')
    .filter({ hasText: 'Pat Pastdue' })
    .first();
  await expect(patCard).toContainText('Payment problem (Past due)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await drawEveryChart(page);
  await shot(page, 'insights-390');

  await patCard.getByRole('link', { name: 'Pat Pastdue in the User Dashboard' }).click();
  await expect(page).toHaveURL(/\/users\?search=blocked%40demo\.portal$/);
  await expect(page.getByRole('searchbox', { name: 'Search Users' })).toHaveValue('blocked@demo.portal');
  await context.close();
});
