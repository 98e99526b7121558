// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { platform } from '../../test/platformMock';
import { fakeResourcesServer, makeResource } from '../../test/fake-resources';
import { relativeTime, truncateDescription } from './resourceView';
import { withoutRepeatedTitle } from './ArticleMarkdown';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LONG =
  'Seven photos that sell: the main image on white, three lifestyle shots, an infographic, and more besides.';

describe('Resources page', () => {
  it("shows 'No resources found.' when nothing matches", async () => {
    fakeResourcesServer();
    renderApp('/resources', makeUser());
    expect(await screen.findByText(MESSAGES.noResources)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recommend a resource' }).getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('shows the error of a failed load with a retry', async () => {
    fakeResourcesServer({
      override: ({ path }) =>
        path === '/api/resource/read-many'
          ? { status: 500, body: { error: { code: 'x', message: 'Internal server error' } } }
          : undefined,
    });
    renderApp('/resources', makeUser());
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lists cards with the description cut at 80 characters and the action for each', async () => {
    fakeResourcesServer({
      resources: [
        makeResource({
          title: 'Photo playbook',
          description: LONG,
          type: 'Article',
          visibility: 'For Sale',
          price: 19,
          hasAccess: false,
          url: null,
        }),
        makeResource({ title: 'Help pages' }),
        makeResource({ title: 'PPC', visibility: 'Included with Premium', hasAccess: false, url: null }),
      ],
    });
    renderApp('/resources', makeUser());
    const card = await screen.findByRole('article', { name: 'Photo playbook' });
    const text = within(card).getByTestId('resource-description').textContent ?? '';
    expect(text.length).toBeLessThanOrEqual(81);
    expect(text.endsWith('…')).toBe(true);
    expect(within(card).getByRole('button', { name: 'Buy for $19.00: Photo playbook' })).toBeTruthy();
    expect(within(card).getByTestId('default-cover')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open link: Help pages' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium: PPC' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Resource' })).toBeNull();
  });

  it('filters by type, categories (repeated) and a debounced search', async () => {
    const { calls } = fakeResourcesServer({
      resources: [
        makeResource({
          title: 'Sourcing guide',
          ResourceCategories: [{ id: 5, name: 'Sourcing', premiumSlides: false }],
        }),
      ],
      categories: [
        { id: 5, name: 'Sourcing', premiumSlides: false },
        { id: 6, name: 'Launch', premiumSlides: false },
      ],
    });
    const user = userEvent.setup();
    renderApp('/resources', makeUser());
    await screen.findByRole('article', { name: 'Sourcing guide' });
    await user.click(screen.getByRole('radio', { name: 'Marketplace' }));
    await waitFor(() => expect(calls.some((c) => c.search.get('type') === 'marketplace')).toBe(true));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Sourcing' }));
    await user.click(screen.getByRole('checkbox', { name: 'Launch' }));
    await waitFor(() => expect(calls.some((c) => c.search.getAll('categories').join() === '5,6')).toBe(true));
    await user.type(screen.getByLabelText('Search resources'), 'guide');
    await waitFor(() => expect(calls.some((c) => c.search.get('search') === 'guide')).toBe(true), { timeout: 2000 });
    expect(
      calls.filter((c) => c.search.get('search')?.startsWith('gui')).every((c) => c.search.get('search') === 'guide'),
    ).toBe(true);
  });

  it('folds the categories behind a button that says how many are chosen (narrow screens)', async () => {
    fakeResourcesServer({
      resources: [makeResource({ title: 'Sourcing guide' })],
      categories: [
        { id: 5, name: 'Sourcing', premiumSlides: false },
        { id: 6, name: 'Launch', premiumSlides: false },
      ],
    });
    const user = userEvent.setup();
    renderApp('/resources?categories=5', makeUser());
    const toggle = await screen.findByRole('button', { name: 'Choose categories (1 chosen)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const group = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(group.className.split(' ')).toContain('hidden');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(group.className.split(' ')).not.toContain('hidden');
    expect((await within(group).findByRole<HTMLInputElement>('checkbox', { name: 'Sourcing' })).checked).toBe(true);
  });

  it('opens the article reader with ?id=, renders markdown without raw HTML, and goes back', async () => {
    const article = makeResource({
      title: 'Supplier questions',
      type: 'Article',
      url: null,
      content: '# Ask first\n\n- **MOQ**\n\n<img src=x onerror="alert(1)">\n\n[bad](javascript:alert(1))',
    });
    fakeResourcesServer({ resources: [article] });
    const user = userEvent.setup();
    const { container } = renderApp('/resources', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Read article: Supplier questions' }));
    expect(await screen.findByRole('heading', { name: 'Supplier questions', level: 1 })).toBeTruthy();
    const content = screen.getByTestId('article-content');
    expect(within(content).getByRole('heading', { name: 'Ask first' })).toBeTruthy();
    expect(content.querySelector('img')).toBeNull();
    expect(container.ownerDocument.querySelector('[onerror]')).toBeNull();
    expect(within(content).queryByRole('link', { name: 'bad' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to resources' }));
    expect(await screen.findByRole('article', { name: 'Supplier questions' })).toBeTruthy();
  });

  it('opens links and store pages outside, and courses in the app', async () => {
    fakeResourcesServer({
      resources: [
        makeResource({ title: 'Help pages', url: 'https://example.com/help' }),
        makeResource({
          title: 'Scripts',
          visibility: 'For Sale',
          hasAccess: false,
          url: null,
          purchaseUrl: 'https://buy.stripe.com/x',
        }),
        makeResource({ title: 'Course res', type: 'Course', url: null, CourseId: 3, lessonId: 9 }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/resources', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Open link: Help pages' }));
    expect(platform.openExternal).toHaveBeenCalledWith('https://example.com/help');
    await user.click(screen.getByRole('button', { name: 'Buy now: Scripts' }));
    expect(platform.openExternal).toHaveBeenCalledWith('https://buy.stripe.com/x');
    await user.click(screen.getByRole('button', { name: 'Open course: Course res' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/course/3/9'));
  });

  it('opens the purchase modal for a locked For Sale resource with a price, and says when payments are off', async () => {
    fakeResourcesServer({
      resources: [makeResource({ title: 'Playbook', visibility: 'For Sale', price: 19, hasAccess: false, url: null })],
    });
    const user = userEvent.setup();
    renderApp('/resources', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Buy for $19.00: Playbook' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy “Playbook”' });
    expect(await within(dialog).findByText(MESSAGES.paymentsUnavailable)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('resource view helpers', () => {
  it('cuts descriptions at 80 characters, preferring a word boundary', () => {
    expect(truncateDescription('short')).toBe('short');
    expect(truncateDescription('x'.repeat(100))).toBe(`${'x'.repeat(80)}…`);
    expect(truncateDescription(LONG).length).toBeLessThanOrEqual(81);
    expect(truncateDescription(null)).toBe('');
  });

  it('drops an article heading that repeats the page title, and only that', () => {
    expect(withoutRepeatedTitle('# My Guide\n\nText', 'My guide')).toBe('Text');
    expect(withoutRepeatedTitle('# Another\n\nText', 'My guide')).toBe('# Another\n\nText');
    expect(withoutRepeatedTitle('Intro\n# My Guide', 'My Guide')).toBe('Intro\n# My Guide');
  });

  it('words creation times relative to now', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(relativeTime('2026-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2026-03-10T11:59:30Z', now)).toBe('this minute');
    expect(relativeTime('2025-03-10T12:00:00Z', now)).toBe('last year');
  });
});
