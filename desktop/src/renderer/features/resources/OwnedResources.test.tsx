// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeUsersServer, row } from '../../test/fake-users';
import { makeResource } from '../../test/fake-resources';

// The User Dashboard's chunk loads lazily: load it once before the tests.
beforeAll(async () => {
  await import('../users/UserDashboard');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => makeUser({ id: 1, role: 'admin' });
const RESOURCES = [
  makeResource({ id: 31, title: 'Photo playbook' }),
  makeResource({ id: 32, title: 'Launch calendar' }),
];
const BEN = row({
  id: 12,
  fullName: 'Ben Basic',
  role: 'premium',
  email: 'ben@example.com',
  Resources: [{ id: 31, title: 'Photo playbook' }],
});

function server() {
  return fakeUsersServer([BEN], [{ id: 1, name: 'Mastermind' }], ({ path }) => {
    if (path === '/api/resource/read-many') return { body: { resources: RESOURCES } };
    if (path === '/api/stripe/sync') return { body: { checked: 3, updated: 1 } };
    return undefined;
  });
}

describe("User Dashboard: 'Owned Resources' and 'Sync with Stripe'", () => {
  it('lets an admin change the resources a user owns in the user form', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Basic' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user: Ben Basic' });
    const picker = await within(dialog).findByRole('group', { name: 'Owned Resources' });
    expect((await within(picker).findByRole<HTMLInputElement>('checkbox', { name: 'Photo playbook' })).checked).toBe(
      true,
    );
    await user.click(within(picker).getByRole('checkbox', { name: 'Launch calendar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Photo playbook' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.userUpdated)).toBeTruthy();
    const body = calls.find((c) => c.path === '/api/user/upsert')!.body as { Resources: unknown };
    expect(body.Resources).toEqual([{ id: 32 }]);
  });

  it('does not offer Owned Resources to a coach', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/users', makeUser({ id: 2, role: 'coach' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Basic' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user: Ben Basic' });
    expect(within(dialog).queryByRole('group', { name: 'Owned Resources' })).toBeNull();
  });

  it('syncs with Stripe from the Options menu and says how many users changed', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sync with Stripe' }));
    expect(await screen.findByText('Synced 3 user(s) with Stripe; 1 changed')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/stripe/sync')).toHaveLength(1);
  });
});
