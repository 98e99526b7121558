// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { fakeUsersServer, row } from '../../test/fake-users';
import { renderApp } from '../../test/render';

beforeAll(async () => {
  await import('./UserDashboard');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => makeUser({ id: 1, role: 'admin', fullName: 'Ada Admin' });
const PEOPLE = [row({ id: 11, fullName: 'Priya Premium', email: 'priya@example.com', role: 'premium' })];
const TAGS = [
  { id: 5, name: 'aitoolkit' },
  { id: 6, name: 'raina' },
];

describe('the hidden add-tags test button (docs/areas/users.md#api)', () => {
  it('is not offered when the server has no test tools (production answers 404)', async () => {
    const { calls } = fakeUsersServer(PEOPLE, TAGS);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByRole('table');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v2/user/test-tools')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('menuitem', { name: 'Update Users Tags/Status' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /Add tags \(test tool\)/ })).toBeNull();
  });

  it('outside production adds tags to a user by email through POST /api/v2/user/add-tags', async () => {
    const { calls } = fakeUsersServer(PEOPLE, TAGS, ({ path, body }) => {
      if (path === '/api/v2/user/test-tools') return { body: { addTags: true } };
      if (path === '/api/v2/user/add-tags') {
        const b = body as { email: string };
        if (b.email !== 'priya@example.com')
          return { status: 404, body: { error: { code: 'not_found', message: MESSAGES.userNotFound } } };
        return { body: { user: PEOPLE[0] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add tags (test tool)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tags (test tool)' });

    // The shared schema: a valid email and at least one tag; nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    expect(await within(dialog).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v2/user/add-tags')).toBe(false);

    await user.type(within(dialog).getByLabelText('Email'), 'nobody@example.com');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'raina' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    expect(await within(dialog).findByText(MESSAGES.userNotFound)).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'priya@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add tags' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/v2/user/add-tags').at(-1)?.body).toEqual({
      email: 'priya@example.com',
      tags: [6],
    });
    expect(await screen.findByText(MESSAGES.userUpdated)).toBeTruthy();
  });
});
