import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/src/messages';
import { DEMO, shot, signInAs, uniqueEmail } from './support';

/** Creates a user through the API with the signed-in admin's session (test data of this spec only). */
async function createUser(page: Page, fullName: string, role = 'basic'): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('users-e2e');
  const res = await page.request.post('/api/user/upsert', { data: { fullName, email, role } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { user: { id: number } };
  return { id: body.user.id, email };
}

async function openUserDashboard(page: Page): Promise<void> {
  await page.getByRole('navigation').first().getByRole('link', { name: 'User Dashboard' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search Users').fill(text);
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const rowOf = (page: Page, name: string) => usersTable(page).getByRole('row').filter({ hasText: name });

async function chooseOption(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('an admin searches, pages and edits a user’s tags', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openUserDashboard(page);
  await expect(usersTable(page).getByTestId('role-counts')).toContainText('Premium:');
  await shot(page, 'users-admin');

  await page.getByLabel('Users per page').selectOption('5');
  const pager = page.getByRole('navigation', { name: 'Users pages' });
  await expect(pager).toContainText('Showing 1–5 of');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Showing 6–10 of');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Showing 1–5 of');

  await search(page, 'linus');
  await expect(usersTable(page).getByRole('row')).toHaveCount(2); // header + Linus Lake
  await expect(rowOf(page, 'Linus Lake')).toContainText('member2@demo.portal');

  await rowOf(page, 'Linus Lake').getByRole('button', { name: 'Edit Linus Lake' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user: Linus Lake' });
  // Free Trial grants nothing the other specs look at (Mastermind opens a course, raina a chat).
  await dialog.getByRole('checkbox', { name: 'Free Trial' }).check();
  await shot(page, 'users-edit-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await rowOf(page, 'Linus Lake').getByRole('button', { name: 'Edit Linus Lake' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Free Trial' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('an admin creates a user, sees a duplicate email under the field, and deletes the user', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openUserDashboard(page);
  const email = uniqueEmail('created');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a new user' });
  await dialog.getByLabel('Full name').fill('Erin Example');
  await dialog.getByLabel('Email').fill(DEMO.basic.email);
  await dialog.getByLabel('Role').selectOption('course only');
  await dialog.getByLabel('City').fill('Tulsa');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This email address is already in use')).toBeVisible();
  await shot(page, 'users-create-error');
  await dialog.getByLabel('Email').fill(email);
  await expect(dialog.getByText('This email address is already in use')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();

  await search(page, email);
  await expect(rowOf(page, 'Erin Example')).toContainText('Course only');
  await rowOf(page, 'Erin Example').getByRole('button', { name: 'Edit Erin Example' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user: Erin Example' });
  await edit.getByRole('button', { name: 'Delete' }).click();
  await edit.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByText('No users')).toBeVisible();
});

test('an admin upgrades a selected user to premium and downloads users.csv', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const name = `Uma Upgrade ${Date.now()}`;
  await createUser(page, name, 'basic');
  await openUserDashboard(page);
  await search(page, name);
  await expect(rowOf(page, name)).toContainText('Basic');
  await rowOf(page, name)
    .getByRole('checkbox', { name: `Select ${name}` })
    .check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await chooseOption(page, 'Upgrade to premium');
  await expect(page.getByText('Updated 1 user(s) roles')).toBeVisible();
  await expect(rowOf(page, name)).toContainText('Premium');
  await expect(rowOf(page, name).getByRole('link', { name: `Go to board of ${name}` })).toBeVisible();

  const download = page.waitForEvent('download');
  await chooseOption(page, 'Download CSV');
  const file = await download;
  expect(file.suggestedFilename()).toBe('users.csv');
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'id,fullName,email,role,city,state,country,phoneNumber,stripeStatus,stripeCustomerId,alwaysGrantAccess,createdAt,Tags',
  );
  expect(csv).toContain(`,${name},`);
  expect(csv).toContain('admin@demo.portal');
});

test('an admin runs a bulk update from a CSV', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  const stamp = Date.now();
  const a = await createUser(page, `Bulk Ann ${stamp}`, 'course only');
  const b = await createUser(page, `Bulk Bob ${stamp}`, 'course only');
  await openUserDashboard(page);
  await chooseOption(page, 'Update Users Tags/Status');
  const dialog = page.getByRole('dialog', { name: 'Update Users Tags/Status' });
  await expect(dialog.getByRole('button', { name: 'Begin bulk update' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Add tags' }).check();
  await dialog.getByRole('checkbox', { name: 'Free Trial' }).check();
  await dialog.getByRole('radio', { name: 'Premium' }).check();

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload CSV' }).click();
  const csv = `email\r\n${a.email}\r\n"${b.email.toUpperCase()}"\r\n,skipped\r\nnobody-${stamp}@example.test\r\n${a.email}\r\n`;
  await (await chooser).setFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('Validated CSV users sucessfully')).toBeVisible();
  const report = dialog.getByRole('region', { name: 'CSV report' });
  await expect(report).toContainText('1Not found');
  await expect(report).toContainText('1Duplicate emails');
  await expect(report).toContainText('2Found');
  await report.getByRole('button', { name: 'Show found list' }).click();
  await expect(report.getByRole('list', { name: 'Found' })).toContainText(b.email);
  await shot(page, 'users-bulk-report');

  await dialog.getByRole('button', { name: 'Begin bulk update' }).click();
  await expect(page.getByText('Updated users sucessfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await search(page, `Bulk Ann ${stamp}`);
  await expect(rowOf(page, `Bulk Ann ${stamp}`)).toContainText('Premium');
  await rowOf(page, `Bulk Ann ${stamp}`)
    .getByRole('button', { name: /^Edit / })
    .click();
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'Free Trial' })).toBeChecked();
});

test('an admin imports users from a CSV file', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openUserDashboard(page);
  await chooseOption(page, 'Import Users');
  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  const sample = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download a sample file' }).click();
  expect((await sample).suggestedFilename()).toBe('users-import-sample.csv');

  const stamp = Date.now();
  const csv = [
    'email,fullName,role,city,state,country,phoneNumber,Tags',
    `imp-a-${stamp}@example.test,"Ivy Import, ${stamp}",course only,Reno,NV,USA,,Mastermind`,
    `imp-b-${stamp}@example.test,Ike Import ${stamp},course only,"Salt Lake City",UT,USA,,`,
  ].join('\r\n');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload CSV or spreadsheet' }).click();
  await (await chooser).setFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('people.csv')).toBeVisible();
  await shot(page, 'users-import-dialog');
  await dialog.getByRole('button', { name: 'Import users' }).click();
  await expect(page.getByText('Users imported successfully')).toBeVisible();
  await expect(page.getByText('2 created, 0 updated, 0 unchanged')).toBeVisible();
  await search(page, String(stamp));
  await expect(rowOf(page, `Ivy Import, ${stamp}`)).toBeVisible();
  await expect(rowOf(page, `Ike Import ${stamp}`)).toBeVisible();

  // The same file again changes nothing; a broken file shows the server's text.
  await chooseOption(page, 'Import Users');
  const again = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload CSV or spreadsheet' }).click();
  await (await again).setFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import users' }).click();
  await expect(page.getByText('0 created, 0 updated, 2 unchanged')).toBeVisible();
  await chooseOption(page, 'Import Users');
  const broken = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload CSV or spreadsheet' }).click();
  await (
    await broken
  ).setFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('email,fullName\nnot-an-email,X\n') });
  await dialog.getByRole('button', { name: 'Import users' }).click();
  await expect(
    dialog.getByText('The file was not imported. Row 2: "not-an-email" is not a valid email.'),
  ).toBeVisible();
});

test('an admin signs in as a member from the table and goes back with the banner', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await openUserDashboard(page);
  await search(page, 'Ben Basic');
  await expect(rowOf(page, 'Ben Basic')).toBeVisible();
  await rowOf(page, 'Ben Basic').getByRole('button', { name: 'Sign in as Ben Basic' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Signed in as Ben Basic')).toBeVisible();
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'User Dashboard' })).toHaveCount(0);
  await shot(page, 'users-signed-in-as');
  await page.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page.getByText('Signed in as Ben Basic')).toBeHidden();
  await openUserDashboard(page);
});

test('a coach sees premium members and can only edit tags', async ({ page, request }) => {
  // A premium member of this spec's own, made by the admin through the API.
  expect((await request.post('/api/auth/signin', { data: DEMO.admin })).status()).toBe(200);
  const name = `Cora Coached ${Date.now()}`;
  const created = await request.post('/api/user/upsert', {
    data: { fullName: name, email: uniqueEmail('coached'), role: 'premium' },
  });
  expect(created.status()).toBe(200);

  await signInAs(page, DEMO.coach);
  await openUserDashboard(page);
  // Members other specs made may fill the first page: search rather than rely on who is on it.
  await expect(usersTable(page).getByTestId('role-counts')).toContainText('Basic: 0');
  await search(page, 'Priya Premium');
  await expect(rowOf(page, 'Priya Premium')).toBeVisible();
  await search(page, 'Ben Basic');
  await expect(page.getByText(MESSAGES.noUsers)).toBeVisible();
  await search(page, '');
  await expect(page.getByRole('button', { name: 'Options' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0);
  await expect(usersTable(page).getByRole('checkbox')).toHaveCount(0);
  await expect(usersTable(page).getByRole('button', { name: /Sign in as/ })).toHaveCount(0);
  await shot(page, 'users-coach');
  await search(page, name);
  await rowOf(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit user: ${name}` });
  await expect(dialog.getByLabel('Full name')).toHaveCount(0);
  await expect(dialog.getByLabel('Role')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Free Trial' }).check();
  await shot(page, 'users-coach-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully')).toBeVisible();
  await rowOf(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await expect(dialog.getByRole('checkbox', { name: 'Free Trial' })).toBeChecked();
});

test('the User Dashboard works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.admin, '/users');
  await expect(page.getByRole('heading', { name: 'User Dashboard' })).toBeVisible();
  // Cards instead of the table: every user's actions inside the 390 px viewport, no sideways scroll.
  const cards = page.getByRole('region', { name: 'Users' });
  await expect(cards).toBeVisible();
  await expect(usersTable(page)).toHaveCount(0);
  await search(page, 'Ben Basic');
  const card = cards.getByRole('listitem', { name: 'Ben Basic' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  for (const action of [
    card.getByRole('button', { name: 'Edit Ben Basic' }),
    card.getByRole('button', { name: 'Sign in as Ben Basic' }),
    card.getByRole('checkbox', { name: 'Select Ben Basic' }),
  ]) {
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport({ ratio: 1 });
    const box = (await action.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'users-mobile');
  await card.getByRole('button', { name: 'Edit Ben Basic' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit user: Ben Basic' })).toBeVisible();
  await page.keyboard.press('Escape');
  await search(page, 'Priya Premium');
  const board = cards.getByRole('link', { name: 'Go to board of Priya Premium' });
  await board.scrollIntoViewIfNeeded();
  await expect(board).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'Options' }).click();
  await expect(page.getByRole('menu', { name: 'Options' })).toBeVisible();
  await shot(page, 'users-mobile-options');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a new user' })).toBeVisible();
  await shot(page, 'users-mobile-form');
});
