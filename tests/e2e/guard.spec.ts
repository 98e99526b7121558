import { expect, test } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';

test('an anonymous visitor is sent to /signin from every app route', async ({ page }) => {
  for (const path of ['/', '/profile', '/tag-management', '/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/signin$/);
  }
});

test('a member whose subscription is past due is sent to /blocked', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(DEMO.blocked.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.blocked.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/blocked$/);
  await expect(page.getByText("Looks like there's a problem with your subscription")).toBeVisible();
  await expect(page.getByRole('link', { name: /contact support/i })).toHaveAttribute('href', /^mailto:/);
  await shot(page, 'blocked');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/blocked$/);
});

test('a member on an admin route sees the members-only page', async ({ page }) => {
  await signInAs(page, DEMO.basic, '/tag-management');
  await expect(page.getByText('This Area Is For Mastermind Members Only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply Now' })).toBeVisible();
  await shot(page, 'members-only');
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await signInAs(page, DEMO.basic, '/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText('Please check the URL in the address bar and try again')).toBeVisible();
});

test('a signed-in user visiting /signin goes to the dashboard', async ({ page }) => {
  await signInAs(page, DEMO.basic, '/signin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('community search lists members and its empty message', async ({ page }) => {
  await signInAs(page, DEMO.premium);
  // The first page lists 15 members (the demo has more, who joined over its 90 days of history).
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByRole('listitem').first()).toBeVisible();
  await page.getByLabel(/city or state/i).fill('Arlington');
  await expect(members.getByText('Grace Hopper')).toBeVisible();
  await page.getByLabel(/city or state/i).fill('Nowhereville');
  await expect(page.getByText('No Rainmakers found. Try searching a neighboring city!')).toBeVisible();
});

test('the shell works at phone width with the mobile menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, DEMO.premium);
  await shot(page, 'dashboard-mobile');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expect(page.getByRole('link', { name: 'Courses', exact: true })).toBeVisible();
  await shot(page, 'mobile-menu');
});
