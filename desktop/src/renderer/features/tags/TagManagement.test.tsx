// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { Tag } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { tagFormTitle } from './TagFormDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => makeUser({ role: 'admin' });

function tagServer(initial: Tag[], upsert?: (body: Partial<Tag>) => { status?: number; body?: unknown }) {
  let tags = [...initial];
  return mockFetch(({ method, path, body }) => {
    if (path === '/api/tag/read-many') return { body: { tags } };
    if (path === '/api/tag/upsert') {
      const b = body as Partial<Tag>;
      const custom = upsert?.(b);
      if (custom) return custom;
      const tag = { id: b.id ?? 99, name: b.name ?? '', openForSignup: Boolean(b.openForSignup) };
      tags = b.id ? tags.map((t) => (t.id === b.id ? tag : t)) : [...tags, tag];
      return { body: { tag, isNew: !b.id } };
    }
    if (method === 'DELETE' && path.startsWith('/api/tag/')) {
      const id = Number(path.split('/').pop());
      tags = tags.filter((t) => t.id !== id);
      return { body: { success: true } };
    }
    return undefined;
  });
}

describe('Tag Management', () => {
  it('titles the form for adding and editing', () => {
    expect(tagFormTitle(null)).toBe('Add a new tag');
    expect(tagFormTitle({ id: 1, name: 'VIP' })).toBe('Edit tag: VIP');
  });

  it("shows 'No tags' when there are none", async () => {
    tagServer([]);
    renderApp('/tag-management', admin());
    expect(await screen.findByText(MESSAGES.noTags)).toBeTruthy();
  });

  it('shows the error of a failed load with a retry', async () => {
    mockFetch(({ path }) =>
      path === '/api/tag/read-many'
        ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/tag-management', admin());
    expect((await screen.findByRole('alert')).textContent).toContain('Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lists tags and opens the dialogs with the right titles', async () => {
    tagServer([
      { id: 1, name: 'VIP', openForSignup: true },
      { id: 2, name: 'aitoolkit', openForSignup: false },
    ]);
    const user = userEvent.setup();
    renderApp('/tag-management', admin());
    const table = await screen.findByRole('table');
    expect(within(table).getByText('VIP')).toBeTruthy();
    expect(within(table).getByText('aitoolkit')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit VIP' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit tag: VIP' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('VIP');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Open to sign-up links').checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add new Tag' }));
    dialog = screen.getByRole('dialog', { name: 'Add a new tag' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
  });

  it('saves a new tag, toasts, and refreshes the list', async () => {
    const calls = tagServer([]);
    const user = userEvent.setup();
    renderApp('/tag-management', admin());
    await user.click(await screen.findByRole('button', { name: 'Add new Tag' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a new tag' });
    await user.click(within(dialog).getByLabelText('Open to sign-up links'));
    await user.type(within(dialog).getByLabelText('Name'), 'Mastermind{Enter}');
    expect(await screen.findByText(MESSAGES.tagSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/tag/upsert')?.body).toEqual({ name: 'Mastermind', openForSignup: true });
    expect(await within(await screen.findByRole('table')).findByText('Mastermind')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server field error for name under the field and clears it on typing', async () => {
    tagServer([], () => ({
      status: 400,
      body: { error: { code: 'validation', message: 'Invalid', fields: { name: 'Tag name already exists' } } },
    }));
    const user = userEvent.setup();
    renderApp('/tag-management', admin());
    await user.click(await screen.findByRole('button', { name: 'Add new Tag' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Tag name already exists')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), '2');
    await waitFor(() => expect(within(dialog).queryByText('Tag name already exists')).toBeNull());
  });

  it('deletes a tag after confirmation', async () => {
    const calls = tagServer([{ id: 5, name: 'Old', openForSignup: false }]);
    const user = userEvent.setup();
    renderApp('/tag-management', admin());
    await user.click(await screen.findByRole('button', { name: 'Edit Old' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit tag: Old' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MESSAGES.tagDeleted)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/tag/5')).toBe(true);
    expect(await screen.findByText(MESSAGES.noTags)).toBeTruthy();
  });
});
