// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { platform } from '../../test/platformMock';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Profile', () => {
  it('saves the account form and shows the success message', async () => {
    const me = makeUser({ fullName: 'Dana Rivers', email: 'dana@example.com', city: 'Austin' });
    const calls = mockFetch(({ path, body }) =>
      path === '/api/user/upsert' ? { body: { user: { ...me, ...(body as object) }, isNew: false } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/profile', me);
    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe('dana@example.com');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Dallas');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.profileSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/user/upsert')?.body).toEqual({
      id: me.id,
      fullName: 'Dana Rivers',
      city: 'Dallas',
      state: 'Texas',
      country: 'USA',
      phoneNumber: null,
      photoUrl: null,
    });
  });

  it('checks the optional password length and sends it when given', async () => {
    const me = makeUser();
    const calls = mockFetch(({ path }) =>
      path === '/api/user/upsert' ? { body: { user: me, isNew: false } } : undefined,
    );
    const user = userEvent.setup();
    renderApp('/profile', me);
    await user.type(await screen.findByLabelText('New password'), 'short{Enter}');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), '-but-now-long{Enter}');
    await waitFor(() =>
      expect((calls.find((c) => c.path === '/api/user/upsert')?.body as { password?: string })?.password).toBe(
        'short-but-now-long',
      ),
    );
  });

  it('shows server field errors under the fields and clears them on typing', async () => {
    mockFetch(({ path }) =>
      path === '/api/user/upsert'
        ? {
            status: 400,
            body: { error: { code: 'validation', message: 'Invalid', fields: { fullName: MESSAGES.fieldRequired } } },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/profile', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Full name'), 'x');
    await waitFor(() => expect(screen.queryByText(MESSAGES.fieldRequired)).toBeNull());
  });

  it('uploads a photo picked through the platform module and sends its URL on save', async () => {
    const me = makeUser();
    platform.pickFile.mockResolvedValue(new File(['png'], 'me.png', { type: 'image/png' }));
    const calls = mockFetch(({ path }) => {
      if (path === '/api/upload') return { body: { latestUploadedFileUrl: '/uploads/me.png' } };
      if (path === '/api/user/upsert') return { body: { user: { ...me, photoUrl: '/uploads/me.png' }, isNew: false } };
      return undefined;
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
    const user = userEvent.setup();
    renderApp('/profile', me);
    await user.click(await screen.findByRole('button', { name: 'Change photo' }));
    expect(platform.pickFile).toHaveBeenCalledWith('image');
    expect(await screen.findByText('Save your changes to keep the new photo.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/upload')?.method).toBe('POST');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect((calls.find((c) => c.path === '/api/user/upsert')?.body as { photoUrl?: string })?.photoUrl).toBe(
        '/uploads/me.png',
      ),
    );
  });

  it("toasts 'Error uploading file.' when the upload fails", async () => {
    platform.pickFile.mockResolvedValue(new File(['png'], 'me.png', { type: 'image/png' }));
    mockFetch(({ path }) =>
      path === '/api/upload'
        ? { status: 413, body: { error: { code: 'too_large', message: MESSAGES.fileTooLarge } } }
        : undefined,
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
    );
    const user = userEvent.setup();
    renderApp('/profile', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Change photo' }));
    expect(await screen.findByText(MESSAGES.uploadFailed)).toBeTruthy();
    expect(screen.getByText(MESSAGES.fileTooLarge)).toBeTruthy();
  });

  it('shows why the desktop picker refused a file', async () => {
    platform.pickFile.mockRejectedValue(new platform.PickFileError(MESSAGES.fileTooLarge));
    const calls = mockFetch();
    const user = userEvent.setup();
    renderApp('/profile', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Change photo' }));
    expect(await screen.findByText(MESSAGES.fileTooLarge)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/upload')).toBe(false);
  });

  it('refuses a non-image before uploading', async () => {
    platform.pickFile.mockResolvedValue(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    const calls = mockFetch();
    const user = userEvent.setup();
    renderApp('/profile', makeUser());
    await user.click(await screen.findByRole('button', { name: 'Change photo' }));
    expect(await screen.findByText(MESSAGES.unsupportedImage)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/upload')).toBe(false);
  });
});
