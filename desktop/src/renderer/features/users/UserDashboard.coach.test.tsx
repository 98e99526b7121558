// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeUsersServer, row } from '../../test/fake-users';

beforeAll(async () => {
  await import('./UserDashboard');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** A premium member as the API sends it to a coach: no billing fields (policies/user-scope.ts). */
function premiumForCoach(overrides: Partial<User>): User {
  const { stripeStatus: _status, stripeCustomerId: _customer, ...rest } = row({ role: 'premium', ...overrides });
  return rest;
}

describe('User Dashboard (/users) for a coach', () => {
  it('shows Name, Role, Date Joined, Edit and Go to board, without the Stripe Status column', async () => {
    const people = [
      premiumForCoach({
        id: 21,
        fullName: 'Priya Premium',
        email: 'priya@example.com',
        createdAt: '2024-06-01T12:00:00Z',
      }),
      premiumForCoach({ id: 22, fullName: 'Pedro Premium', email: 'pedro@example.com' }),
    ];
    const server = fakeUsersServer(people);
    renderApp('/users', makeUser({ id: 2, role: 'coach', fullName: 'Cole Coach' }));
    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    expect(headers.some((h) => h.startsWith('Name'))).toBe(true);
    expect(headers.some((h) => h.startsWith('Role'))).toBe(true);
    expect(headers).toContain('Date Joined');
    expect(headers).toContain('Edit');
    expect(headers).not.toContain('Stripe Status');
    const priya = within(table).getByText('Priya Premium').closest('tr')!;
    expect(priya.textContent).toContain('priya@example.com');
    expect(priya.textContent).toContain('Jun 1, 2024');
    expect(within(priya).getAllByRole('cell')).toHaveLength(headers.length);
    expect(within(priya).getByRole('button', { name: 'Edit Priya Premium' })).toBeTruthy();
    expect(within(priya).getByRole('link', { name: 'Go to board of Priya Premium' }).getAttribute('href')).toBe(
      '/move-the-needle/21',
    );
    // The list asked for is the coach's directory: premium members, and never a status filter.
    const asked = server.calls.filter((c) => c.path === '/api/user/read-many');
    expect(asked[0]!.search.get('role')).toBe('premium');
    expect(asked.every((c) => !c.search.has('stripeStatus'))).toBe(true);
  });
});

describe('User Dashboard (/users): Edit right after Save', () => {
  it('opens with the saved tags while the list is still being read again', async () => {
    const member = premiumForCoach({ id: 31, fullName: 'Cora Coached', email: 'cora@example.com', Tags: [] });
    let saved = false;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = fakeUsersServer([member], [{ id: 5, name: 'Free Trial' }], (req) => {
      if (req.path === '/api/user/upsert') saved = true;
      // After the save, the list's new read is held in flight: the row still holds what was read before.
      else if (saved && req.path === '/api/user/read-many')
        return {
          wait: held,
          body: { users: server.users, totalCount: 1, premiumCount: 1, basicCount: 0 },
        };
      return undefined;
    });
    renderApp('/users', makeUser({ id: 2, role: 'coach', fullName: 'Cole Coach' }));
    const edit = await screen.findByRole('button', { name: 'Edit Cora Coached' });
    edit.click();
    let dialog = await screen.findByRole('dialog', { name: 'Edit user: Cora Coached' });
    (await within(dialog).findByRole('checkbox', { name: 'Free Trial' })).click();
    within(dialog).getByRole('button', { name: 'Save' }).click();
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit user: Cora Coached' })).toBeNull());

    screen.getByRole('button', { name: 'Edit Cora Coached' }).click();
    dialog = await screen.findByRole('dialog', { name: 'Edit user: Cora Coached' });
    expect((await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Free Trial' })).checked).toBe(true);
    release();
  });
});
