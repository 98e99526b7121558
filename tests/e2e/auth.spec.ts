import { expect, test } from '@playwright/test';
import { DEMO, linkIn, shot, signInWithForm, uniqueEmail, waitForMail } from './support';

test('a visitor signs up and lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Sam Signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await shot(page, 'signup');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await shot(page, 'dashboard-basic');
});

test('signing up with a taken email shows the spec message', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Dup');
  await page.getByLabel('Email').fill(DEMO.basic.email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page.getByText('This email address is already in use. Please, sign in instead.')).toBeVisible();
});

test('a wrong password shows the server message in a red banner', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(DEMO.coach.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(banner).toBeVisible();
  await shot(page, 'signin-wrong-password');
});

test('forgot password mails a link that resets the password and signs the user in', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Fran Forgetful');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-password-1');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.context().clearCookies();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();
  const link = linkIn(await waitForMail(email), '/reset-password/');
  await page.goto(new URL(link).pathname);
  await page.getByLabel('Password', { exact: true }).fill('second-password-2');
  await page.getByLabel(/confirm password/i).fill('something-else-3');
  await page.getByRole('button', { name: /reset|save|submit/i }).click();
  // The field says it, and a toast says it with the spec's period.
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  await expect(page.getByText('Passwords do not match.', { exact: true })).toBeVisible();
  await shot(page, 'reset-mismatch');
  await page.getByLabel(/confirm password/i).fill('second-password-2');
  await page.getByRole('button', { name: /reset|save|submit/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.context().clearCookies();
  await signInWithForm(page, { email, password: 'second-password-2' });
});

test('profile changes are saved', async ({ page }) => {
  const email = uniqueEmail('profile');
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Pro File');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: /sign up|create account/i }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await page.getByLabel('City').fill('Savannah');
  await page.getByLabel('State').fill('GA');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your changes have been saved successfully')).toBeVisible();
  await shot(page, 'profile');
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Savannah');
});
