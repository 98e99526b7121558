import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from './playwright.config';
import { DEMO, shot, signInAs } from './support';

/**
 * The AI Toolkit against a real content feed: a local HTTP server on E2E_PORT + 10000, which
 * global-setup gives the API as AI_TOOLS_FEED_URL (no internet here, and the API caches nothing
 * in e2e runs, so each test's feed answer is what the page shows).
 */
const FEED_PORT = E2E_PORT + 10_000;
const chat = (bot: string) => `https://www.chatbase.co/chatbot-iframe/${bot}`;
const FEED = {
  Contents: [
    {
      title: 'Listing Writer',
      descriptionPlain: 'Turns product facts into a keyword-rich title and bullets.',
      ctaBtnUrl: chat('listing-writer'),
      Keywords: [{ title: 'Listings' }, { title: 'Copywriting' }, { title: 'New' }],
    },
    {
      title: 'PPC Coach',
      descriptionPlain: 'Plans sponsored-product campaigns and reads ACOS with you.',
      ctaBtnUrl: chat('ppc-coach'),
      Keywords: [{ title: 'Advertising' }],
    },
    {
      title: 'Supplier Emails',
      descriptionPlain: 'Drafts quotes, sample requests and follow-ups for suppliers.',
      ctaBtnUrl: chat('supplier-emails'),
      Keywords: [{ title: 'Sourcing' }, { title: 'Copywriting' }],
    },
    {
      title: 'Brand Story',
      descriptionPlain: 'A+ content and storefront copy.',
      Keywords: [{ title: 'Copywriting' }, { title: 'Soon' }],
    },
  ],
};

let failing = false;
let hits = 0;
const feed = http.createServer((_req, res) => {
  hits += 1;
  if (failing) {
    res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"down"}');
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(FEED));
});

test.beforeAll(async () => {
  await new Promise<void>((resolve, reject) => {
    feed.once('error', reject);
    feed.listen(FEED_PORT, '127.0.0.1', resolve);
  });
});
test.afterAll(async () => {
  feed.closeAllConnections();
  await new Promise<void>((resolve) => feed.close(() => resolve()));
});
test.beforeEach(() => {
  failing = false;
  hits = 0;
});

const cards = (page: Page) => page.getByRole('list', { name: 'AI tools' }).getByTestId('ai-tool-card');

test('a member with the aitoolkit tag filters tools by tag chips and opens a chat page', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  await page.getByRole('link', { name: 'AI Toolkit' }).first().click();
  await expect(page.getByRole('heading', { name: 'AI Toolkit', level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(4);

  const chips = page.getByRole('group', { name: 'Filter tools by tag' });
  await expect(chips.getByRole('button')).toHaveText([
    'All Tools4',
    'Advertising1',
    'Copywriting3',
    'Listings1',
    'Sourcing1',
  ]);
  await expect(page.getByRole('listitem', { name: 'Listing Writer' }).getByText('New')).toBeVisible();
  await expect(
    page.getByRole('listitem', { name: 'Brand Story' }).getByRole('button', { name: 'Coming soon' }),
  ).toBeDisabled();
  await shot(page, 'ai-toolkit-all');

  await chips.getByRole('button', { name: /^Copywriting/ }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect(page).toHaveURL(/\?tag=Copywriting$/);
  await shot(page, 'ai-toolkit-filtered');
  await chips.getByRole('button', { name: /^Advertising/ }).click();
  await expect(cards(page)).toHaveCount(1);

  await page.getByRole('link', { name: 'Chat with PPC Coach' }).click();
  await expect(page).toHaveURL(/\/ai-toolkit\/chat\/ppc-coach$/);
  await expect(page.getByRole('heading', { name: 'PPC Coach' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'AI Toolkit' }),
  ).toBeVisible();
  await expect(page.getByTitle('PPC Coach chat')).toHaveAttribute('src', chat('ppc-coach'));
  await shot(page, 'ai-toolkit-chat');

  // The list came from session storage after the first load: no second trip to the feed.
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/ai-toolkit$/);
  await expect(cards(page)).toHaveCount(4);
  expect(hits).toBe(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'ai-toolkit-phone');
});

test('the feed failing shows the fallback message and the default tools', async ({ page }) => {
  failing = true;
  await signInAs(page, DEMO.premium, '/ai-toolkit');
  await expect(page.getByText('Failed to fetch AI tools. Using default tools instead.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Listing Optimizer' })).toBeVisible();
  await shot(page, 'ai-toolkit-fallback');
});

test('an admin gets the raina chat widget; a member without the raina tag does not', async ({ page }) => {
  await signInAs(page, DEMO.admin, '/ai-toolkit-chat');
  await expect(page.getByRole('heading', { name: 'AI Assistant' })).toBeVisible();
  const open = page.getByRole('button', { name: 'Chat with Raina' });
  await open.click();
  await expect(page.getByTitle('Chat with Raina')).toHaveAttribute('src', /^https:\/\/www\.chatbase\.co\//);
  await shot(page, 'ai-toolkit-widget');

  await page.context().clearCookies();
  await signInAs(page, DEMO.premium, '/ai-toolkit');
  await expect(cards(page)).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Chat with Raina' })).toHaveCount(0);
});
