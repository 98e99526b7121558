// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { userImportSampleCsv } from '@shared/schemas/user-csv';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { platform } from '../../test/platformMock';
import { fakeUsersServer, row } from '../../test/fake-users';
import { formatBytes, SAMPLE_FILE_NAME } from './ImportUsersDialog';

// The route's chunk loads lazily: load it once before the tests (test/render.tsx gives findBy* 20 s).
beforeAll(async () => {
  await import('./UserDashboard');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const PEOPLE = [row({ id: 11, fullName: 'Ann Able', email: 'ann@example.com' })];

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/users', makeUser({ id: 1, role: 'admin' }));
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Options' }));
  await user.click(screen.getByRole('menuitem', { name: 'Import Users' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Import Users' }) };
}

describe('Import Users dialog', () => {
  it('formats file sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });

  it('uploads the picked CSV or spreadsheet as multipart and toasts Users imported successfully', async () => {
    const server = fakeUsersServer(PEOPLE);
    platform.pickFile.mockResolvedValue(new File(['email,fullName\nx@y.z,X\n'], 'people.csv', { type: 'text/csv' }));
    const { user, dialog } = await openDialog();
    const start = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import users' });
    expect(start.disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV or spreadsheet' }));
    expect(platform.pickFile).toHaveBeenCalledWith('csv');
    expect(within(dialog).getByText('people.csv')).toBeTruthy();
    await user.click(start);
    expect(await screen.findByText(MESSAGES.usersImported)).toBeTruthy();
    expect(screen.getByText('2 created, 1 updated, 0 unchanged')).toBeTruthy();
    const call = server.calls.find((c) => c.path === '/api/user/import')!;
    expect(call.method).toBe('POST');
    // jsdom's File does not survive Node's FormData encoder (the e2e test uploads a real file).
    expect(String(call.body)).toMatch(/^------formdata[\s\S]*Content-Disposition: form-data; name="file"/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server error text as a toast and in the dialog, which stays open', async () => {
    const text = 'The file was not imported. Row 3: "bad" is not a valid email.';
    fakeUsersServer(PEOPLE, [], ({ path }) =>
      path === '/api/user/import'
        ? { status: 400, body: { error: { code: 'validation_failed', message: text } } }
        : undefined,
    );
    platform.pickFile.mockResolvedValue(new File(['x'], 'bad.csv'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV or spreadsheet' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import users' }));
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Import Users' })).toBeTruthy();
  });

  it('refuses a file over the size limit before uploading it', async () => {
    const server = fakeUsersServer(PEOPLE);
    platform.pickFile.mockResolvedValue(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.csv'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Upload CSV or spreadsheet' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/larger than 5\.0 MB/);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Import users' }).disabled).toBe(true);
    expect(server.calls.some((c) => c.path === '/api/user/import')).toBe(false);
  });

  it('downloads the sample structure through the platform module', async () => {
    fakeUsersServer(PEOPLE);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Download a sample file' }));
    await waitFor(() => expect(platform.saveFile).toHaveBeenCalledTimes(1));
    const [name, blob] = platform.saveFile.mock.calls[0]!;
    expect(name).toBe(SAMPLE_FILE_NAME);
    expect(await blob.text()).toBe(userImportSampleCsv());
  });
});
