// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp, type MockHandler } from '../../test/render';
import { FALLBACK_SETTINGS } from '../settings/usePortalSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUPPORT = 'mailto:help@rainmakers.test';
const base: MockHandler = ({ path }) =>
  path === '/api/settings'
    ? {
        body: {
          settings: {
            ...FALLBACK_SETTINGS,
            supportUrl: SUPPORT,
            boardWelcomeVideo: 'https://www.youtube-nocookie.com/embed/x',
          },
        },
      }
    : path === '/api/user/read-many'
      ? { body: { users: [], totalCount: 0, premiumCount: 0, basicCount: 0 } }
      : undefined;

/** The sidebar's Help button (the small screens' top bar has the same menu). */
async function helpButton() {
  const [first] = await screen.findAllByRole('button', { name: MESSAGES.helpMenu });
  return first!;
}

describe('HelpMenu', () => {
  it('is a menu button: keys open it on an item, move between items, and Escape gives focus back', async () => {
    mockFetch(base);
    renderApp('/', makeUser({ role: 'basic' }));
    const button = await helpButton();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      MESSAGES.helpWelcomeVideo,
      MESSAGES.helpGettingStarted,
      MESSAGES.helpContactSupport,
    ]);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    // Arrow Up opens it on the last item.
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe(MESSAGES.helpContactSupport));
    // Contact support is the portal's support address.
    expect(document.activeElement?.getAttribute('href')).toBe(SUPPORT);
  });

  it('opens the welcome video again; closing it the first time records it as seen', async () => {
    const calls = mockFetch((req) =>
      req.method === 'PUT' && req.path === '/api/auth/me/welcome-seen'
        ? { body: { currentUser: { ...member, welcomeSeenAt: new Date().toISOString() } } }
        : base(req),
    );
    const member = makeUser({ role: 'premium', welcomeSeenAt: null });
    renderApp('/', member);
    await userEvent.click(await helpButton());
    await userEvent.click(screen.getByRole('menuitem', { name: MESSAGES.helpWelcomeVideo }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.mtnWelcomeTitle });
    expect(within(dialog).getByTitle('Move the Needle introduction video')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/me/welcome-seen')).toHaveLength(1));
    expect(document.activeElement).toBe(await helpButton());
  });

  it('does not record the video again for a member who has seen it', async () => {
    const calls = mockFetch(base);
    renderApp('/', makeUser({ role: 'coach' }));
    await userEvent.click(await helpButton());
    await userEvent.click(screen.getByRole('menuitem', { name: MESSAGES.helpWelcomeVideo }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === '/api/auth/me/welcome-seen')).toBe(false);
  });

  it('brings a hidden checklist back on the dashboard (members only)', async () => {
    const calls = mockFetch((req) =>
      req.path === '/api/dashboard/first-run'
        ? {
            body: {
              steps: [{ key: 'lesson', done: false, href: '/courses' }],
              dismissed: req.method === 'GET' ? false : (req.body as { dismissed: boolean }).dismissed,
            },
          }
        : base(req),
    );
    renderApp('/resources', makeUser({ role: 'basic' }));
    await userEvent.click(await helpButton());
    await userEvent.click(screen.getByRole('menuitem', { name: MESSAGES.helpGettingStarted }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByRole('region', { name: MESSAGES.firstRunTitle })).toBeTruthy();
    expect(await screen.findByText(MESSAGES.firstRunShown)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ dismissed: false }]);
    cleanup();
    vi.unstubAllGlobals();

    mockFetch(base);
    renderApp('/', makeUser({ role: 'admin' }));
    await userEvent.click(await helpButton());
    expect(screen.queryByRole('menuitem', { name: MESSAGES.helpGettingStarted })).toBeNull();
    expect(screen.getAllByRole('menuitem')).toHaveLength(2);
  });
});
