// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeUsersServer, row } from '../../test/fake-users';
import { TABLE_MIN_WIDTH } from './UserListBody';

beforeAll(async () => {
  await import('./UserDashboard');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** jsdom does no layout: give every element this width and a ResizeObserver that reports it. */
function layoutWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width,
    height: 0,
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: width,
    bottom: 0,
    toJSON: () => ({}),
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

const PEOPLE = [
  row({ id: 11, fullName: 'Priya Premium', email: 'priya@example.com', role: 'premium', stripeStatus: 'active' }),
  row({ id: 12, fullName: 'Ben Basic', email: 'ben@example.com', role: 'basic', stripeStatus: 'unpaid' }),
];

describe('User Dashboard on a narrow screen', () => {
  it('shows cards with every field and action instead of the table', async () => {
    layoutWidth(358);
    fakeUsersServer(PEOPLE);
    const user = userEvent.setup();
    renderApp('/users', makeUser({ id: 1, role: 'admin', fullName: 'Ada Admin' }));
    const cards = await screen.findByRole('region', { name: 'Users' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards).getByTestId('role-counts').textContent).toBe('Premium: 1 · Basic: 1');
    const priya = within(cards).getByRole('listitem', { name: 'Priya Premium' });
    for (const text of ['priya@example.com', 'ID 11', 'Premium', 'Active', 'Date Joined', 'Stripe Status'])
      expect(priya.textContent).toContain(text);
    expect(within(priya).getByRole('link', { name: 'Go to board of Priya Premium' }).getAttribute('href')).toBe(
      '/move-the-needle/11',
    );
    const ben = within(cards).getByRole('listitem', { name: 'Ben Basic' });
    expect(within(ben).getByText('Unpaid')).toBeTruthy();
    expect(within(ben).getByRole('button', { name: 'Sign in as Ben Basic' })).toBeTruthy();
    await user.click(within(ben).getByRole('checkbox', { name: 'Select Ben Basic' }));
    expect(within(cards).getByRole<HTMLInputElement>('checkbox', { name: 'Select Ben Basic' }).checked).toBe(true);
    await user.click(within(cards).getByRole('checkbox', { name: 'Select all users on this page' }));
    expect(within(priya).getByRole<HTMLInputElement>('checkbox', { name: 'Select Priya Premium' }).checked).toBe(true);
    await user.click(within(ben).getByRole('button', { name: 'Edit Ben Basic' }));
    expect(await screen.findByRole('dialog', { name: 'Edit user: Ben Basic' })).toBeTruthy();
  });

  it("keeps the table when the column is wide enough, and a coach's narrower table fits sooner", async () => {
    layoutWidth(TABLE_MIN_WIDTH.manage);
    fakeUsersServer(PEOPLE);
    renderApp('/users', makeUser({ id: 1, role: 'admin', fullName: 'Ada Admin' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    layoutWidth(TABLE_MIN_WIDTH.view);
    fakeUsersServer(PEOPLE);
    renderApp('/users', makeUser({ id: 2, role: 'coach', fullName: 'Cole Coach' }));
    const table = await screen.findByRole('table', { name: 'Users' });
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Edit Priya Premium' })).toBeTruthy());
  });
});
