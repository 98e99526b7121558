// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { platform } from '../../test/platformMock';
import { bulkReducer } from './BulkUpdateDialog';
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

const admin = () => makeUser({ id: 1, role: 'admin' });
const TAGS = [
  { id: 1, name: 'Mastermind' },
  { id: 2, name: 'VIP' },
];
const PEOPLE = [
  row({ id: 11, fullName: 'Ann Able', email: 'ann@example.com', role: 'basic' }),
  row({ id: 12, fullName: 'Bo Baker', email: 'bo@example.com', role: 'basic' }),
];
const CSV = 'email\r\nann@example.com\r\n"BO@example.com"\r\n,skipped row\r\nghost@example.com\r\nann@example.com\r\n';
const csvFile = (text = CSV, name = 'users.csv') => new File([text], name, { type: 'text/csv' });

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/users', admin());
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Update Users Tags/Status' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Update Users Tags/Status' }) };
}

describe('bulk update dialog', () => {
  it('moves from choosing to preparing to viewingReport, and back to the report when a run fails', () => {
    let s = bulkReducer(
      { phase: 'choosing', fileName: null, report: null, problem: null },
      { type: 'prepare', fileName: 'a.csv' },
    );
    expect(s.phase).toBe('preparing');
    s = bulkReducer(s, {
      type: 'reported',
      report: { CSVFoundUsers: ['a@x'], CSVDuplicateUsers: [], CSVNotFoundUsers: [] },
    });
    expect(s.phase).toBe('viewingReport');
    expect(bulkReducer(s, { type: 'run' }).phase).toBe('running');
    expect(bulkReducer(bulkReducer(s, { type: 'run' }), { type: 'runFailed' }).phase).toBe('viewingReport');
  });

  it('sends the CSV’s coach column (docs/areas/review.md#a-members-coach): a coach column alone is something to do', async () => {
    const server = fakeUsersServer(PEOPLE, TAGS);
    platform.pickFile.mockResolvedValue(
      csvFile('email,coach\r\nann@example.com,cora@example.com\r\nbo@example.com,\r\n'),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV' }));
    expect(await within(dialog).findByText(fillMessage(MESSAGES.bulkCoachColumn, { count: 2 }))).toBeTruthy();
    const begin = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Begin bulk update' });
    await waitFor(() => expect(begin.disabled).toBe(false));
    await user.click(begin);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/user/bulk-update')).toBe(true));
    expect(server.calls.find((c) => c.path === '/api/user/bulk-update')?.body).toMatchObject({
      coaches: [
        { email: 'ann@example.com', coach: 'cora@example.com' },
        { email: 'bo@example.com', coach: '' },
      ],
      availableAction: null,
      role: null,
    });
  });

  it('reads the CSV, shows the report with show/hide lists, runs the update and closes', async () => {
    const server = fakeUsersServer(PEOPLE, TAGS);
    platform.pickFile.mockResolvedValue(csvFile());
    const { user, dialog } = await openDialog();
    const begin = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Begin bulk update' });
    expect(begin.disabled).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: 'Add tags' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'VIP' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Premium' }));
    expect(begin.disabled).toBe(true); // no CSV yet

    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV' }));
    expect(platform.pickFile).toHaveBeenCalledWith('csv');
    expect(await screen.findByText(MESSAGES.csvUsersValidated)).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/user/validate-users-csv')?.body).toEqual({
      userEmails: ['ann@example.com', 'BO@example.com', 'ghost@example.com', 'ann@example.com'],
    });
    const report = within(dialog).getByRole('region', { name: 'CSV report' });
    expect(report.textContent).toContain('1Not found');
    expect(report.textContent).toContain('1Duplicate emails');
    expect(report.textContent).toContain('2Found');
    await user.click(within(report).getByRole('button', { name: 'Show not found list' }));
    expect(within(report).getByRole('list', { name: 'Not found' }).textContent).toBe('ghost@example.com');
    await user.click(within(report).getByRole('button', { name: 'Hide not found list' }));
    expect(within(report).queryByRole('list', { name: 'Not found' })).toBeNull();

    await waitFor(() => expect(begin.disabled).toBe(false));
    await user.click(begin);
    expect(await screen.findByText(MESSAGES.usersBulkUpdated)).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/user/bulk-update')?.body).toEqual({
      userEmails: ['ann@example.com', 'bo@example.com'],
      tags: [2],
      availableAction: 'add',
      role: 'premium',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list reloads after the update.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/api/user/read-many').length).toBeGreaterThan(1));
  }, 60_000); // many simulated keystrokes and clicks: slow on a busy machine

  it("shows 'update in progress' and keeps Begin disabled while the update runs", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    fakeUsersServer(PEOPLE, TAGS);
    platform.pickFile.mockResolvedValue(csvFile());
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Basic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV' }));
    await within(dialog).findByRole('region', { name: 'CSV report' });
    const base = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input instanceof Request ? input.url : input).includes('bulk-update')) await gate;
        return base(input, init);
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Begin bulk update' }));
    const running = await within(dialog).findByRole<HTMLButtonElement>('button', { name: /update in progress/ });
    expect(running.disabled).toBe(true);
    expect(within(dialog).getByRole('progressbar', { name: 'Updating 2 users…' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Premium' }).matches(':disabled')).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('toasts a failed validation and a failed update with the spec wording', async () => {
    fakeUsersServer(PEOPLE, TAGS, ({ path }) =>
      path === '/api/user/validate-users-csv' || path === '/api/user/bulk-update'
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Internal server error' } } }
        : undefined,
    );
    platform.pickFile.mockResolvedValue(csvFile());
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Basic' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV' }));
    expect(await screen.findByText(MESSAGES.csvValidationFailed)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Begin bulk update' }).disabled).toBe(true);
  });

  it('toasts a failed update and keeps the report', async () => {
    fakeUsersServer(PEOPLE, TAGS, ({ path }) =>
      path === '/api/user/bulk-update'
        ? { status: 400, body: { error: { code: 'validation_failed', message: 'Unknown tag' } } }
        : undefined,
    );
    platform.pickFile.mockResolvedValue(csvFile());
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Premium' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV' }));
    await within(dialog).findByRole('region', { name: 'CSV report' });
    await user.click(within(dialog).getByRole('button', { name: 'Begin bulk update' }));
    expect(await screen.findByText(MESSAGES.bulkUpdateFailed)).toBeTruthy();
    expect(screen.getByText('Unknown tag')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'CSV report' })).toBeTruthy();
  });

  it('explains a spreadsheet, an empty CSV or a broken quote instead of validating', async () => {
    const server = fakeUsersServer(PEOPLE, TAGS);
    const { user, dialog } = await openDialog();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cases: Array<[File, RegExp]> = [
      [csvFile('x', 'users.xlsx'), /Choose a CSV file/],
      [csvFile('email\r\n'), /No emails were found/],
      [csvFile('email\r\n"ann@example.com\r\n'), /could not be read/],
    ];
    for (const [file, message] of cases) {
      platform.pickFile.mockResolvedValueOnce(file);
      await user.click(within(dialog).getByRole('button', { name: 'Upload CSV' }));
      expect((await within(dialog).findByRole('alert')).textContent).toMatch(message);
    }
    expect(server.calls.some((c) => c.path === '/api/user/validate-users-csv')).toBe(false);
  });
});
