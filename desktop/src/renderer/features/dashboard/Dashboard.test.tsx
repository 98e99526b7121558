// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMUNITY_PAGE_SIZE } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { PublicUser } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { FALLBACK_SETTINGS } from '../settings/usePortalSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = (id: number, overrides: Partial<PublicUser> = {}): PublicUser => ({
  id,
  fullName: `Member ${id}`,
  photoUrl: null,
  city: 'Denver',
  state: 'Colorado',
  country: 'USA',
  role: 'basic',
  ...overrides,
});

describe('Dashboard', () => {
  it('shows the community card to every role, asking the API for the community scope', async () => {
    for (const role of ['admin', 'coach', 'premium', 'course only', 'basic'] as const) {
      const calls = mockFetch(({ path }) =>
        path === '/api/user/read-many'
          ? { body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } }
          : undefined,
      );
      renderApp('/', makeUser({ role }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(await screen.findByText(MESSAGES.noRainmakers), role).toBeTruthy();
      const read = calls.find((c) => c.path === '/api/user/read-many');
      expect(read?.search.get('scope'), role).toBe('community');
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('greets a member who joined today with a welcome, and one who joined before with a welcome back', async () => {
    const fetched = () => ({ body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } });
    mockFetch(({ path }) => (path === '/api/user/read-many' ? fetched() : undefined));
    renderApp('/', makeUser({ role: 'basic', fullName: 'Nina New', createdAt: new Date().toISOString() }));
    expect(await screen.findByText('Welcome, Nina.')).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    cleanup();
    renderApp('/', makeUser({ role: 'basic', fullName: 'Olga Old' }));
    expect(await screen.findByText('Welcome back, Olga.')).toBeTruthy();
  });

  it("an admin's dashboard opens on the numbers; the banner editors come after them", async () => {
    mockFetch(({ path }) =>
      path === '/api/user/read-many'
        ? { body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } }
        : path === '/api/dashboard-banner/read-many'
          ? { body: { banners: [] } }
          : undefined,
    );
    renderApp('/', makeUser({ role: 'admin', isAdmin: true }));
    const editors = await screen.findByRole('region', { name: 'Member banners' });
    const stats = screen.getByTestId('dashboard-stats');
    expect(stats.compareDocumentPosition(editors) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('course only members before the cutoff get the Move the Needle card with an upgrade link, basic none', async () => {
    mockFetch();
    renderApp('/', makeUser({ role: 'course only' }));
    expect(await screen.findByRole('heading', { name: 'Move the Needle' })).toBeTruthy();
    expect(
      within(screen.getByTestId('dashboard-grid')).getByRole('link', { name: /Apply To Upgrade or AKG/ }),
    ).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    mockFetch();
    renderApp('/', makeUser({ role: 'basic' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Move the Needle' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Rainmaker Calendar' })).toBeNull();
  });

  it('a premium member who joined after the cutoff is told they have no board, on the calendar card', async () => {
    const calls = mockFetch();
    renderApp('/', makeUser({ role: 'premium', createdAt: '2025-03-01T00:00:00.000Z' }));
    expect(await screen.findByRole('heading', { name: 'Rainmaker Calendar' })).toBeTruthy();
    expect(screen.getByText(/Move the Needle boards are for members who joined before February 13, 2025/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Move the Needle' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/move-the-needle/summary')).toBe(false);
  });

  it('lists community members 15 per page with the pager', async () => {
    const calls = mockFetch(({ path, search }) => {
      if (path !== '/api/user/read-many') return undefined;
      const page = Number(search.get('page'));
      const users = Array.from({ length: page === 1 ? 15 : 5 }, (_, i) =>
        member(page * 100 + i, i === 0 ? { role: 'premium', fullName: `First of page ${page}` } : {}),
      );
      return { body: { users, totalCount: 20, premiumCount: 2, basicCount: 18 } };
    });
    const user = userEvent.setup();
    renderApp('/', makeUser({ role: 'premium' }));
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    expect(within(list).getByText('First of page 1')).toBeTruthy();
    expect(within(list).getAllByText('Denver, Colorado, USA').length).toBe(15);
    const first = calls.find((c) => c.path === '/api/user/read-many');
    expect(first?.search.get('usersPerPage')).toBe(String(COMMUNITY_PAGE_SIZE));
    expect(first?.search.get('page')).toBe('1');

    const prev = screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' });
    expect(prev.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First of page 2')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(false);
  });

  it('debounces the search, filters by role and place, and shows the empty message', async () => {
    const calls = mockFetch(({ path }) =>
      path === '/api/user/read-many'
        ? { body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/', makeUser({ role: 'basic' }));
    expect(await screen.findByText(MESSAGES.noRainmakers)).toBeTruthy();
    const reads = () => calls.filter((c) => c.path === '/api/user/read-many');
    expect(reads()).toHaveLength(1);

    await user.type(screen.getByLabelText('Search', { selector: 'input' }), 'sam');
    // Nothing is sent while typing; one request once the input has been quiet for 500 ms.
    expect(reads()).toHaveLength(1);
    await waitFor(() => expect(reads().at(-1)?.search.get('search')).toBe('sam'), { timeout: 2000 });
    expect(reads()).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Role'), 'premium');
    await waitFor(() => expect(reads().at(-1)?.search.get('role')).toBe('premium'));
    await user.type(screen.getByLabelText('City or state'), 'Ohio');
    await waitFor(() => expect(reads().at(-1)?.search.get('cityOrState')).toBe('Ohio'), { timeout: 2000 });
  });

  it('shows an error state when the list fails', async () => {
    mockFetch(({ path }) =>
      path === '/api/user/read-many'
        ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
        : path === '/api/dashboard/first-run'
          ? { body: { steps: [], dismissed: true } }
          : undefined,
    );
    renderApp('/', makeUser({ role: 'basic' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
  });
  it('links the community card to the community inside the portal only when the portal setting says so', async () => {
    for (const communityMode of ['portal', 'external'] as const) {
      mockFetch(({ path }) =>
        path === '/api/user/read-many'
          ? { body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } }
          : path === '/api/settings'
            ? { body: { settings: { ...FALLBACK_SETTINGS, communityMode } } }
            : undefined,
      );
      renderApp('/', makeUser({ role: 'basic' }));
      expect(await screen.findByText(MESSAGES.noRainmakers)).toBeTruthy();
      if (communityMode === 'portal') {
        const link = await screen.findByRole('link', { name: MESSAGES.communityOpen });
        expect(link.getAttribute('href')).toBe('/community');
      } else {
        await waitFor(() => expect(screen.getByRole('link', { name: /Community Group/ })).toBeTruthy());
        expect(screen.queryByRole('link', { name: MESSAGES.communityOpen })).toBeNull();
      }
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
