import { expect, test } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

const CARDS = 2100;
/** Runs of the measurement; the median of 5 is the figure (docs/areas/board.md#measured). */
const RUNS = 5;

/**
 * The Chromium figure of docs/areas/board.md#measured: the time from navigation to the board being interactive with 2,100
 * cards (7 lists x 300). The cards are made through the API on the coach's own board. Prints the
 * time; asserts no time (tests never assert wall-clock times).
 */
test('a 2,100-card board becomes interactive (prints the time) @bench', async ({ page }) => {
  test.setTimeout(600_000);
  await signInAs(page, DEMO.coach);
  const api = '/api/move-the-needle';
  const board = (await (await page.request.get(`${api}/list/read-many`)).json()) as {
    lists: Array<{ id: number; name: string; Cards: unknown[] }>;
  };
  const existing = board.lists.reduce((n, l) => n + l.Cards.length, 0);
  const perList = Math.ceil((CARDS - existing) / board.lists.length);
  const jobs = board.lists.flatMap((l) =>
    Array.from({ length: perList }, (_, i) => ({ ListId: l.id, title: `Goal ${l.name} #${i + 1}` })),
  );
  const seeded = Date.now();
  for (let i = 0; i < jobs.length; i += 16) {
    const res = await Promise.all(
      jobs.slice(i, i + 16).map((data) => page.request.post(`${api}/card/upsert`, { data })),
    );
    expect(res.every((r) => r.ok())).toBe(true);
  }
  console.log(`seeded ${jobs.length} cards through the API in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

  await page.goto('/');
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const fetched = Date.now();
    const res = await page.request.get(`${api}/list/read-many`);
    const bytes = (await res.body()).length;
    const apiMs = Date.now() - fetched;
    await page.goto('/move-the-needle', { waitUntil: 'commit' });
    // Interactive: every list's cards are rendered (React has committed, so clicks and drags work).
    // Measured in the page, from the navigation's start (performance.now() is relative to it).
    const handle = await page.waitForFunction(
      () => {
        const lists = document.querySelectorAll('section.mtn-list');
        const ready = lists.length === 7 && Array.from(lists).every((l) => l.querySelector('li.mtn-card'));
        return ready ? Math.round(performance.now()) : 0;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const interactive = await handle.jsonValue();
    times.push(interactive);
    const total = await page
      .locator('section.mtn-list h2 + span')
      .evaluateAll((els) => els.reduce((n, e) => n + Number(e.textContent), 0));
    expect(total).toBeGreaterThanOrEqual(CARDS);
    const marks = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const board = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        e.name.includes('/list/read-many'),
      );
      return {
        domContentLoaded: Math.round(nav?.domContentLoadedEventEnd ?? 0),
        boardFetchEnd: Math.round(board?.responseEnd ?? 0),
      };
    });
    console.log(
      `run ${run + 1}: navigation to interactive with ${total} cards: ${interactive} ms ` +
        `(API alone ${apiMs} ms for ${Math.round(bytes / 1024)} KiB; in page: DOMContentLoaded ${marks.domContentLoaded} ms, board fetched ${marks.boardFetchEnd} ms)`,
    );
  }
  const rendered = await page.locator('li.mtn-card').count();
  const median = [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)];
  console.log(
    `board with ${CARDS}+ cards: navigation to interactive ${times.join(' / ')} ms, median ${median} ms (rendered tiles: ${rendered})`,
  );
  await page.locator('li.mtn-card').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'board-2100');
});
