import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

/** Runs of each measurement; the median of 5 is the figure (docs/areas/insights.md#measured-in-chromium). */
const RUNS = 5;

interface Screen {
  name: string;
  path: string;
  /** Runs in the page: the time from the navigation's start once the screen shows its content, else 0. */
  ready: () => number;
}

/**
 * Content, as a user sees it: the totals, every chart in the viewport drawn (the charts below it
 * draw when they come near: docs/areas/insights.md#measured-in-chromium) and the members at risk (a
 * table, cards or its empty state) on Insights; the entries (table rows or cards, or the empty state) on the Audit log. No loading
 * state left in the main column. (Each function runs in the page on its own: no closure.)
 */
const SCREENS: Screen[] = [
  {
    name: 'Insights',
    path: '/insights',
    ready: () => {
      const loading = (e: Element) => e.getAttribute('aria-busy') === 'true' || /Loading/.test(e.textContent ?? '');
      const main = document.querySelector('main');
      if (!main || Array.from(main.querySelectorAll('[role="status"], [aria-busy="true"]')).some(loading)) return 0;
      const figures = main.querySelectorAll('[role="img"][aria-label$="The numbers are in the table below."]');
      const inView = Array.from(figures).filter((f) => f.getBoundingClientRect().top < window.innerHeight);
      const drawn = inView.length > 0 && inView.every((f) => f.querySelector('.recharts-wrapper > svg'));
      const totals = main.querySelector('[aria-label="Totals for the period"]');
      const atRisk =
        main.querySelector('table tbody tr, ul[aria-label="Members at risk"] li') ||
        (main.textContent ?? '').includes('No member is at risk.');
      const done = totals && atRisk && drawn;
      return done ? Math.round(performance.now()) : 0;
    },
  },
  {
    name: 'Audit log',
    path: '/audit-log',
    ready: () => {
      const loading = (e: Element) => e.getAttribute('aria-busy') === 'true' || /Loading/.test(e.textContent ?? '');
      const main = document.querySelector('main');
      if (!main || Array.from(main.querySelectorAll('[role="status"], [aria-busy="true"]')).some(loading)) return 0;
      const entries = main.querySelector('table tbody tr, ul[aria-label="Audit log"] li');
      const empty = (main.textContent ?? '').includes('No audit entries match these filters.');
      return entries || empty ? Math.round(performance.now()) : 0;
    },
  },
];

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

interface Timing {
  name: string;
  start: number;
  end: number;
}

/** Scrolls every chart into view until it is drawn (they draw when near the viewport), then back to the top. */
async function drawEveryChart(page: Page) {
  const figures = page.locator('[role="img"][data-chart]');
  for (let i = 0; i < (await figures.count()); i++) {
    await figures.nth(i).scrollIntoViewIfNeeded();
    await expect(figures.nth(i).locator('.recharts-wrapper > svg')).toHaveCount(1);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The page's requests (API reads and script chunks), in the order they started, from the navigation's start. */
async function requests(page: Page): Promise<Timing[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name.includes('/api/') || e.name.endsWith('.js') || e.name.endsWith('.css'))
      .map((e) => ({
        name: new URL(e.name).pathname + (new URL(e.name).search ? '?…' : ''),
        start: Math.round(e.startTime),
        end: Math.round(e.responseEnd),
      })),
  );
}

/**
 * The Chromium figures of docs/areas/insights.md#measured-in-chromium and docs/areas/audit.md#measured-in-chromium:
 * navigation to content for Insights and the Audit log as the demo admin, on the demo data (a warm
 * HTTP cache: the second and later visits, as a user who works in the portal). Next to each, the same
 * API reads fetched alone (in parallel, outside the page): what the screen costs beyond its data.
 * Prints the times; asserts no time (tests never assert wall-clock times).
 */
test('Insights and the Audit log show their content (prints the times) @bench', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  for (const screen of SCREENS) {
    const times: number[] = [];
    const apiTimes: number[] = [];
    let lastRequests: Timing[] = [];
    // One visit first: the chunks in the HTTP cache, as for every later visit.
    await page.goto(screen.path);
    await page.waitForFunction(screen.ready, undefined, { polling: 'raf', timeout: 60_000 });
    for (let run = 0; run < RUNS; run++) {
      await page.goto('about:blank');
      await page.goto(screen.path, { waitUntil: 'commit' });
      // Measured in the page, from the navigation's start (performance.now() is relative to it).
      const handle = await page.waitForFunction(screen.ready, undefined, { polling: 'raf', timeout: 60_000 });
      const ms = await handle.jsonValue();
      times.push(ms);
      lastRequests = await requests(page);
      const reads = lastRequests.filter((r) => r.name.startsWith('/api/')).map((r) => r.name);
      const urls = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .map((e) => e.name)
          .filter((n) => n.includes('/api/') && !n.includes('/api/analytics') && !n.includes('/stream')),
      );
      const fetched = Date.now();
      const answers = await Promise.all(urls.map((u) => page.request.get(u)));
      apiTimes.push(Date.now() - fetched);
      expect(answers.every((a) => a.ok())).toBe(true);
      console.log(
        `${screen.name} run ${run + 1}: navigation to content ${ms} ms ` +
          `(${reads.length} API reads; the same reads alone, in parallel: ${apiTimes.at(-1)} ms)`,
      );
    }
    console.log(`${screen.name}: requests of the last run (start-end ms from navigation):`);
    for (const r of lastRequests) console.log(`  ${String(r.start).padStart(5)}-${String(r.end).padEnd(5)} ${r.name}`);
    console.log(
      `${screen.name}: navigation to content ${times.join(' / ')} ms, median ${median(times)} ms; ` +
        `its API reads alone median ${median(apiTimes)} ms`,
    );
  }
  // How the charts look with the demo's 90 days, at both widths (docs/areas/insights.md#screens).
  await page.goto('/insights');
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForFunction(SCREENS[0]!.ready, undefined, { polling: 'raf' });
  await drawEveryChart(page);
  await shot(page, 'insights-90-days-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(SCREENS[0]!.ready, undefined, { polling: 'raf' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await drawEveryChart(page);
  await shot(page, 'insights-90-days-390');
});
