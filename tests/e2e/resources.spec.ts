import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

async function openResources(page: Page) {
  await page.getByRole('navigation').first().getByRole('link', { name: 'Resources', exact: true }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
}

const grid = (page: Page) => page.getByRole('list', { name: 'Resources' });

test('a member browses, filters and searches the library and reads an article from the dashboard', async ({ page }) => {
  await signInAs(page, DEMO.basic);
  const recent = page.getByRole('list', { name: 'Recent resources' });
  await expect(recent.getByRole('link')).not.toHaveCount(0);
  // Hidden resources never reach a member, not even on the dashboard.
  await expect(recent.getByText('New tools roundup (draft)')).toHaveCount(0);
  await shot(page, 'resources-dashboard-card');
  await recent.getByRole('link', { name: /Ten questions to ask a supplier/ }).click();
  await expect(page).toHaveURL(/\/resources\?id=\d+$/);
  await expect(page.getByRole('heading', { name: 'Ten questions to ask a supplier', level: 1 })).toBeVisible();
  await expect(page.getByTestId('article-content').getByRole('table')).toBeVisible();
  await shot(page, 'resources-article');
  await page.getByRole('button', { name: 'Back to resources' }).click();

  await expect(grid(page).getByRole('article')).not.toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Mastermind launch calendar' })).toHaveCount(0); // For Sale Premium
  await expect(page.getByRole('article', { name: 'New tools roundup (draft)' })).toHaveCount(0); // hidden
  await expect(
    page.getByRole('article', { name: 'Premium PPC checklist' }).getByRole('button', { name: /Upgrade to Premium/ }),
  ).toBeVisible();
  await shot(page, 'resources-grid');

  // The filters live in the URL; the checkbox follows once the navigation has rendered.
  await page.getByRole('checkbox', { name: 'Sourcing' }).click();
  await expect(page.getByRole('checkbox', { name: 'Sourcing' })).toBeChecked();
  await expect(page).toHaveURL(/categories=\d+/);
  await expect(grid(page).getByRole('article')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Sourcing' }).click();
  await expect(page.getByRole('checkbox', { name: 'Sourcing' })).not.toBeChecked();
  await page.getByRole('radio', { name: 'Marketplace' }).click();
  await expect(page.getByRole('radio', { name: 'Marketplace' })).toBeChecked();
  await expect(page).toHaveURL(/type=marketplace/);
  await expect(page.getByRole('article', { name: 'Listing photo playbook' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Ten questions to ask a supplier' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'All' }).click();
  await expect(page.getByRole('radio', { name: 'All' })).toBeChecked();
  await page.getByLabel('Search resources').fill('playbook');
  await expect(grid(page).getByRole('article')).toHaveCount(1);
  await page.getByLabel('Search resources').fill('zzzz nothing');
  await expect(page.getByText('No resources found.')).toBeVisible();
  await shot(page, 'resources-empty');
});

test('a member buys a For Sale resource in the purchase modal and finds it in My Purchases', async ({ page }) => {
  await signInAs(page, DEMO.basic);
  await openResources(page);
  const card = page.getByRole('article', { name: 'Listing photo playbook' });
  await card.getByRole('button', { name: 'Buy for $19.00: Listing photo playbook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy “Listing photo playbook”' });
  const pay = dialog.getByRole('button', { name: 'Pay $19.00' });
  await expect(pay).toBeVisible();
  await pay.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a card');
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await pay.click();
  await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');
  await shot(page, 'resources-purchase-declined');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(dialog.getByText('Payment successful')).toBeVisible();
  await shot(page, 'resources-purchase-success');
  await dialog.getByRole('link', { name: 'My Purchases' }).click();
  await expect(page).toHaveURL(/type=my-purchases/);
  const owned = page.getByRole('article', { name: 'Listing photo playbook' });
  await expect(owned.getByText('Owned')).toBeVisible();
  await expect(grid(page).getByRole('article')).toHaveCount(1);
  await owned.getByRole('button', { name: 'Read article: Listing photo playbook' }).click();
  await expect(page.getByTestId('article-content')).toContainText('Seven photos that sell');
  await shot(page, 'resources-purchased-article');
});

test('an admin creates, edits and deletes a category and a resource', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openResources(page);
  await expect(page.getByRole('article', { name: 'New tools roundup (draft)' }).getByText('Hidden')).toBeVisible();

  await page.getByRole('button', { name: 'Categories', exact: true }).click();
  const cats = page.getByRole('dialog', { name: 'Categories' });
  await cats.getByLabel('New category').fill('E2E Category');
  await cats.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Category saved successfully')).toBeVisible();
  await cats.getByRole('button', { name: 'Rename E2E Category' }).click();
  await cats.getByLabel('New name for E2E Category').fill('E2E Topic');
  await cats.getByRole('button', { name: 'Save' }).click();
  await expect(cats.getByText('E2E Topic')).toBeVisible();
  await shot(page, 'resources-categories');
  await cats.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Add Resource' }).click();
  const form = page.getByRole('dialog', { name: 'Add a new resource' });
  await form.getByLabel('Title').fill('E2E Article');
  await form.getByLabel('Description (optional)').fill('Written by the end-to-end test.');
  await form.getByLabel('Type').selectOption('Article');
  await form.getByRole('textbox', { name: 'Content (markdown)' }).fill('# Hello e2e\n\nSome **bold** text.');
  await form.getByLabel('Visibility').selectOption('For Sale');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Fill in Price or Purchase URL')).toBeVisible();
  await form.getByLabel('Price (USD)').fill('12.50');
  await form.getByRole('checkbox', { name: 'E2E Topic' }).check();
  await shot(page, 'resources-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Resource created successfully')).toBeVisible();
  const card = page.getByRole('article', { name: 'E2E Article' });
  await expect(card.getByText('For Sale · $12.50')).toBeVisible();
  await expect(card.getByText('E2E Topic')).toBeVisible();

  await card.getByRole('button', { name: 'Edit E2E Article' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit resource: E2E Article' });
  await edit.getByLabel('Title').fill('E2E Article, edited');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Resource saved successfully')).toBeVisible();
  const edited = page.getByRole('article', { name: 'E2E Article, edited' });
  await edited.getByRole('button', { name: 'Read article: E2E Article, edited' }).click();
  await expect(page.getByRole('heading', { name: 'Hello e2e' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to resources' }).click();

  await edited.getByRole('button', { name: 'Edit E2E Article, edited' }).click();
  const del = page.getByRole('dialog', { name: 'Edit resource: E2E Article, edited' });
  await del.getByRole('button', { name: 'Delete' }).click();
  await del.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Resource deleted successfully')).toBeVisible();
  await expect(page.getByRole('article', { name: 'E2E Article, edited' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Categories', exact: true }).click();
  await cats.getByRole('button', { name: 'Delete E2E Topic' }).click();
  await cats.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('Category deleted successfully')).toBeVisible();
  await expect(cats.getByText('E2E Topic')).toHaveCount(0);
});

/** Buttons of the list filled with the brand colour, as primary buttons are (bg-brand-600). */
const filledButtons = (page: Page) =>
  grid(page)
    .getByRole('button')
    .evaluateAll((buttons) => {
      const probe = document.createElement('span');
      probe.className = 'bg-brand-600';
      document.body.append(probe);
      const brand = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return buttons.filter((b) => getComputedStyle(b).backgroundColor === brand).length;
    });

test('the library is a compact list with quiet actions, at 1280 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.premium, '/resources');
  const items = grid(page).getByRole('article');
  await expect(items).not.toHaveCount(0);
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(6);
  expect(await filledButtons(page)).toBe(0);
  await expect(page.getByRole('checkbox', { name: 'Sourcing' })).toBeVisible();
  await shot(page, 'resources-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/resources');
  await expect(page.getByRole('article', { name: 'Mastermind launch calendar' }).getByText('Owned')).toBeVisible();
  // The categories fold behind a button; the list starts in the first screen.
  await expect(page.getByRole('checkbox', { name: 'Sourcing' })).toBeHidden();
  await expect(items.first()).toBeInViewport();
  // Every item's action is inside the 390 px viewport, none of them a filled primary button.
  for (let i = 0; i < count; i++) {
    const action = items.nth(i).getByRole('button').first();
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await filledButtons(page)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Under 200 px per item (the cards were about 500 px each), the filters under 300 px.
  const list = (await grid(page).boundingBox())!;
  expect(list.height / count).toBeLessThan(200);
  expect((await page.getByRole('complementary', { name: 'Filters' }).boundingBox())!.height).toBeLessThan(300);
  await shot(page, 'resources-390');
  await page.getByRole('button', { name: 'Choose categories' }).click();
  await page.getByRole('checkbox', { name: 'Sourcing' }).check();
  await expect(page.getByRole('button', { name: 'Choose categories (1 chosen)' })).toBeVisible();
  await expect(page).toHaveURL(/categories=\d+/);
  await shot(page, 'resources-390-categories');
});

test('the /blocked Fix payment button opens the Stripe customer portal', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(DEMO.blocked.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.blocked.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/blocked$/);
  await page.getByRole('button', { name: 'Fix payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/p/session/bps_`));
  await expect(page.getByRole('heading', { name: 'Stripe customer portal (fake)' })).toBeVisible();
  await shot(page, 'resources-blocked-portal');
});
