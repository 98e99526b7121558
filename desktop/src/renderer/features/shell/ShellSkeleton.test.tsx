// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { AppShell } from './AppShell';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const never = new Promise<never>(() => undefined);
/** A screen whose code never arrives (a lazy chunk still loading). */
function Pending(): never {
  throw never;
}

describe('loading keeps the app shell on screen', () => {
  it('while the session is checked: the shell frame with a busy page, never a page-wide spinner', async () => {
    mockFetch(({ path }) => (path === '/api/auth/me' ? { wait: never } : undefined));
    renderApp('/courses', 'unknown');
    const frame = screen.getByTestId('shell-skeleton');
    expect(within(frame).getAllByText('Rainmakers Portal').length).toBeGreaterThan(0);
    const status = within(frame).getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading your account…');
    // The main region is there, where the page will be.
    expect(within(frame).getByRole('main').contains(status)).toBe(true);
  });

  it('on sign-in and the other public screens: their own centred wait, no app frame', () => {
    mockFetch(({ path }) => (path === '/api/auth/me' ? { wait: never } : undefined));
    renderApp('/signin', 'unknown');
    expect(screen.getByText('Loading your account…')).toBeTruthy();
    expect(screen.queryByTestId('shell-skeleton')).toBeNull();
  });

  it('while a screen’s code loads: the sidebar and top bar stay, the page shows a skeleton', async () => {
    mockFetch();
    renderApp(
      '/',
      makeUser({ role: 'basic' }),
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<Pending />} />
        </Route>
      </Routes>,
    );
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Help' }).length).toBeGreaterThan(0);
    const main = screen.getByRole('main');
    const status = within(main).getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading…');
  });
});
