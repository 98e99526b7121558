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
  test('the board read starts while the board chunk is still on its way, once the session check says who asks', async ({
    page,
  }) => {
    await signInAs(page, DEMO.premium, '/profile');
    const chunkFirst = await holdUntilBoardRead(page, /\/assets\/MoveTheNeedle-[\w-]+\.js$/);
    const order: string[] = [];
    page.on('requestfinished', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/me') order.push('me answered');
    });
    const reads: number[] = [];
    page.on('request', (req) => {
      if (isBoardRead(req)) order.push('board asked');
    });
    page.on('response', (res) => {
      if (isBoardRead(res.request())) reads.push(res.status());
    });

    await page.goto('/move-the-needle');
    // A start that waits for the held chunk only gets here after it is let go (10 s).
    await expect(page.getByRole('heading', { name: /'s Board$/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('section.mtn-list').first()).toBeVisible();
    expect(chunkFirst).toEqual([true]);
    // The policy needs the user: the read follows the session check, and the screen took it over.
    // (The previous page's session check may still be answering when the listeners start: only the
    // order of the first answer and the board read is asserted.)
    expect(order[0]).toBe('me answered');
    expect(order.indexOf('board asked')).toBeGreaterThan(0);
    expect(reads).toEqual([200]);
  });

  test('a signed-out visitor of a board goes to sign-in, and no board is read', async ({ page }) => {
    const statuses: number[] = [];
    page.on('response', (res) => {
      if (isBoardRead(res.request())) statuses.push(res.status());
    });
    await page.goto('/move-the-needle');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    expect(statuses).toEqual([]);
    await expect(page.locator('section.mtn-list')).toHaveCount(0);
  });

  test('a board the policy refuses is never asked for: no 403 for a course-only member or a premium member on another’s board', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403 && new URL(res.url()).pathname.startsWith('/api/')) refused.push(res.url());
    });
    await signInAs(page, DEMO.courseOnly, '/move-the-needle');
    await expect(page.getByRole('heading', { name: /members only/i })).toBeVisible();
    await page.request.post('/api/auth/signout');
    await signInAs(page, DEMO.premium, '/move-the-needle/2');
    await expect(page.getByRole('heading', { name: /members only/i })).toBeVisible();
    await expect(page.locator('section.mtn-list')).toHaveCount(0);
    expect(refused).toEqual([]);
  });
});
