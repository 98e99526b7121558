import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO, signInAs } from './support';

const BOARD_READ = '/api/move-the-needle/list/read-many';
const isBoardRead = (req: Request) => new URL(req.url()).pathname === BOARD_READ;

/**
 * Holds every request matching `pattern` until the board read has been requested (or 10 s went by,
 * which only a broken start reaches), then lets it through. `boardFirst` says, per held request,
 * whether the board read was already out: the order of the requests, not a time.
 */
async function holdUntilBoardRead(page: Page, pattern: string | RegExp) {
  let asked!: () => void;
  const boardAsked = new Promise<boolean>((resolve) => {
    asked = () => resolve(true);
    setTimeout(() => resolve(false), 10_000);
  });
  page.on('request', (req) => {
    if (isBoardRead(req)) asked();
  });
  const boardFirst: boolean[] = [];
  await page.route(pattern, async (route) => {
    boardFirst.push(await boardAsked);
    await route.continue();
  });
  return boardFirst;
}

test.describe('opening a board (docs/areas/board.md#opening-a-board)', () => {
  test('the board read starts while the session check and the board chunk are still on their way', async ({ page }) => {
    await signInAs(page, DEMO.premium);
    await page.evaluate(() => window.localStorage.setItem('mtn.welcome.dismissed', '1'));
    const meFirst = await holdUntilBoardRead(page, '**/api/auth/me');
    const chunkFirst = await holdUntilBoardRead(page, /\/assets\/MoveTheNeedle-[\w-]+\.js$/);
    const reads: number[] = [];
    page.on('response', (res) => {
      if (isBoardRead(res.request())) reads.push(res.status());
    });

    await page.goto('/move-the-needle');
    // A start that waits for the held requests only gets here after they are let go (10 s each).
    await expect(page.getByRole('heading', { name: /'s Board$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('section.mtn-list').first()).toBeVisible();
    expect(meFirst).toEqual([true]);
    expect(chunkFirst).toEqual([true]);
    // The screen took the early read over instead of asking again.
    expect(reads).toEqual([200]);
  });

  test('a signed-out visitor of a board goes to sign-in, and the early read gives away no board', async ({ page }) => {
    const bodies: Array<{ status: number; body: string }> = [];
    page.on('response', async (res) => {
      if (isBoardRead(res.request())) bodies.push({ status: res.status(), body: await res.text() });
    });
    await page.goto('/move-the-needle');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await expect.poll(() => bodies.length).toBe(1);
    expect(bodies[0]!.status).toBe(401);
    expect(bodies[0]!.body).not.toContain('lists');
    await expect(page.locator('section.mtn-list')).toHaveCount(0);
  });
});
