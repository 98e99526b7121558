// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { platform } from '../../test/platformMock';
import { fakeUsersServer, row } from '../../test/fake-users';

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
const coach = () => makeUser({ id: 2, role: 'coach', fullName: 'Cole Coach' });

const PEOPLE = [
  row({
    id: 11,
    fullName: 'Priya Premium',
    email: 'priya@example.com',
    role: 'premium',
    createdAt: '2024-06-01T12:00:00Z',
  }),
  row({ id: 12, fullName: 'Ben Basic', email: 'ben@example.com', role: 'basic', stripeStatus: 'unpaid' }),
  row({ id: 13, fullName: 'Ola Other Admin', email: 'ola@example.com', role: 'admin', isAdmin: true }),
];

const readManyCalls = (calls: ReturnType<typeof mockFetch>) => calls.filter((c) => c.path === '/api/user/read-many');

describe('User Dashboard (/users)', () => {
  it('shows the table with name, id, email, role counts, stripe status and date joined', async () => {
    fakeUsersServer(PEOPLE);
    renderApp('/users', admin());
    expect(await screen.findByRole('heading', { name: 'User Dashboard' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Users' });
    const priya = within(table).getByText('Priya Premium').closest('tr')!;
    expect(priya.textContent).toContain('ID 11');
    expect(priya.textContent).toContain('priya@example.com');
    expect(priya.textContent).toContain('Premium');
    expect(priya.textContent).toContain('Jun 1, 2024');
    expect(within(table).getByTestId('role-counts').textContent).toBe('Premium: 1 · Basic: 1');
    expect(within(table).getByText('Unpaid')).toBeTruthy();
    expect(within(priya).getByRole('link', { name: 'Go to board of Priya Premium' }).getAttribute('href')).toBe(
      '/move-the-needle/11',
    );
    // Admin-only controls; never 'Sign in as' an admin, never a checkbox for an admin account.
    expect(screen.getByRole('button', { name: 'Add user' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Options' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Sign in as Ben Basic' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Sign in as Ola Other Admin' })).toBeNull();
    expect(within(table).getByRole<HTMLInputElement>('checkbox', { name: 'Select Ola Other Admin' }).disabled).toBe(
      true,
    );
  });

  it("shows 'No users' when nothing matches", async () => {
    fakeUsersServer([]);
    renderApp('/users', admin());
    expect(await screen.findByText(MESSAGES.noUsers)).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    mockFetch(({ path }) =>
      path === '/api/user/read-many'
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/users', admin());
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('searches after typing stops for 500 ms, with one request for the whole word', async () => {
    const { calls } = fakeUsersServer(PEOPLE);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Search Users'), 'ben');
    expect(readManyCalls(calls).some((c) => c.search.get('search'))).toBe(false);
    await waitFor(() => expect(screen.queryByText('Priya Premium')).toBeNull(), { timeout: 2000 });
    const searches = readManyCalls(calls)
      .map((c) => c.search.get('search'))
      .filter(Boolean);
    expect(searches).toEqual(['ben']);
    expect(screen.getByText('Ben Basic')).toBeTruthy();
  });

  it('opens searching for ?search= (the Insights page links a member so)', async () => {
    const { calls } = fakeUsersServer(PEOPLE);
    renderApp('/users?search=ben%40example.com', admin());
    expect((await screen.findByLabelText<HTMLInputElement>('Search Users')).value).toBe('ben@example.com');
    await waitFor(() =>
      expect(readManyCalls(calls).some((c) => c.search.get('search') === 'ben@example.com')).toBe(true),
    );
  });

  it('pages with Previous and Next and changes Users per page (5, 10, 25; default 10)', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      row({ id: 100 + i, fullName: `Member ${i}`, email: `m${i}@x.com` }),
    );
    const { calls } = fakeUsersServer(many);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByText('Member 0');
    expect(readManyCalls(calls)[0]!.search.get('usersPerPage')).toBe('10');
    const pager = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Member 10')).toBeTruthy();
    expect(readManyCalls(calls).at(-1)!.search.get('page')).toBe('2');
    await waitFor(() =>
      expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true),
    );
    const perPage = screen.getByLabelText<HTMLSelectElement>('Users per page');
    expect([...perPage.options].map((o) => o.value)).toEqual(['5', '10', '25']);
    await user.selectOptions(perPage, '25');
    await waitFor(() => expect(readManyCalls(calls).at(-1)!.search.get('usersPerPage')).toBe('25'));
    expect(readManyCalls(calls).at(-1)!.search.get('page')).toBe('1');
  });

  it('gives a coach the premium members with Edit only: no checkboxes, options, add or sign in as', async () => {
    const { calls } = fakeUsersServer(PEOPLE);
    renderApp('/users', coach());
    const table = await screen.findByRole('table');
    expect(readManyCalls(calls)[0]!.search.get('role')).toBe('premium');
    expect(within(table).getByRole('button', { name: 'Edit Priya Premium' })).toBeTruthy();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Options' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Sign in as/ })).toBeNull();
  });

  it('upgrades the selected users to premium from the Options menu, by keyboard too', async () => {
    const server = fakeUsersServer(PEOPLE);
    const user = userEvent.setup();
    renderApp('/users', admin());
    const table = await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(screen.getByRole('menuitem', { name: 'Upgrade to premium' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Options' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ben Basic' }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    screen.getByRole('button', { name: 'Options' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Upgrade to premium' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Updated 1 user(s) roles')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/user/upgrade-role')?.body).toEqual({
      users: [12],
      newRole: 'premium',
    });
    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());
  });

  it("filters 'Sub. Problems' (stripe status unpaid)", async () => {
    const { calls } = fakeUsersServer(PEOPLE);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Sub. Problems' }));
    await waitFor(() => expect(readManyCalls(calls).at(-1)!.search.get('stripeStatus')).toBe('unpaid'));
    await waitFor(() => expect(screen.queryByText('Priya Premium')).toBeNull());
    expect(screen.getByText('Ben Basic')).toBeTruthy();
  });

  it("offers every blocking status in 'Sub. Problems', unpaid first, and 'blocked' for all of them", async () => {
    const { calls } = fakeUsersServer(PEOPLE);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Sub. Problems' }));
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Subscription problems' });
    expect(select.value).toBe('unpaid');
    expect([...select.options].map((o) => o.value)).toEqual([
      'unpaid',
      'incomplete',
      'incomplete_expired',
      'past_due',
      'blocked',
    ]);
    await user.selectOptions(select, 'past_due');
    await waitFor(() => expect(readManyCalls(calls).at(-1)!.search.get('stripeStatus')).toBe('past_due'));
    await user.selectOptions(select, 'blocked');
    await waitFor(() => expect(readManyCalls(calls).at(-1)!.search.get('stripeStatus')).toBe('blocked'));
    await waitFor(() => expect(screen.queryByText('Priya Premium')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Show all users' }));
    expect(await screen.findByText('Priya Premium')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Subscription problems' })).toBeNull();
  });

  it('signs in as a member and goes to their dashboard', async () => {
    const { calls } = fakeUsersServer(PEOPLE);
    const user = userEvent.setup();
    renderApp('/users', admin());
    await user.click(await screen.findByRole('button', { name: 'Sign in as Ben Basic' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(calls.find((c) => c.path === '/api/auth/signinas')?.body).toEqual({ email: 'ben@example.com' });
  });

  it('downloads users.csv with progress and saves it through the platform module', async () => {
    fakeUsersServer(PEOPLE);
    const base = globalThis.fetch;
    const csv = 'id,fullName\r\n11,Priya\r\n12,"Ben\nBasic"\r\n';
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        String(input instanceof Request ? input.url : input).includes('/api/user/export')
          ? Promise.resolve(new Response(csv, { headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '2' } }))
          : base(input, init),
      ),
    );
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download CSV' }));
    await waitFor(() => expect(platform.saveFile).toHaveBeenCalledTimes(1));
    const [name, blob] = platform.saveFile.mock.calls[0]!;
    expect(name).toBe('users.csv');
    expect(await blob.text()).toBe(csv);
  });

  it('toasts the failure of Download CSV with the server reason', async () => {
    fakeUsersServer(PEOPLE, [], ({ path }) =>
      path === '/api/user/export'
        ? { status: 429, body: { error: { code: 'rate_limited', message: 'Too many requests.' } } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/users', admin());
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Download CSV' }));
    expect(await screen.findByText(MESSAGES.bulkUpdateFailed)).toBeTruthy();
    expect(screen.getByText('Too many requests.')).toBeTruthy();
    expect(platform.saveFile).not.toHaveBeenCalled();
  });
});
