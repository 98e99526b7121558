// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeUsersServer, row } from '../../test/fake-users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('User Dashboard: "My members" (docs/areas/review.md)', () => {
  it('a coach filters to their own members: the list asks the server for coach=mine, back on page 1', async () => {
    const server = fakeUsersServer([row({ id: 5, role: 'premium', fullName: 'Mia Member' })]);
    const user = userEvent.setup();
    renderApp('/users', makeUser({ role: 'coach' }));
    const box = await screen.findByRole('checkbox', { name: MESSAGES.myMembers });
    const reads = () => server.calls.filter((c) => c.path === '/api/user/read-many');
    await waitFor(() => expect(reads().length).toBeGreaterThan(0));
    expect(reads().at(-1)?.search.get('coach')).toBeNull();
    await user.click(box);
    await waitFor(() => expect(reads().at(-1)?.search.get('coach')).toBe('mine'));
    expect(reads().at(-1)?.search.get('page')).toBe('1');
    expect(reads().at(-1)?.search.get('role')).toBe('premium');
  });

  it('admins have it too; members never reach the dashboard', async () => {
    fakeUsersServer([]);
    renderApp('/users', makeUser({ role: 'admin' }));
    expect(await screen.findByRole('checkbox', { name: MESSAGES.myMembers })).toBeTruthy();
  });
});
