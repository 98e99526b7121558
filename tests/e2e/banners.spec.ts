import { expect, test } from '@playwright/test';
import { DEMO_SETTINGS } from '../../api/src/db/seed-settings';
import { DEMO, shot, signInAs } from './support';

test('an admin edits the premium banner and a premium member sees it with the shipping-rate card', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, DEMO.admin);
  const section = admin.getByRole('region', { name: 'Member banners' });
  await expect(section.getByRole('listitem', { name: 'Premium banner' })).toContainText('Welcome to Premium');
  await section.getByRole('button', { name: 'Edit Premium banner' }).click();

  const dialog = admin.getByRole('dialog', { name: 'Edit premium banner' });
  await dialog.getByLabel('Title').fill('Freight rates are down');
  await dialog
    .getByLabel('Content')
    .fill('Sea freight is **cheaper** this month. <img src=x onerror="alert(1)"> [Details](javascript:alert(2))');
  await dialog.getByLabel(/Average shipping rate/).fill('6.25');
  await dialog.getByLabel('Button URL').fill('http://not-https.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a full https:// address')).toBeVisible();
  await dialog.getByLabel('Button URL').fill('https://shipping.example.com/rates');
  await shot(admin, 'banners-edit-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Banner updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('listitem', { name: 'Premium banner' })).toContainText('Freight rates are down');
  await shot(admin, 'banners-admin-dashboard');
  await adminContext.close();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const dialogs: string[] = [];
  member.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signInAs(member, DEMO.premium);
  const banner = member.getByRole('region', { name: 'Freight rates are down' });
  await expect(banner).toBeVisible();
  await expect(banner.locator('strong')).toHaveText('cheaper');
  await expect(banner.getByRole('link', { name: 'Book a strategy call' })).toHaveAttribute(
    'href',
    'https://shipping.example.com/rates',
  );
  await expect(banner.locator('img, [onerror], a[href^="javascript:"]')).toHaveCount(0);
  const card = member.getByTestId('shipping-rate-card');
  await expect(card).toContainText('Current Average Shipping Rate');
  await expect(card).toContainText('$6.25');
  // The shipping-rate source is a portal setting (the demo seed's sample value).
  await expect(card).toHaveAttribute('href', DEMO_SETTINGS.shippingRatesUrl);
  await shot(member, 'banners-premium-dashboard');
  await member.setViewportSize({ width: 390, height: 844 });
  await shot(member, 'banners-premium-phone');
  expect(dialogs).toEqual([]);
  await memberContext.close();
});

test('a basic member sees the basic banner and no shipping-rate card', async ({ page }) => {
  await signInAs(page, DEMO.basic);
  await expect(page.getByRole('region', { name: 'Start here' })).toBeVisible();
  await expect(page.getByTestId('shipping-rate-card')).toHaveCount(0);
  await shot(page, 'banners-basic-dashboard');
});
