import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/src/messages';
import { DEMO, axeViolations, shot, signInAs, uniqueEmail } from './support';

/**
 * An admin changes a member's role (audited), opens the Audit log from the sidebar,
 * finds the entry by target and action, reads its details, and exports the filtered log as CSV
 * (docs/areas/audit.md). The same screen at phone width shows cards. A coach is refused.
 */
/** axe over the page as it is (entries shown, details open): the serious and critical findings. */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function createMember(page: Page, fullName: string): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('audit-e2e');
  const res = await page.request.post('/api/user/upsert', { data: { fullName, email, role: 'basic' } });
  expect(res.status(), await res.text()).toBe(200);
  return { id: ((await res.json()) as { user: { id: number } }).user.id, email };
}

test('an admin finds a role change in the Audit log with filters and exports it as CSV', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.admin);
  const name = `Audit Ava ${Date.now()}`;
  const member = await createMember(page, name);
  const upgraded = await page.request.post('/api/user/upgrade-role', {
    data: { users: [member.id], newRole: 'premium' },
  });
  expect(upgraded.status(), await upgraded.text()).toBe(200);

  await page.getByRole('navigation').first().getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { name: MESSAGES.auditLogTitle })).toBeVisible();
  const table = page.getByRole('table', { name: MESSAGES.auditLogTitle });
  await expect(table).toBeVisible();

  // Keyboard only: the filters are reachable and usable without a mouse.
  await page.getByLabel(MESSAGES.auditTargetLabel).focus();
  await page.keyboard.type(member.email);
  await page.getByLabel(MESSAGES.auditActionLabel).selectOption('user.upgrade-role');
  const rows = table.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('Role changed (bulk)');
  await expect(row).toContainText('admin@demo.portal');
  await expect(row).toContainText('Changed role · basic → premium');
  await expect(table.getByRole('row')).toHaveCount(2); // the header and this entry
  await row.getByText('As written').focus();
  await page.keyboard.press('Enter');
  await expect(row.locator('pre')).toContainText('"to": "premium"');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await shot(page, 'audit-log-1280');
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: MESSAGES.auditExportCsv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audit-log.csv');
  const lines = fs
    .readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toBe(
    'id,createdAt,action,actionName,actorId,actorName,actorEmail,targetId,targetName,targetEmail,ip,details',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`user.upgrade-role,Role changed (bulk)`);
  expect(lines[1]).toContain(`,${member.id},${name},${member.email},`);

  // The export is itself in the log.
  await page.getByLabel(MESSAGES.auditTargetLabel).fill('');
  await page.getByLabel(MESSAGES.auditActionLabel).selectOption('audit.export');
  await expect(table.getByRole('row').nth(1)).toContainText('Audit log exported');

  // Phone width: cards instead of the table, the same entry.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel(MESSAGES.auditActionLabel).selectOption('user.upgrade-role');
  await page.getByLabel(MESSAGES.auditTargetLabel).fill(member.email);
  const cards = page.getByRole('list', { name: MESSAGES.auditLogTitle });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem').first()).toContainText(name);
  await expect(table).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'audit-log-390');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a coach gets the members-only page and a 403 from the API', async ({ page }) => {
  await signInAs(page, DEMO.coach);
  await expect(page.getByRole('navigation').first().getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: MESSAGES.membersOnly })).toBeVisible();
  expect((await page.request.get('/api/audit/read-many')).status()).toBe(403);
  expect((await page.request.get('/api/audit/export')).status()).toBe(403);
});
