import { expect, test } from '@playwright/test';
import crypto from 'node:crypto';
import { DEMO_SETTINGS } from '../../api/src/db/seed-settings';
import { DEMO, shot, signInAs } from './support';

test('an admin changes the Support link on Portal settings and a member sees it', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, DEMO.admin);
  await admin.getByRole('link', { name: 'Portal settings' }).click();
  await expect(admin.getByRole('heading', { name: 'Portal settings', level: 1 })).toBeVisible();
  const support = admin.getByLabel('Support', { exact: true });
  await expect(support).toHaveValue(DEMO_SETTINGS.supportUrl);

  // A bad value is refused under its field (the shared schema), and nothing is sent.
  const apply = admin.getByLabel('Apply Now', { exact: true });
  await apply.fill('http://apply.not-https.test/');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Please enter a full https:// address', { exact: true })).toBeVisible();
  await expect(apply).toHaveAttribute('aria-invalid', 'true');
  await admin.getByRole('button', { name: 'Discard changes' }).click();
  await expect(apply).toHaveValue(DEMO_SETTINGS.applyUrl);

  const link = `https://help.e2e-academy.test/contact-${crypto.randomBytes(3).toString('hex')}`;
  await support.fill(link);
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Portal settings saved')).toBeVisible();
  await expect(admin.getByText(/Saved by .* on /).first()).toBeVisible();
  await shot(admin, 'settings-admin-1280');
  await admin.setViewportSize({ width: 390, height: 844 });
  await shot(admin, 'settings-admin-390');
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInAs(member, DEMO.basic);
  await expect(member.getByRole('link', { name: /^Support/ }).first()).toHaveAttribute('href', link);
  await shot(member, 'settings-member-sidebar');

  // A member is not let into the screen, and the API refuses the save.
  await member.goto('/portal-settings');
  await expect(member.getByText('This Area Is For Mastermind Members Only')).toBeVisible();
  const refused = await member.request.post('/api/settings/upsert', {
    data: { values: { supportUrl: 'https://evil.test/' } },
  });
  expect(refused.status()).toBe(403);

  // Put the demo value back for the other specs.
  await admin.setViewportSize({ width: 1280, height: 900 });
  await support.fill(DEMO_SETTINGS.supportUrl);
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(support).toHaveValue(DEMO_SETTINGS.supportUrl);
  await expect(admin.getByText('All changes saved.')).toBeVisible();
  await memberContext.close();
  await adminContext.close();
});
