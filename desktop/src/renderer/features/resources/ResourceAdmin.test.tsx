// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DASHBOARD_RESOURCES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeResourcesServer, makeResource } from '../../test/fake-resources';
import { resourceFormTitle } from './resourceForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => makeUser({ role: 'admin' });

async function openAdd() {
  const user = userEvent.setup();
  renderApp('/resources', admin());
  await user.click(await screen.findByRole('button', { name: 'Add Resource' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Add a new resource' }) };
}

describe('admin resource modal', () => {
  it('titles the form for adding and editing', () => {
    expect(resourceFormTitle(null)).toBe('Add a new resource');
    expect(resourceFormTitle(makeResource({ title: 'X' }))).toBe('Edit resource: X');
  });

  it('defaults to Link; Article shows the content editor with a preview; Course has no URL field', async () => {
    fakeResourcesServer();
    const { user, dialog } = await openAdd();
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Type').value).toBe('Link');
    expect(within(dialog).getByLabelText('URL')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Article');
    expect(within(dialog).queryByLabelText('URL')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Content (markdown)' }), '# Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('heading', { name: 'Hello' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'Course');
    expect(within(dialog).queryByLabelText('URL')).toBeNull();
    expect(await within(dialog).findByRole('option', { name: 'FBA 101' })).toBeTruthy();
  });

  it('asks a For Sale item for a Price or Purchase URL, and a Purchase URL for a Required Tag (docs/areas/resources.md#validation)', async () => {
    const { calls } = fakeResourcesServer();
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('Title'), 'Scripts');
    await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/scripts');
    await user.selectOptions(within(dialog).getByLabelText('Visibility'), 'For Sale');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Fill in Price or Purchase URL')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Purchase URL'), 'https://buy.stripe.com/x');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Choose at least one Required Tag when there is a Purchase URL'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/resource/upsert')).toBe(false);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Mastermind' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.resourceCreated)).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/resource/upsert')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      title: 'Scripts',
      type: 'Link',
      visibility: 'For Sale',
      purchaseUrl: 'https://buy.stripe.com/x',
      price: null,
      Tags: [{ id: 1 }],
    });
    expect(await screen.findByRole('article', { name: 'Scripts' })).toBeTruthy();
  });

  it('shows server field errors beside the fields', async () => {
    fakeResourcesServer({
      override: ({ path }) =>
        path === '/api/resource/upsert'
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_failed',
                  message: 'x',
                  fields: { purchaseUrl: 'Use an https address of an allowed store' },
                },
              },
            }
          : undefined,
    });
    const { user, dialog } = await openAdd();
    await user.type(within(dialog).getByLabelText('Title'), 'Bad store');
    await user.type(within(dialog).getByLabelText('URL'), 'https://example.com/x');
    await user.selectOptions(within(dialog).getByLabelText('Visibility'), 'For Sale');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '10');
    await user.type(within(dialog).getByLabelText('Purchase URL'), 'https://evil.example/x');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Mastermind' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use an https address of an allowed store')).toBeTruthy();
  });

  it('edits and deletes a resource with a confirmation', async () => {
    fakeResourcesServer({ resources: [makeResource({ title: 'Old title' })] });
    const user = userEvent.setup();
    renderApp('/resources', admin());
    await user.click(await screen.findByRole('button', { name: 'Edit Old title' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit resource: Old title' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.resourceSaved)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Edit New title' }));
    const again = screen.getByRole('dialog', { name: 'Edit resource: New title' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await user.click(within(again).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MESSAGES.resourceDeleted)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.noResources)).toBeTruthy();
  });
});

describe('category modal', () => {
  it('adds, renames and deletes categories with their toasts', async () => {
    fakeResourcesServer({ categories: [{ id: 5, name: 'Sourcing', premiumSlides: false }] });
    const user = userEvent.setup();
    renderApp('/resources', admin());
    await user.click(await screen.findByRole('button', { name: 'Categories' }));
    const dialog = screen.getByRole('dialog', { name: 'Categories' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('This field cannot be empty')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('New category'), 'Launch');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(MESSAGES.categorySaved)).toBeTruthy();
    expect(await within(dialog).findByText('Launch')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Rename Sourcing' }));
    const rename = within(dialog).getByLabelText('New name for Sourcing');
    await user.clear(rename);
    await user.type(rename, 'Suppliers{Enter}');
    expect(await within(dialog).findByText('Suppliers')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Suppliers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MESSAGES.categoryDeleted)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText('Suppliers')).toBeNull());
  });

  it('marks a category as premium slides (course-only members open its premium resources)', async () => {
    const { calls } = fakeResourcesServer({ categories: [{ id: 5, name: 'Sourcing', premiumSlides: false }] });
    const user = userEvent.setup();
    renderApp('/resources', admin());
    await user.click(await screen.findByRole('button', { name: 'Categories' }));
    const dialog = screen.getByRole('dialog', { name: 'Categories' });
    const box = await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Premium slides: Sourcing' });
    expect(box.checked).toBe(false);
    box.focus();
    await user.keyboard(' ');
    expect(await screen.findByText(MESSAGES.categorySaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/resource/category/upsert')?.body).toEqual({
      id: 5,
      name: 'Sourcing',
      premiumSlides: true,
    });
    await waitFor(() =>
      expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Premium slides: Sourcing' }).checked).toBe(
        true,
      ),
    );
  });
});

describe('dashboard Recent Resources', () => {
  it('lists the 15 newest, each linking to /resources?id={id} with a relative time', async () => {
    const { calls } = fakeResourcesServer({
      resources: Array.from({ length: 20 }, (_, i) =>
        makeResource({ id: 900 + i, title: `Recent ${i}`, createdAt: new Date().toISOString() }),
      ),
    });
    renderApp('/', makeUser({ role: 'premium' }));
    const list = await screen.findByRole('list', { name: 'Recent resources' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(DASHBOARD_RESOURCES);
    expect(links[0]!.getAttribute('href')).toBe('/resources?id=900');
    expect(within(list).getAllByText('this minute').length).toBe(DASHBOARD_RESOURCES);
    expect(calls.find((c) => c.path === '/api/resource/read-many')!.search.get('itemsPerPage')).toBe('15');
  });
});
