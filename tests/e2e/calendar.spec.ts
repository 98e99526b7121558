import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../shared/src/messages';
import { DEMO, axeViolations, shot, signInAs } from './support';

const serious = async (page: Page) =>
  (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target)).join(' ')}`);

/** `YYYY-MM-DDTHH:mm` of today at `hour` in the browser's zone (the form's datetime-local value). */
const todayAt = (hour: number) => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
};

test('an admin schedules a call; a premium member answers it at 1280 and 390 px and subscribes', async ({
  browser,
}) => {
  const title = `Launch clinic ${Date.now().toString(36)}`;
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signInAs(admin, DEMO.admin, '/calendar');
  await expect(admin.getByRole('heading', { name: MESSAGES.calendarTitle, level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Schedule a call' }).click();
  const form = admin.getByRole('dialog', { name: 'Schedule a call' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Starts').fill(todayAt(18));
  await form.getByLabel('Join link (https)').fill('http://meet.example.com/clinic');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(MESSAGES.callJoinUrlHttps)).toBeVisible();
  await form.getByLabel('Join link (https)').fill('https://meet.example.com/clinic');
  await form.getByLabel('Repeats').selectOption('weekly');
  await form.getByRole('checkbox', { name: 'premium' }).check();
  await shot(admin, 'calendar-admin-form-1280');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(MESSAGES.callSaved)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(admin.getByRole('button', { name: new RegExp(`${title} \\(call`) }).first()).toBeVisible();
  await adminContext.close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, DEMO.premium, '/calendar');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const chip = page.getByRole('button', { name: new RegExp(`${title} \\(call`) }).first();
  await expect(chip).toBeVisible();
  await chip.click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details.getByRole('link', { name: /Join the call/ })).toHaveAttribute(
    'href',
    'https://meet.example.com/clinic',
  );
  await details.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(page.getByText(MESSAGES.callRsvpSaved)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await shot(page, 'calendar-month-1280');
  expect(await serious(page)).toEqual([]);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Days of the week' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`${title} \\(call.*, going\\)$`) })).toBeVisible();
  await shot(page, 'calendar-week-1280');

  // A phone: the agenda, with the answer on the call itself.
  await page.setViewportSize({ width: 390, height: 844 });
  const agenda = page.getByRole('list', { name: 'Agenda' });
  await expect(agenda).toBeVisible();
  await expect(page.getByRole('button', { name: 'Month', exact: true })).toBeHidden();
  const answer = agenda.getByRole('group', { name: `Will you attend ${title}?` }).first();
  await expect(answer.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await answer.getByRole('button', { name: 'Not going' }).click();
  await expect(answer.getByRole('button', { name: 'Not going' })).toHaveAttribute('aria-pressed', 'true');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'calendar-agenda-390');
  expect(await serious(page)).toEqual([]);

  // Subscribe: the address serves the calendar without the session.
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const feed = page.getByRole('dialog', { name: 'Subscribe to your calendar' });
  const address = await feed.getByLabel('Calendar address').inputValue();
  expect(address).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await shot(page, 'calendar-subscribe-390');
  const anonymous = await browser.newContext();
  const res = await anonymous.request.get(new URL(address).pathname);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await res.text()).toContain(`SUMMARY:${title} (not going)`);
  await feed.getByRole('button', { name: 'Reset address…' }).click();
  await feed.getByRole('button', { name: 'Reset address', exact: true }).click();
  await expect(page.getByText(MESSAGES.calendarFeedRotated)).toBeVisible();
  await expect(feed.getByLabel('Calendar address')).not.toHaveValue(address);
  expect((await anonymous.request.get(new URL(address).pathname)).status()).toBe(404);
  await anonymous.close();
  await context.close();
});
