import crypto from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, shot, signInAs } from './support';
import { MESSAGES } from '../../shared/src/messages';

/** A 1x1 PNG for the lesson image upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Drags with real pointer movement (SortableJS's fallback mode), from a handle to a target. */
async function drag(page: Page, handle: Locator, target: Locator, where: 'above' | 'below' = 'above') {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 4, from.y + from.height / 2 + 4, { steps: 4 });
  const y = where === 'above' ? to.y + 4 : to.y + to.height - 4;
  await page.mouse.move(to.x + to.width / 2, y, { steps: 20 });
  await page.waitForTimeout(200);
  await page.mouse.move(to.x + to.width / 2, y + (where === 'above' ? 1 : -1), { steps: 2 });
  await page.mouse.up();
}

const courseProgress = (page: Page) => page.getByRole('progressbar', { name: 'Course progress' });
const moduleProgress = (page: Page, title: string) => page.getByRole('progressbar', { name: `${title} progress` });

test('a member opens a course, completes lessons, and sees module, course and dashboard progress move', async ({
  page,
}) => {
  await signInAs(page, DEMO.basic);
  await expect(page.getByRole('link', { name: /^Course progress\s*0%/ })).toBeVisible();
  await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  const grid = page.getByTestId('course-grid');
  await expect(grid.getByRole('article')).toHaveCount(2);
  await expect(grid.getByRole('article').filter({ hasText: 'Mastermind Deep Dive' })).toContainText('Members only');
  await expect(grid).not.toContainText('Product Launch Playbook'); // premium only
  await expect(grid).not.toContainText('Advanced PPC Strategies'); // a draft
  await expect(grid).not.toContainText('DRAFT');
  await shot(page, 'courses-member');

  await grid.getByRole('link', { name: 'Amazon FBA Foundations' }).click();
  await expect(page.getByRole('heading', { name: 'Amazon FBA Foundations', level: 1 })).toBeVisible();
  await expect(courseProgress(page)).toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('link', { name: 'Start the course' }).click();
  const lesson = page.getByRole('article', { name: 'Welcome to the course' });
  await expect(lesson).toBeVisible();
  await shot(page, 'course-lesson-member');

  await lesson.getByRole('button', { name: 'Mark as done' }).click();
  await expect(page.getByText(MESSAGES.markedCompleted)).toBeVisible();
  await expect(lesson.getByRole('button', { name: 'Mark as not done' })).toBeVisible();
  await expect(moduleProgress(page, 'Getting Started')).toHaveAttribute('aria-valuenow', '33');
  await expect(courseProgress(page)).toHaveAttribute('aria-valuenow', '11'); // 1 of the 9 lessons a basic member sees

  await lesson.getByRole('link', { name: /Next Lesson/ }).click();
  const second = page.getByRole('article', { name: 'How Amazon FBA works' });
  await expect(second.getByRole('table')).toBeVisible();
  await second.getByRole('button', { name: 'Mark as done' }).click();
  await expect(second.getByRole('button', { name: 'Mark as not done' })).toBeVisible();
  await expect(moduleProgress(page, 'Getting Started')).toHaveAttribute('aria-valuenow', '67');
  await expect(courseProgress(page)).toHaveAttribute('aria-valuenow', '22');
  await expect(page.getByRole('link', { name: /How Amazon FBA works/ })).toContainText('(completed)');

  // The embedded check-in form is an allowlisted, sandboxed frame.
  await page.getByRole('button', { name: /Sourcing and Suppliers/ }).click();
  await page.getByRole('link', { name: /Weekly check-in form/ }).click();
  const frame = page.getByTitle('Embedded form');
  await expect(frame).toHaveAttribute('src', /^https:\/\/docs\.google\.com\//);
  await expect(frame).toHaveAttribute('sandbox', /allow-forms/);

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('link', { name: /^Course progress\s*22%/ })).toBeVisible();
  await shot(page, 'dashboard-course-progress');

  await page.goto('/courses/mastermind-deep-dive');
  await expect(page.getByRole('heading', { name: /not part of your membership/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'What this course holds' }).getByRole('listitem').first(),
  ).toBeVisible();
  await shot(page, 'course-no-access');
  await page.goto('/courses/advanced-ppc-strategies');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back to courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});

test('a member searches lessons by title and content', async ({ page }) => {
  await signInAs(page, DEMO.premium, '/courses');
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('supplier');
  const tabs = page.getByRole('tablist', { name: 'Course results' });
  await expect(tabs.getByRole('tab', { name: /Lessons content \(\d+\)/ })).toBeVisible();
  await expect(page).toHaveURL(/search=supplier/);
  await expect(page.getByRole('region', { name: 'Lessons content' })).toContainText('Finding suppliers');
  await shot(page, 'courses-search');
  await tabs.getByRole('tab', { name: /Modules/ }).click();
  await expect(page).toHaveURL(/activeTab=modules/);
  await expect(page.getByRole('tabpanel')).toContainText('Sourcing and Suppliers');
});

test('an admin creates a course, modules and lessons, reorders lessons across modules, and publishes it for members', async ({
  browser,
  page,
  context,
}) => {
  test.slow(); // the longest walk of the suite (about 40 editor steps): three times the usual timeout
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const suffix = crypto.randomBytes(3).toString('hex');
  const title = `E2E Launch ${suffix}`;
  await signInAs(page, DEMO.admin, '/courses');
  await expect(page.getByText('DRAFT').first()).toBeVisible(); // the seeded draft, for admins only
  await page.getByRole('button', { name: 'Add New Course' }).click();
  const courseDialog = page.getByRole('dialog', { name: 'Add a new course' });
  await courseDialog.getByLabel('Title').fill(title);
  await expect(courseDialog.getByLabel('Slug')).toHaveValue(`e2e-launch-${suffix}`);
  await courseDialog.getByLabel('Description (optional)').fill('Made by the e2e test.');
  await shot(page, 'course-form');
  await courseDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Course saved successfully')).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  for (const name of ['Module A', 'Module B']) {
    await page.getByRole('button', { name: 'Add New Module' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new module' });
    await dialog.getByLabel('Title').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Module saved successfully').first()).toBeVisible();
    await expect(dialog).toBeHidden();
  }
  for (const [module, lesson] of [
    ['Module A', 'Lesson A1'],
    ['Module A', 'Lesson A2'],
    ['Module B', 'Lesson B1'],
  ] as const) {
    await page.getByRole('button', { name: `Add lesson to ${module}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a new lesson' });
    await expect(dialog.getByLabel('Module')).toBeDisabled();
    await dialog.getByLabel('Title').fill(lesson);
    await dialog.getByLabel('Content (markdown)').fill(`## ${lesson}\n\nSome **bold** text.`);
    if (lesson === 'Lesson A1') {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Upload image' }).click();
      await (await chooser).setFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('Image URL copied to clipboard')).toBeVisible();
      await expect(dialog.getByLabel('Image URL')).toHaveValue(/\/uploads\/.+\.png$/);
      await shot(page, 'lesson-form');
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  await page
    .getByRole('button', { name: /Module B/ })
    .first()
    .click();
  await expect(page.getByRole('link', { name: /Lesson B1/ })).toBeVisible();

  await page.getByRole('button', { name: 'Manage Order' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search Lessons' })).toBeDisabled();
  const a2 = page.getByTestId('order-lesson').filter({ hasText: 'Lesson A2' });
  const b1 = page.getByTestId('order-lesson').filter({ hasText: 'Lesson B1' });
  // Across modules: A2 goes into Module B; then, inside B, above B1.
  await drag(page, a2.locator('[data-lesson-handle]'), b1, 'below');
  const moduleA = page.getByTestId('order-module').filter({ hasText: 'Module A' });
  const moduleB = page.getByTestId('order-module').filter({ hasText: 'Module B' });
  await expect(moduleB.getByTestId('order-lesson')).toHaveText([/Lesson B1/, /Lesson A2/]);
  await expect(moduleA.getByTestId('order-lesson')).toHaveText([/Lesson A1/]);
  await drag(
    page,
    moduleB.getByTestId('order-lesson').nth(1).locator('[data-lesson-handle]'),
    moduleB.getByTestId('order-lesson').nth(0),
    'above',
  );
  await expect(moduleB.getByTestId('order-lesson')).toHaveText([/Lesson A2/, /Lesson B1/]);
  await shot(page, 'manage-order');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Module reordered successfully')).toBeVisible();
  await page
    .getByRole('button', { name: /Module B/ })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'Lessons of Module B' }).getByRole('link')).toHaveText([
    /Lesson A2/,
    /Lesson B1/,
  ]);
  await expect(page.getByRole('list', { name: 'Lessons of Module A' }).getByRole('link')).toHaveText([/Lesson A1/]);
  await shot(page, 'course-admin');

  // A basic member does not see the draft; after publishing, they do.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInAs(member, DEMO.basic);
  await member.goto('/courses');
  await expect(member.getByTestId('course-grid')).toBeVisible();
  await expect(member.getByText(title)).toHaveCount(0);

  await page.getByRole('link', { name: /Back to courses/ }).click();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit course: ${title}` });
  await edit.getByLabel('Status').selectOption('PUBLISHED');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Course saved successfully')).toBeVisible();

  await member.reload();
  await member.getByRole('link', { name: title }).click();
  await member.getByRole('link', { name: 'Start the course' }).click();
  await expect(member.getByRole('article', { name: 'Lesson A1' })).toBeVisible();
  await member.getByRole('link', { name: /Next Lesson/ }).click();
  await expect(member.getByRole('article', { name: 'Lesson A2' })).toBeVisible();
  await memberContext.close();
});

test('an admin reorders courses by dragging, and Cancel puts them back', async ({ page }) => {
  await signInAs(page, DEMO.admin, '/courses');
  await page.getByRole('button', { name: 'Reorder Courses' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search courses' })).toBeDisabled();
  const items = page.getByTestId('course-order-item');
  const before = await items.getByTestId('order-title').allTextContents();
  await drag(page, items.nth(1).locator('[data-drag-handle]'), items.nth(0), 'above');
  await expect(items.getByTestId('order-title')).toHaveText([before[1]!, before[0]!, ...before.slice(2)]);
  await shot(page, 'reorder-courses');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('course-grid').getByRole('heading', { level: 2 })).toHaveText(before);
  await page.getByRole('button', { name: 'Reorder Courses' }).click();
  await drag(page, items.nth(1).locator('[data-drag-handle]'), items.nth(0), 'above');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reorder is finished correctly')).toBeVisible();
  await expect(page.getByTestId('course-grid').getByRole('heading', { level: 2 })).toHaveText([
    before[1]!,
    before[0]!,
    ...before.slice(2),
  ]);
  // Put the order back for the other tests.
  await page.getByRole('button', { name: 'Reorder Courses' }).click();
  await page.getByRole('button', { name: `Move ${before[0]!} up` }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('course-grid').getByRole('heading', { level: 2 })).toHaveText(before);
});

const XSS = [
  '<script>window.__xss = 1; alert(1)</script>',
  '<img src=x onerror="window.__xss = 2; alert(2)">',
  '<svg onload="window.__xss = 3"></svg>',
  '[click me](javascript:window.__xss=4;alert(4))',
  '<a href="javascript:alert(5)">raw link</a>',
  '<iframe src="javascript:alert(6)"></iframe>',
  '```form\njavascript:alert(7)\n```',
  '```form\nhttps://evil.example/phish\n```',
].join('\n\n');

for (const who of ['admin', 'basic'] as const) {
  test(`script payloads in a lesson do nothing for the ${who}`, async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInAs(page, DEMO.admin);
    const slug = `xss-${who}-${crypto.randomBytes(3).toString('hex')}`;
    const course = await page.request.post('/api/course/upsert', {
      data: { title: `XSS ${who}`, slug, status: 'PUBLISHED' },
    });
    expect(course.ok()).toBe(true);
    const module = await page.request.post('/api/module/upsert', {
      data: { title: 'Payloads', CourseId: (await course.json()).course.id },
    });
    const lesson = await page.request.post('/api/lesson/upsert', {
      data: { title: '<img src=x onerror=alert(9)>', ModuleId: (await module.json()).module.id, content: XSS },
    });
    expect(lesson.ok()).toBe(true);
    if (who === 'basic') {
      await page.context().clearCookies();
      await signInAs(page, DEMO.basic);
    }
    await page.goto(`/courses/${slug}`);
    await page.getByRole('link', { name: 'Start the course' }).click();
    const content = page.getByTestId('lesson-content');
    await expect(content).toContainText('click me');
    // The javascript: link is plain text, not a link.
    await expect(content.getByRole('link', { name: 'click me' })).toHaveCount(0);
    await content.getByText('click me').click();
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const bad = await page.evaluate(() => {
      const found: string[] = [];
      for (const el of Array.from(document.querySelectorAll('main *'))) {
        for (const attr of Array.from(el.attributes)) {
          if (attr.name.startsWith('on')) found.push(`${el.tagName} ${attr.name}`);
          if (/^\s*javascript:/i.test(attr.value)) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
        }
        if (el.tagName === 'SCRIPT') found.push('SCRIPT');
        if (el.tagName === 'IFRAME') found.push(`IFRAME ${(el as HTMLIFrameElement).src}`);
      }
      return found;
    });
    expect(bad).toEqual([]);
    await expect(page.getByRole('heading', { name: '<img src=x onerror=alert(9)>' })).toBeVisible();
    await shot(page, `xss-${who}`);
  });
}

test('course pages work at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO.premium, '/courses');
  await page.getByRole('link', { name: 'Amazon FBA Foundations' }).click();
  await page.getByRole('link', { name: /Continue where you left off|Start the course|Review the course/ }).click();
  await expect(page.getByRole('button', { name: /Mark as (done|not done)/ })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'course-phone');
});

test('the Courses screen: tabs from the start, cover images, plain-text snippets, at 1280 and 390 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO.basic, '/courses');
  const tabs = page.getByRole('tablist', { name: 'Course results' });
  // Other specs may have published courses of their own: count what the grid shows.
  await expect(tabs.getByRole('tab', { name: /^All \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Lessons content' })).toBeVisible();
  // Each course shows its own cover image, loaded (not a gradient placeholder).
  const grid = page.getByTestId('course-grid');
  for (const title of ['Amazon FBA Foundations', 'Mastermind Deep Dive']) {
    const cover = grid.getByRole('article').filter({ hasText: title }).locator('img');
    await expect(cover).toHaveAttribute('src', /\/demo\/courses\/.+\.svg$/);
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  for (const title of ['Amazon FBA Foundations', 'Mastermind Deep Dive'])
    await expect(grid.getByRole('article').filter({ hasText: title }).getByTestId('course-cover-fallback')).toHaveCount(
      0,
    );
  await shot(page, 'courses-1280');
  await tabs.getByRole('tab', { name: 'Modules' }).click();
  await expect(page.getByText('Search to see results here')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search courses' }).fill('demand');
  const content = tabs.getByRole('tab', { name: /^Lessons content \(\d+\)$/ });
  await content.click();
  const snippet = page.getByTestId('lesson-snippet').filter({ hasText: 'Demand checked' });
  await expect(snippet).toHaveCount(1);
  await expect(snippet).not.toContainText('[ ]');
  await expect(snippet).not.toContainText('**');
  await expect(snippet.locator('mark').first()).toHaveText(/^demand$/i);
  await shot(page, 'courses-search-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/courses');
  await expect(tabs.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'courses-390');
  await page.getByRole('searchbox', { name: 'Search courses' }).fill('demand');
  await tabs.getByRole('tab', { name: /^Lessons content \(\d+\)$/ }).click();
  await expect(page.getByTestId('lesson-snippet').filter({ hasText: 'Demand checked' }).locator('mark')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'courses-search-390');
});

test('an admin sees the designed fallback on a course without a cover', async ({ page }) => {
  await signInAs(page, DEMO.admin, '/courses');
  const draft = page.getByTestId('course-grid').getByRole('article').filter({ hasText: 'Advanced PPC Strategies' });
  await expect(draft.getByTestId('course-cover-fallback')).toHaveText('AP');
  await expect(draft.locator('img')).toHaveCount(0);
});
