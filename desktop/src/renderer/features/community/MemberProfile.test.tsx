// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, MESSAGES } from '@shared/messages';
import type { PublicUser } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { author, fakeCommunityServer, makeComment, makePost, makeProfile, makeSpace } from '../../test/fake-community';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SPACES = [makeSpace({ id: 1, name: 'Wins' }), makeSpace({ id: 2, name: 'Questions' })];
const ME = 7;
const member = () => makeUser({ id: ME, role: 'premium', fullName: 'Dana Rivers' });
const ALL_SHOWN = { showLocation: true, showRole: true, showMemberSince: true, showPosts: true };
const ann = () =>
  makeProfile({
    id: 8,
    fullName: 'Ann Lee',
    location: 'Austin, Texas, USA',
    role: 'premium',
    memberSince: '2024-03-05T10:00:00.000Z',
    postCount: 2,
    posts: [
      makePost({ id: 11, spaceId: 1, title: 'First wholesale order', author: author(8, 'Ann Lee') }),
      makePost({ id: 12, spaceId: 2, title: 'How do you price?', author: author(8, 'Ann Lee') }),
    ],
  });

describe('/community/member/:id', () => {
  it("shows a member's name, photo, membership, location, member since and posts, without the settings", async () => {
    fakeCommunityServer({ spaces: SPACES, profiles: { 8: ann() } });
    renderApp('/community/member/8', member());
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeTruthy();
    const header = screen.getByRole('region', { name: 'Ann Lee' });
    expect(within(header).getByText(MESSAGES.communityProfileRole).nextSibling?.textContent).toBe('Premium');
    expect(within(header).getByText('Austin, Texas, USA')).toBeTruthy();
    expect(within(header).getByText('March 2024')).toBeTruthy();
    const posts = screen.getByRole('list', { name: MESSAGES.communityProfilePosts });
    expect(
      within(posts)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(['First wholesale order', 'How do you price?']);
    expect(within(posts).getByRole('link', { name: 'First wholesale order' }).getAttribute('href')).toBe(
      '/community/post/11',
    );
    expect(await within(posts).findByText('in Questions')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Posts/, level: 2 }).textContent).toContain('2 posts');
    expect(screen.queryByRole('region', { name: MESSAGES.communityVisibilityTitle })).toBeNull();
    await waitFor(() => expect(document.title).toContain('Ann Lee'));
  });

  it('leaves out what the member keeps to themselves, and says so for the posts; an empty list says so too', async () => {
    fakeCommunityServer({
      spaces: SPACES,
      profiles: {
        8: makeProfile({ id: 8, fullName: 'Ann Lee', postCount: null }),
        9: makeProfile({ id: 9, fullName: 'Bo Adams', role: 'basic', postCount: 0 }),
      },
    });
    renderApp('/community/member/8', member());
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeTruthy();
    expect(screen.getByText(fillMessage(MESSAGES.communityProfilePostsHidden, { name: 'Ann Lee' }))).toBeTruthy();
    expect(screen.queryByText(MESSAGES.communityProfileLocation)).toBeNull();
    expect(screen.queryByText(MESSAGES.communityProfileRole)).toBeNull();
    expect(screen.queryByText(MESSAGES.communityProfileMemberSince)).toBeNull();
    cleanup();
    renderApp('/community/member/9', member());
    expect(await screen.findByRole('heading', { name: 'Bo Adams', level: 1 })).toBeTruthy();
    expect(screen.getByText(MESSAGES.communityProfileNoPosts)).toBeTruthy();
    expect(screen.getByText('Basic')).toBeTruthy();
  });

  it('shows the loading state, then a not-found message for an unknown member, and a retry for a failure', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let fail = true;
    fakeCommunityServer(
      { spaces: SPACES, profiles: { 8: ann() } },
      {
        override: ({ path }) => {
          if (path === '/api/community/member/5') return { wait: held, status: 404, body: { error: { message: 'x' } } };
          if (path === '/api/community/member/8' && fail)
            return { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } };
          return undefined;
        },
      },
    );
    renderApp('/community/member/5', member());
    expect((await screen.findAllByTestId('post-skeleton')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    release();
    expect(await screen.findByText(MESSAGES.communityProfileNotFound)).toBeTruthy();
    cleanup();

    renderApp('/community/member/8', member());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.communityProfileLoadFailed);
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeTruthy();
  });

  it('one’s own profile: the whole of it, and what other members see to change (PUT /api/community/profile)', async () => {
    const { calls, state } = fakeCommunityServer(
      {
        spaces: SPACES,
        profiles: {
          [ME]: makeProfile({ id: ME, fullName: 'Dana Rivers', role: 'premium', location: 'Denver' }, ALL_SHOWN),
        },
      },
      { me: author(ME, 'Dana Rivers') },
    );
    const user = userEvent.setup();
    renderApp('/community', member());
    await user.click(await screen.findByRole('link', { name: MESSAGES.communityYourProfile }));
    expect(await screen.findByRole('heading', { name: 'Dana Rivers', level: 1 })).toBeTruthy();
    const settings = screen.getByRole('region', { name: MESSAGES.communityVisibilityTitle });
    const save = within(settings).getByRole('button', { name: MESSAGES.communityVisibilitySave });
    expect(save).toHaveProperty('disabled', true);
    const location = within(settings).getByRole<HTMLInputElement>('checkbox', {
      name: MESSAGES.communityProfileLocation,
    });
    const posts = within(settings).getByRole<HTMLInputElement>('checkbox', { name: MESSAGES.communityProfilePosts });
    expect(location.checked && posts.checked).toBe(true);
    await user.click(location);
    await user.click(posts);
    await user.click(save);
    expect(await screen.findByText(MESSAGES.communityVisibilitySaved)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/community/profile')?.body).toEqual({
      showLocation: false,
      showRole: true,
      showMemberSince: true,
      showPosts: false,
    });
    expect(state.profiles[ME]!.visibility).toMatchObject({ showLocation: false, showPosts: false });
    // The saved choice stays; nothing left to save.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: MESSAGES.communityVisibilitySave })).toHaveProperty('disabled', true),
    );
    expect(
      within(screen.getByRole('region', { name: MESSAGES.communityVisibilityTitle })).getByRole<HTMLInputElement>(
        'checkbox',
        { name: MESSAGES.communityProfileLocation },
      ).checked,
    ).toBe(false);
  });

  it("links the authors' names of a post and its comments to their profiles", async () => {
    fakeCommunityServer({
      spaces: SPACES,
      posts: [makePost({ id: 1, spaceId: 1, title: 'Sold out', author: author(8, 'Ann Lee') })],
      comments: [makeComment({ postId: 1, body: 'Nice', author: author(9, 'Bo Adams') })],
      profiles: { 8: ann() },
    });
    const user = userEvent.setup();
    renderApp('/community/post/1', member());
    const list = await screen.findByRole('list', { name: MESSAGES.communityComments });
    expect(within(list).getByRole('link', { name: 'Bo Adams' }).getAttribute('href')).toBe('/community/member/9');
    await user.click(within(screen.getByRole('article')).getByRole('link', { name: 'Ann Lee' }));
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/community/member/8');
  });
});

describe("the dashboard's community search", () => {
  it('links each member found to their community profile', async () => {
    const found: PublicUser = {
      id: 8,
      fullName: 'Ann Lee',
      photoUrl: null,
      city: 'Austin',
      state: 'Texas',
      country: 'USA',
      role: 'premium',
    };
    fakeCommunityServer(
      { spaces: SPACES, profiles: { 8: ann() } },
      {
        override: ({ path }) =>
          path === '/api/user/read-many'
            ? { body: { users: [found], totalCount: 1, premiumCount: 1, basicCount: 0 } }
            : undefined,
      },
    );
    const user = userEvent.setup();
    renderApp('/', member());
    const members = await screen.findByRole('list', { name: 'Members' });
    const link = within(members).getByRole('link', {
      name: fillMessage(MESSAGES.communityViewProfile, { name: 'Ann Lee' }),
    });
    expect(link.getAttribute('href')).toBe('/community/member/8');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 1 })).toBeTruthy();
  });
});
