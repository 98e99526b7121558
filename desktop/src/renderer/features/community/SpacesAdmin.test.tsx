// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeCommunityServer, makeSpace } from '../../test/fake-community';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const UPSERT = '/api/community/space/upsert';
const admin = () => makeUser({ role: 'admin' });
const spacesList = () => screen.findByRole('list', { name: MESSAGES.communitySpacesLabel });

describe('/community/spaces: the spaces, for admins', () => {
  it('lists each space with who sees it and who may post', async () => {
    fakeCommunityServer({
      spaces: [
        makeSpace({ id: 1, name: 'Wins', description: 'Share what went well.', postCount: 3 }),
        makeSpace({ id: 2, name: 'VIP room', roles: ['premium', 'basic'], tagIds: [31], postingRoles: ['premium'] }),
      ],
    });
    renderApp('/community/spaces', admin());
    expect(await screen.findByRole('heading', { name: MESSAGES.communitySpacesTitle, level: 1 })).toBeTruthy();
    const [wins, vip] = within(await spacesList()).getAllByRole('listitem');
    expect(within(wins!).getByText('3 posts')).toBeTruthy();
    expect(within(wins!).getByText('Share what went well.')).toBeTruthy();
    expect(within(wins!).getByText(MESSAGES.communityEveryRole)).toBeTruthy();
    expect(within(wins!).getByText(MESSAGES.communityNoTagNeeded)).toBeTruthy();
    expect(within(wins!).getByText(MESSAGES.communityEveryone)).toBeTruthy();
    expect(within(vip!).getByText('Premium, Basic')).toBeTruthy();
    expect(await within(vip!).findByText('VIP')).toBeTruthy();
    expect(within(vip!).getByText('Premium')).toBeTruthy();
  });

  it('creates a space with roles, tags and posting roles; the name is required', async () => {
    const { calls } = fakeCommunityServer({ spaces: [] });
    const user = userEvent.setup();
    renderApp('/community/spaces', admin());
    expect(await screen.findByText(MESSAGES.communityNoSpaces)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: MESSAGES.communityNewSpace })[0]!);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityNewSpace });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === UPSERT)).toBe(false);

    await user.type(within(dialog).getByLabelText(MESSAGES.communitySpaceName), 'Wholesale talk');
    await user.type(within(dialog).getByLabelText(/^Description/), 'Bulk buying.');
    const visible = within(dialog).getByRole('group', { name: MESSAGES.communitySpaceRoles });
    await user.click(within(visible).getByRole('checkbox', { name: 'Premium' }));
    await user.click(within(visible).getByRole('checkbox', { name: 'Coach' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Wholesale' }));
    const posting = within(dialog).getByRole('group', { name: MESSAGES.communitySpacePostingRoles });
    await user.click(within(posting).getByRole('checkbox', { name: 'Coach' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.communitySpaceCreated)).toBeTruthy();
    expect(calls.find((c) => c.path === UPSERT)?.body).toEqual({
      name: 'Wholesale talk',
      description: 'Bulk buying.',
      roles: ['coach', 'premium'],
      tagIds: [32],
      postingRoles: ['coach'],
    });
    expect(await within(await spacesList()).findByText('Wholesale talk')).toBeTruthy();
  });

  it('shows the server’s field message under the name (a name in use)', async () => {
    fakeCommunityServer(
      { spaces: [makeSpace({ id: 1, name: 'Wins' })] },
      {
        override: ({ path }) =>
          path === UPSERT
            ? {
                status: 409,
                body: {
                  error: {
                    code: 'conflict',
                    message: MESSAGES.communitySpaceNameTaken,
                    fields: { name: MESSAGES.communitySpaceNameTaken },
                  },
                },
              }
            : undefined,
      },
    );
    const user = userEvent.setup();
    renderApp('/community/spaces', admin());
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.communityEdit}: Wins` }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityEditSpace });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.communitySpaceNameTaken)).toBeTruthy();
    expect(within(dialog).getByLabelText(MESSAGES.communitySpaceName).getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a space, and deletes one after a confirmation that says its posts go too', async () => {
    const { calls } = fakeCommunityServer({
      spaces: [makeSpace({ id: 1, name: 'Wins', postCount: 12 }), makeSpace({ id: 2, name: 'Old' })],
    });
    const user = userEvent.setup();
    renderApp('/community/spaces', admin());
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.communityEdit}: Wins` }));
    let dialog = await screen.findByRole('dialog', { name: MESSAGES.communityEditSpace });
    const name = within(dialog).getByLabelText(MESSAGES.communitySpaceName);
    await user.clear(name);
    await user.type(name, 'Big wins');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.communitySpaceSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === UPSERT)?.body).toMatchObject({ id: 1, name: 'Big wins' });

    await user.click(await screen.findByRole('button', { name: `${MESSAGES.communityEdit}: Big wins` }));
    dialog = await screen.findByRole('dialog', { name: MESSAGES.communityEditSpace });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Deleting “Big wins” deletes its 12 posts too. This cannot be undone.',
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(MESSAGES.communitySpaceDeleted)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/community/space/1')).toBe(true);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Spaces' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('shows the load error with a retry', async () => {
    fakeCommunityServer(
      {},
      {
        override: ({ path }) =>
          path === '/api/community/spaces'
            ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
            : undefined,
      },
    );
    renderApp('/community/spaces', admin());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.communitySpacesLoadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is for admins only: a coach gets the members-only screen', async () => {
    fakeCommunityServer({ spaces: [makeSpace()] });
    renderApp('/community/spaces', makeUser({ role: 'coach' }));
    expect(await screen.findByText(MESSAGES.membersOnly)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: MESSAGES.communitySpacesTitle })).toBeNull();
  });
});
