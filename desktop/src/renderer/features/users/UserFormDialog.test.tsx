// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeUsersServer, row } from '../../test/fake-users';
import { userFormTitle } from './UserFormDialog';

// The route's chunk loads lazily: load it once before the tests (test/render.tsx gives findBy* 20 s).
beforeAll(async () => {
  await import('./UserDashboard');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const admin = () => makeUser({ id: 1, role: 'admin', fullName: 'Ada Admin' });
const TAGS = [
  { id: 1, name: 'Mastermind' },
  { id: 2, name: 'aitoolkit' },
];
const BEN = row({
  id: 12,
  fullName: 'Ben Basic',
  email: 'ben@example.com',
  city: 'Boston',
  Tags: [{ id: 1, name: 'Mastermind' }],
});

describe('User form dialog', () => {
  it('titles the form for adding and editing', () => {
    expect(userFormTitle(null)).toBe('Add a new user');
    expect(userFormTitle(BEN)).toBe('Edit user: Ben Basic');
  });

  it('creates a user with every admin field and tags, then toasts User created successfully', async () => {
    const server = fakeUsersServer([BEN], TAGS);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a new user' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Full name'));
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Full name'), 'Nina New');
    await user.type(within(dialog).getByLabelText('Email'), 'nina@example.com');
    await user.type(within(dialog).getByLabelText('Password (optional)'), 'long-enough-pw');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'premium');
    await user.click(within(dialog).getByLabelText('Always grant access'));
    await user.type(within(dialog).getByLabelText('City'), 'Austin');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'aitoolkit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.userCreated)).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/user/upsert')?.body).toEqual({
      fullName: 'Nina New',
      email: 'nina@example.com',
      password: 'long-enough-pw',
      role: 'premium',
      alwaysGrantAccess: true,
      city: 'Austin',
      state: null,
      country: null,
      Tags: [{ id: 2 }],
      Resources: [],
      coachId: null,
    });
    // The toast comes from the store's listener, the dialog closes when its own save resolves.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Nina New')).toBeTruthy();
  });

  it('sets a member’s coach (coaches and admins, never the member), keeps it, and clears it with No coach', async () => {
    const cora = row({ id: 30, role: 'coach', fullName: 'Cora Coach' });
    const mia = row({ id: 31, role: 'premium', fullName: 'Mia Member', coachId: null });
    const server = fakeUsersServer([mia, cora], TAGS);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click((await screen.findAllByRole('button', { name: 'Edit Mia Member' }))[0]!);
    let dialog = screen.getByRole('dialog', { name: 'Edit user: Mia Member' });
    const select = within(dialog).getByLabelText<HTMLSelectElement>(MESSAGES.coachLabel);
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Cora Coach' })).toBeTruthy());
    expect(within(select).queryByRole('option', { name: 'Mia Member' })).toBeNull();
    expect(select.value).toBe('');
    await user.selectOptions(select, 'Cora Coach');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((c) => c.path === '/api/user/upsert').at(-1)?.body).toMatchObject({
      id: 31,
      coachId: 30,
    });

    await user.click((await screen.findAllByRole('button', { name: 'Edit Mia Member' }))[0]!);
    dialog = screen.getByRole('dialog', { name: 'Edit user: Mia Member' });
    const again = within(dialog).getByLabelText<HTMLSelectElement>(MESSAGES.coachLabel);
    await waitFor(() => expect(again.value).toBe('30'));
    await user.selectOptions(again, MESSAGES.noCoach);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((c) => c.path === '/api/user/upsert').at(-1)?.body).toMatchObject({
      id: 31,
      coachId: null,
    });
  });

  it('checks the fields before sending: required name, valid email, password length', async () => {
    const server = fakeUsersServer([], TAGS);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Email'), 'nope');
    await user.type(within(dialog).getByLabelText('Password (optional)'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.passwordTooShort)).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/api/user/upsert')).toBe(false);
  });

  it('shows server field errors under their fields (users_email under Email) and clears them on typing', async () => {
    fakeUsersServer([BEN], TAGS, ({ path }) =>
      path === '/api/user/upsert'
        ? {
            status: 409,
            body: {
              error: {
                code: 'conflict',
                message: MESSAGES.emailInUse,
                fields: { users_email: MESSAGES.emailInUse, city: MESSAGES.fieldRequired },
              },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Basic' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user: Ben Basic' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(MESSAGES.emailInUse)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGES.fieldRequired)).toBeTruthy();
    // Field errors are shown beside the fields, not as a toast.
    expect(screen.getAllByText(MESSAGES.emailInUse)).toHaveLength(1);
    await user.type(email, 'x');
    await waitFor(() => expect(within(dialog).queryByText(MESSAGES.emailInUse)).toBeNull());
  });

  it('edits a user: fields filled in, tags kept, toasts User updated successfully', async () => {
    const server = fakeUsersServer([BEN], TAGS);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Basic' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user: Ben Basic' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('City').value).toBe('Boston');
    // The tag choices load with their own request: wait for them.
    expect((await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Mastermind' })).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Mastermind' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.userUpdated)).toBeTruthy();
    const body = server.calls.find((c) => c.path === '/api/user/upsert')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 12, fullName: 'Ben Basic', city: 'Boston', Tags: [] });
    expect(body).not.toHaveProperty('password');
  });

  it('deletes a user only after confirmation, then toasts User deleted successfully', async () => {
    const server = fakeUsersServer([BEN], TAGS);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Edit Ben Basic' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user: Ben Basic' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MESSAGES.userDeleted)).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/12')).toBe(true);
    expect(await screen.findByText(MESSAGES.noUsers)).toBeTruthy();
  });

  it('lets a coach change only the User Tags', async () => {
    const premium = row({ id: 21, fullName: 'Priya Premium', email: 'priya@example.com', role: 'premium' });
    const server = fakeUsersServer([premium], TAGS);
    const user = userEvent.setup();
    renderApp('/users', makeUser({ id: 2, role: 'coach' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Priya Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user: Priya Premium' });
    expect(within(dialog).queryByLabelText('Full name')).toBeNull();
    expect(within(dialog).queryByLabelText('Email')).toBeNull();
    expect(within(dialog).queryByLabelText('Role')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Mastermind' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.userUpdated)).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/user/upsert')?.body).toEqual({ id: 21, Tags: [{ id: 1 }] });
  });
});
