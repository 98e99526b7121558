import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO } from './support';

/**
 * The screenshots of docs/screens/ (docs/screens.md#screenshots): every screen, as the role that
 * uses it, at 1280 and 390 px. Not a test: tagged @screens, it runs only from `npm run screens`
 * (E2E_SCREENS=1), on the demo data, and writes small palette PNGs (sharp) into docs/screens/.
 */

const OUT = path.resolve(import.meta.dirname, '../../docs/screens');
const WIDTHS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
];

type Account = { email: string; password: string };
type Screen = { name: string; path: string | ((page: Page) => Promise<string>) };

async function firstId(page: Page, url: string, pick: (body: never) => number | string | undefined): Promise<string> {
  const res = await page.request.get(url);
  expect(res.status(), url).toBe(200);
  const id = pick((await res.json()) as never);
  expect(id, url).toBeDefined();
  return String(id);
}

const courseSlug = (page: Page) =>
  firstId(
    page,
    '/api/course/read-many?itemsPerPage=1',
    (b: { courses: Array<{ slug: string }> }) => b.courses[0]?.slug,
  );
const productId = (page: Page) =>
  firstId(
    page,
    '/api/product/read-many?page=1&itemsPerPage=1',
    (b: { products: Array<{ id: number }> }) => b.products[0]?.id,
  );
/** The newest post; the demo has none, so the first run writes one in Introductions. */
async function postId(page: Page): Promise<string> {
  const res = await page.request.get('/api/community/posts?page=1&itemsPerPage=1');
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { posts: Array<{ id: number }> }).posts[0];
  if (found) return String(found.id);
  const spaces = (await (await page.request.get('/api/community/spaces')).json()) as {
    spaces: Array<{ id: number; name: string }>;
  };
  const space = spaces.spaces.find((s) => s.name === 'Introductions') ?? spaces.spaces[0];
  expect(space).toBeDefined();
  const made = await page.request.post('/api/community/post/upsert', {
    data: {
      spaceId: space!.id,
      title: 'Hello from Austin',
      body: 'I sell **kitchen tools** and just finished the qualifier. Who else is launching this month?',
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  return String(((await made.json()) as { post: { id: number } }).post.id);
}

const SCREENS: Array<{ role: string; account: Account; screens: Screen[] }> = [
  {
    role: 'guest',
    account: { email: '', password: '' },
    screens: [
      { name: 'signin', path: '/signin' },
      { name: 'signup', path: '/signup' },
      { name: 'forgot-password', path: '/forgot-password' },
    ],
  },
  {
    role: 'premium',
    account: DEMO.premium,
    screens: [
      { name: 'dashboard', path: '/' },
      { name: 'courses', path: '/courses' },
      { name: 'course', path: async (page) => `/courses/${await courseSlug(page)}` },
      { name: 'board', path: '/move-the-needle' },
      { name: 'resources', path: '/resources' },
      { name: 'profit-calculator', path: '/profit-calculator' },
      { name: 'product', path: async (page) => `/profit-calculator?product=${await productId(page)}` },
      { name: 'product-summary', path: async (page) => `/profit-calculator/${await productId(page)}/summary` },
      { name: 'product-qualifier', path: '/product-qualifier' },
      { name: 'plans', path: '/plans' },
      { name: 'calendar', path: '/calendar' },
      { name: 'community', path: '/community' },
      { name: 'community-post', path: async (page) => `/community/post/${await postId(page)}` },
      { name: 'notifications', path: '/notifications' },
      { name: 'profile', path: '/profile' },
    ],
  },
  {
    role: 'coach',
    account: DEMO.coach,
    screens: [
      { name: 'review', path: '/review' },
      { name: 'insights', path: '/insights' },
      { name: 'users', path: '/users' },
      { name: 'ai-toolkit', path: '/ai-toolkit' },
      { name: 'community-moderation', path: '/community/moderation' },
    ],
  },
  {
    role: 'admin',
    account: DEMO.admin,
    screens: [
      { name: 'dashboard', path: '/' },
      { name: 'tag-management', path: '/tag-management' },
      { name: 'portal-settings', path: '/portal-settings' },
      { name: 'audit-log', path: '/audit-log' },
      { name: 'jobs', path: '/jobs' },
      { name: 'fee-rate-cards', path: '/fee-rate-cards' },
      { name: 'community-spaces', path: '/community/spaces' },
    ],
  },
];

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.animate-spin, [aria-busy="true"]')).toHaveCount(0);
}

for (const { role, account, screens } of SCREENS) {
  test(`screenshots as ${role} @screens`, async ({ page }) => {
    test.setTimeout(300_000);
    await fs.mkdir(OUT, { recursive: true });
    if (account.email) {
      const res = await page.request.post('/api/auth/signin', { data: account });
      expect(res.status(), await res.text()).toBe(200);
    }
    for (const screen of screens) {
      const target = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      for (const w of WIDTHS) {
        await page.setViewportSize({ width: w.width, height: w.height });
        await page.goto(target);
        await settle(page);
        const png = await page.screenshot({ animations: 'disabled' });
        const small = await sharp(png).png({ palette: true, colours: 64, compressionLevel: 9 }).toBuffer();
        const prefix = role === 'premium' || role === 'guest' ? '' : `${role}-`;
        await fs.writeFile(path.join(OUT, `${prefix}${screen.name}-${w.name}.png`), small);
      }
    }
  });
}
