import { expect, test, type Request } from '@playwright/test';
import { DEMO, signInAs } from './support';

/** The real client in Chromium sends batches the real API stores (docs/areas/insights.md). */
const isBatch = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/analytics/events';
const eventsOf = (r: Request) =>
  (r.postDataJSON() as { events: Array<{ name: string; props: Record<string, unknown> }> }).events;

test('page views go in batches after a few seconds, and with a beacon when the page is hidden', async ({ page }) => {
  const first = page.waitForRequest(isBatch, { timeout: 20_000 });
  await signInAs(page, DEMO.basic);
  const batch = await first;
  expect(eventsOf(batch)).toContainEqual(expect.objectContaining({ name: 'page_view', props: { path: '/' } }));
  // Stored (the API tests check what is stored; a keepalive response's body is not readable here).
  expect((await batch.response())?.status()).toBe(200);

  // Another page: its path only, never the query string.
  const second = page.waitForRequest(isBatch, { timeout: 20_000 });
  await page.goto('/resources?tab=all&utm_source=mail');
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  const resources = await second;
  expect(eventsOf(resources)).toContainEqual(
    expect.objectContaining({ name: 'page_view', props: { path: '/resources' } }),
  );
  expect(resources.postData()).not.toContain('utm_source');
  expect((await resources.response())?.status()).toBe(200);

  // The page is hidden with an event queued: it goes at once, as a beacon on the web build.
  await page.getByRole('link', { name: 'Courses' }).first().click();
  const onHide = page.waitForRequest(isBatch, { timeout: 20_000 });
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const hidden = await onHide;
  expect(hidden.resourceType()).toBe('ping');
  expect((await hidden.response())?.status()).toBe(200);
});
