// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { ROLES, ROLE_DESCRIPTIONS } from '@shared/limits';
import { sidebarItems } from '@shared/policies/sidebar';
import type { CurrentUser } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { FALLBACK_SETTINGS } from '../settings/usePortalSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The desktop sidebar (the mobile drawer is closed, so it is the only "Main" navigation). */
async function sidebarLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav).getAllByRole('link');
}

function expectSidebarFor(user: CurrentUser, links: HTMLElement[]) {
  const expected = sidebarItems(user);
  expect(links).toHaveLength(expected.length);
  expected.forEach((item, i) => {
    const link = links[i] as HTMLElement;
    expect(link.textContent).toContain(item.label);
    expect(link.getAttribute('href')).toBe(item.to);
    if (item.external && !item.to.startsWith('mailto:')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
}

describe('AppShell sidebar', () => {
  it('renders the items of sidebarItems for an admin, with Switch roles', async () => {
    mockFetch();
    const admin = makeUser({ role: 'admin', fullName: 'Ada Admin', email: 'ada@example.com' });
    renderApp('/', admin);
    const links = await sidebarLinks();
    expectSidebarFor(admin, links);
    const names = links.map((l) => l.textContent);
    expect(names).toContain('Tag Management');
    expect(names).toContain('User Dashboard');
    expect(names).toContain('Master Template');
    expect(screen.getAllByRole('button', { name: 'Switch roles' }).length).toBeGreaterThan(0);
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('renders the items of sidebarItems for a basic member, without admin items', async () => {
    mockFetch(({ path }) =>
      path === '/api/user/read-many'
        ? { body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } }
        : undefined,
    );
    const basic = makeUser({ role: 'basic' });
    renderApp('/', basic);
    const links = await sidebarLinks();
    expectSidebarFor(basic, links);
    const names = links.map((l) => l.textContent);
    expect(names).not.toContain('Tag Management');
    expect(names).not.toContain('User Dashboard');
    expect(names.some((n) => n?.includes('Apply To Upgrade or AKG'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Switch roles' })).toBeNull();
  });

  it('leads Community to /community inside the app when the portal setting says so, else to the external group', async () => {
    for (const communityMode of ['portal', 'external'] as const) {
      mockFetch(({ path }) =>
        path === '/api/settings' ? { body: { settings: { ...FALLBACK_SETTINGS, communityMode } } } : undefined,
      );
      renderApp('/profile', makeUser({ role: 'premium' }));
      const nav = await screen.findByRole('navigation', { name: 'Main' });
      if (communityMode === 'portal') {
        const link = await within(nav).findByRole('link', { name: 'Community' });
        expect(link.getAttribute('href')).toBe('/community');
        expect(link.getAttribute('target')).toBeNull();
        expect(within(nav).queryByRole('link', { name: /Community Group/ })).toBeNull();
      } else {
        const link = within(nav).getByRole('link', { name: /Community Group/ });
        expect(link.getAttribute('href')).toBe(FALLBACK_SETTINGS.communityUrl);
        expect(within(nav).queryByRole('link', { name: 'Community' })).toBeNull();
      }
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('highlights the active route', async () => {
    mockFetch();
    renderApp('/profile', makeUser({ role: 'coach' }));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const settings = within(nav).getByRole('link', { name: 'Settings' });
    await waitFor(() => expect(settings.getAttribute('aria-current')).toBe('page'));
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens the mobile menu as a dialog with the same items', async () => {
    mockFetch();
    const user = userEvent.setup();
    const coach = makeUser({ role: 'coach' });
    renderApp('/profile', coach);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getAllByRole('link').length).toBe(sidebarItems(coach).length);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches roles for an admin', async () => {
    const admin = makeUser({ role: 'admin' });
    const calls = mockFetch(({ path, body }) =>
      path === '/api/auth/switch-role'
        ? { body: { currentUser: { ...admin, role: (body as { role: string }).role, isAdmin: true } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/tag-management', admin);
    await user.click((await screen.findAllByRole('button', { name: 'Switch roles' }))[0] as HTMLElement);
    const dialog = screen.getByRole('dialog', { name: 'Switch roles' });
    for (const role of ROLES) expect(within(dialog).getByText(ROLE_DESCRIPTIONS[role])).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /^Coach/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/auth/switch-role')?.body).toEqual({ role: 'coach' });
    expect(await screen.findByText(MESSAGES.roleSwitched)).toBeTruthy();
    // Now a coach: tag management is for admins only.
    expect(await screen.findByRole('heading', { name: MESSAGES.membersOnly })).toBeTruthy();
  });

  it('shows the impersonation banner and goes back to the admin account', async () => {
    const admin = makeUser({ role: 'admin', fullName: 'Ada Admin' });
    const member = makeUser({
      role: 'premium',
      fullName: 'Pat Member',
      impersonator: { id: admin.id, fullName: admin.fullName, email: admin.email },
    });
    const calls = mockFetch(({ path }) =>
      path === '/api/auth/signinas/return' ? { body: { currentUser: admin } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/profile', member);
    expect(await screen.findByText('Signed in as Pat Member')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to my account' }));
    await waitFor(() => expect(screen.queryByText('Signed in as Pat Member')).toBeNull());
    expect(calls.some((c) => c.path === '/api/auth/signinas/return' && c.method === 'POST')).toBe(true);
  });

  it('logs out, and shows the failure toast when it fails', async () => {
    mockFetch(({ path }) =>
      path === '/api/auth/signout' ? { status: 500, body: { error: { code: 'internal', message: 'x' } } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/profile', makeUser());
    await user.click((await screen.findAllByRole('button', { name: 'Log out' }))[0] as HTMLElement);
    expect(await screen.findByText(MESSAGES.signOutFailed)).toBeTruthy();
    cleanup();

    mockFetch(({ path }) => (path === '/api/auth/signout' ? { status: 204 } : undefined));
    renderApp('/profile', makeUser());
    await user.click((await screen.findAllByRole('button', { name: 'Log out' }))[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });
});
