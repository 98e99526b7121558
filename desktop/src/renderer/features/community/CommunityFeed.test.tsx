// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp, whenEnabled } from '../../test/render';
import { FALLBACK_SETTINGS } from '../settings/usePortalSettings';
import { ago, author, fakeCommunityServer, makePost, makeSpace } from '../../test/fake-community';
import { excerptOf, timeAgo } from './communityView';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const POSTS = '/api/community/posts';
const SPACES = [
  makeSpace({ id: 1, name: 'Wins', description: 'Share what went well.', postCount: 2 }),
  makeSpace({ id: 2, name: 'Questions', postCount: 1 }),
  makeSpace({ id: 3, name: 'Announcements', canPost: false, postCount: 0 }),
];
const member = () => makeUser({ id: 7, role: 'premium', fullName: 'Dana Rivers' });
const feedOf = () => screen.findByRole('list', { name: MESSAGES.communityFeedLabel });

describe('communityView', () => {
  it('words the time ago, then the date', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(timeAgo('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-03-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-01-02T09:00:00Z', now)).toBe('Jan 2, 2026');
  });

  it('makes a plain-text excerpt of the markdown', () => {
    expect(excerptOf('# Hello\n\n**First** sale on [Amazon](https://a.test) ![pic](/uploads/x.png)')).toBe(
      'Hello First sale on Amazon',
    );
    expect(excerptOf('Look <img src=x onerror=alert(1)> [x](javascript:alert(1)) done')).toBe('Look x done');
    expect(excerptOf('x'.repeat(300))).toHaveLength(220);
  });
});

describe('/community: the feed', () => {
  it('shows the skeleton, then the spaces and the posts: pinned first, author, time, likes and comments', async () => {
    const { calls } = fakeCommunityServer({
      spaces: SPACES,
      posts: [
        makePost({
          id: 11,
          spaceId: 1,
          title: 'First sale!',
          author: author(8, 'Ann Lee'),
          createdAt: ago(3 * 3600_000),
        }),
        makePost({
          id: 12,
          spaceId: 2,
          title: 'House rules',
          pinned: true,
          reactions: { like: 4 },
          myReaction: 'like',
          commentCount: 2,
          createdAt: ago(5 * 86_400_000),
        }),
      ],
    });
    renderApp('/community', member());
    expect(await screen.findByRole('heading', { name: MESSAGES.communityTitle, level: 1 })).toBeTruthy();
    expect((await screen.findAllByTestId('post-skeleton')).length).toBeGreaterThan(0);
    const feed = await feedOf();
    const posts = within(feed).getAllByRole('article');
    expect(posts.map((p) => within(p).getByRole('heading').textContent)).toEqual(['House rules', 'First sale!']);
    expect(within(posts[0]!).getByText(MESSAGES.communityPinned)).toBeTruthy();
    expect(within(posts[1]!).queryByText(MESSAGES.communityPinned)).toBeNull();
    expect(within(posts[1]!).getByText('Ann Lee')).toBeTruthy();
    expect(within(posts[1]!).getByText('3 hours ago')).toBeTruthy();
    expect(within(posts[1]!).getByText('in Wins')).toBeTruthy();
    const like = within(posts[0]!).getByRole('button', {
      name: fillMessage(MESSAGES.communityLikeLabel, { count: 4 }),
    });
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(within(posts[0]!).getByRole('link', { name: '2 comments: House rules' }).getAttribute('href')).toBe(
      '/community/post/12#comments',
    );
    expect(within(posts[0]!).getByRole('link', { name: 'House rules' }).getAttribute('href')).toBe(
      '/community/post/12',
    );

    const spaces = screen.getByRole('navigation', { name: MESSAGES.communitySpacesLabel });
    const links = within(spaces).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      MESSAGES.communityAllSpaces,
      'Wins2, 2 posts',
      'Questions1, 1 post',
      'Announcements0, 0 posts',
    ]);
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    const read = calls.find((c) => c.path === POSTS)!;
    expect(read.search.get('spaceId')).toBeNull();
    expect(read.search.get('page')).toBe('1');
    expect(read.search.get('itemsPerPage')).toBe('20');
    // Members neither moderate nor manage spaces.
    expect(screen.queryByRole('link', { name: MESSAGES.communityModerationLink })).toBeNull();
    expect(screen.queryByRole('link', { name: MESSAGES.communityManageSpaces })).toBeNull();
    expect(document.title).toContain('Community');
  });

  it('opens a space: its name, description and feed, asking for its posts only', async () => {
    const { calls } = fakeCommunityServer({
      spaces: SPACES,
      posts: [makePost({ spaceId: 1, title: 'A win' }), makePost({ spaceId: 2, title: 'A question' })],
    });
    const user = userEvent.setup();
    renderApp('/community', member());
    await feedOf();
    const nav = screen.getByRole('navigation', { name: MESSAGES.communitySpacesLabel });
    await user.click(within(nav).getByRole('link', { name: /^Wins/ }));
    expect(await screen.findByRole('heading', { name: 'Wins', level: 2 })).toBeTruthy();
    expect(screen.getByText('Share what went well.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('article')).toHaveLength(1),
    );
    expect(screen.getByRole('heading', { name: 'A win' })).toBeTruthy();
    expect(screen.queryByText('in Wins')).toBeNull();
    expect(
      calls
        .filter((c) => c.path === POSTS)
        .at(-1)
        ?.search.get('spaceId'),
    ).toBe('1');
    expect(within(nav).getByRole('link', { name: /^Wins/ }).getAttribute('aria-current')).toBe('page');
  });

  it('debounces the search into ?q= and says when nothing matches', async () => {
    const { calls } = fakeCommunityServer({ spaces: SPACES, posts: [makePost({ title: 'Pricing help' })] });
    const user = userEvent.setup();
    renderApp('/community', member());
    await feedOf();
    const reads = () => calls.filter((c) => c.path === POSTS);
    const before = reads().length;
    await user.type(screen.getByRole('searchbox', { name: MESSAGES.communitySearchLabel }), 'zebra');
    expect(reads()).toHaveLength(before);
    expect(
      await screen.findByText(fillMessage(MESSAGES.communityNoResults, { term: 'zebra' }), {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(reads().at(-1)?.search.get('q')).toBe('zebra');
    expect(reads().filter((c) => c.search.get('q'))).toHaveLength(1);
    expect(screen.getByText(MESSAGES.communityNoResultsHint)).toBeTruthy();
  });

  it('pages through the posts', async () => {
    const posts = Array.from({ length: 25 }, (_, i) =>
      makePost({ title: `Post number ${i + 1}`, createdAt: ago((i + 1) * 60_000) }),
    );
    const { calls } = fakeCommunityServer({ spaces: SPACES, posts });
    const user = userEvent.setup();
    renderApp('/community', member());
    const feed = await feedOf();
    expect(within(feed).getAllByRole('article')).toHaveLength(20);
    expect(screen.getByText('Showing 1–20 of 25')).toBeTruthy();
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Next' })));
    expect(await screen.findByRole('heading', { name: 'Post number 21' })).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === POSTS)
        .at(-1)
        ?.search.get('page'),
    ).toBe('2');
  });

  it('shows the empty state with New post, and the state of a community without spaces', async () => {
    fakeCommunityServer({ spaces: SPACES, posts: [] });
    renderApp('/community', member());
    expect(await screen.findByText(MESSAGES.communityNoPosts)).toBeTruthy();
    expect(screen.getByText(MESSAGES.communityNoPostsHint)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: MESSAGES.communityNewPost })).toHaveLength(2);
    cleanup();
    vi.unstubAllGlobals();

    const { calls } = fakeCommunityServer({ spaces: [] });
    renderApp('/community', member());
    expect(await screen.findByText(MESSAGES.communityNoSpaces)).toBeTruthy();
    expect(screen.getByText(MESSAGES.communityNoSpacesHint)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MESSAGES.communityNewPost })).toBeNull();
    expect(calls.some((c) => c.path === POSTS)).toBe(false);
  });

  it('shows the load errors with a retry', async () => {
    let fail = true;
    fakeCommunityServer(
      { spaces: SPACES, posts: [makePost({ title: 'Back again' })] },
      {
        override: ({ path }) =>
          path === POSTS && fail
            ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
            : undefined,
      },
    );
    const user = userEvent.setup();
    renderApp('/community', member());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.communityPostsLoadFailed);
    expect(alert.textContent).toContain('Internal server error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    fakeCommunityServer(
      {},
      {
        override: ({ path }) =>
          path === '/api/community/spaces'
            ? { status: 403, body: { error: { code: 'forbidden', message: 'Not allowed' } } }
            : undefined,
      },
    );
    renderApp('/community', member());
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.communitySpacesLoadFailed);
  });

  it('publishes a new post in a space the member may post in, then opens it', async () => {
    const { calls, state } = fakeCommunityServer({ spaces: SPACES, posts: [] });
    const user = userEvent.setup();
    renderApp('/community?space=2', member());
    await screen.findByText(MESSAGES.communityNoPosts);
    await user.click(screen.getAllByRole('button', { name: MESSAGES.communityNewPost })[0]!);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityNewPost });
    const select = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: MESSAGES.communityFieldSpace });
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Wins', 'Questions']);
    expect(select.value).toBe('2');

    // The shared schema refuses an empty post before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityPublish }));
    expect((await within(dialog).findAllByText(MESSAGES.fieldRequired)).length).toBe(2);
    expect(calls.some((c) => c.path === '/api/community/post/upsert')).toBe(false);

    await user.type(within(dialog).getByLabelText(MESSAGES.communityFieldTitle), 'My first sale');
    await user.type(within(dialog).getByLabelText(MESSAGES.communityFieldBody), 'It **sold** today.');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityPreview }));
    expect(within(dialog).getByText('sold').tagName).toBe('STRONG');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityPublish }));
    expect(await screen.findByText(MESSAGES.communityPostCreated)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/post/upsert')?.body).toEqual({
      spaceId: 2,
      title: 'My first sale',
      body: 'It **sold** today.',
      mentionedUserIds: [],
    });
    expect(await screen.findByRole('heading', { name: 'My first sale', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/community/post/${state.posts[0]!.id}`);
  });

  it('opens the composer in Wins with the card’s title when a completed card is shared as a win', async () => {
    fakeCommunityServer({ spaces: SPACES, posts: [] });
    renderApp('/community?share=win&title=Launch%20the%20bundle', member());
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityNewPost });
    const select = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: MESSAGES.communityFieldSpace });
    expect(select.selectedOptions[0]!.textContent).toBe('Wins');
    expect(within(dialog).getByLabelText<HTMLInputElement>(MESSAGES.communityFieldTitle).value).toBe(
      'Win: Launch the bundle',
    );
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(MESSAGES.communityFieldBody).value).toBe('');
    // The address forgets the share, so a reload does not open the composer again.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/community'));
  });

  it('shows a refusal to post too fast (429) in the server’s words and keeps the draft', async () => {
    const wait = fillMessage(MESSAGES.communityPostingTooFast, { wait: '4 minutes' });
    fakeCommunityServer(
      { spaces: SPACES },
      {
        override: ({ path }) =>
          path === '/api/community/post/upsert'
            ? { status: 429, body: { error: { code: 'too_many_requests', message: wait } } }
            : undefined,
      },
    );
    const user = userEvent.setup();
    renderApp('/community', member());
    await user.click((await screen.findAllByRole('button', { name: MESSAGES.communityNewPost }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(MESSAGES.communityFieldTitle), 'Again');
    await user.type(within(dialog).getByLabelText(MESSAGES.communityFieldBody), 'And again');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityPublish }));
    expect(await screen.findByText(wait)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(MESSAGES.communityFieldTitle).value).toBe('Again');
  });

  it('likes a post at once and takes the like back when the server refuses', async () => {
    let refuse = false;
    const { calls } = fakeCommunityServer(
      { spaces: SPACES, posts: [makePost({ id: 21, title: 'Likeable', reactions: { like: 2 } })] },
      {
        override: ({ path }) =>
          refuse && path.endsWith('/react')
            ? { status: 403, body: { error: { code: 'forbidden', message: 'You may not react here' } } }
            : undefined,
      },
    );
    const user = userEvent.setup();
    renderApp('/community', member());
    const feed = await feedOf();
    const like = () => within(feed).getByRole('button', { name: /^Like/ });
    await user.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    expect(like().getAttribute('aria-label')).toBe(fillMessage(MESSAGES.communityLikeLabel, { count: 3 }));
    expect(calls.find((c) => c.path === '/api/community/post/21/react')).toMatchObject({
      method: 'PUT',
      body: { like: true },
    });
    refuse = true;
    await user.click(like());
    expect(await screen.findByText('You may not react here')).toBeTruthy();
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    expect(like().getAttribute('aria-label')).toBe(fillMessage(MESSAGES.communityLikeLabel, { count: 3 }));
  });

  it('offers the report queue to coaches and admins, the spaces to admins, and tells an admin the mode is external', async () => {
    for (const role of ['coach', 'admin'] as const) {
      fakeCommunityServer(
        { spaces: SPACES, posts: [makePost()] },
        {
          override: ({ path }) =>
            path === '/api/settings'
              ? { body: { settings: { ...FALLBACK_SETTINGS, communityMode: 'external' } } }
              : undefined,
        },
      );
      renderApp('/community', makeUser({ role }));
      await feedOf();
      expect(screen.getByRole('link', { name: MESSAGES.communityModerationLink }).getAttribute('href'), role).toBe(
        '/community/moderation',
      );
      expect(Boolean(screen.queryByRole('link', { name: MESSAGES.communityManageSpaces })), role).toBe(
        role === 'admin',
      );
      expect(Boolean(screen.queryByText(MESSAGES.communityExternalNotice, { exact: false })), role).toBe(
        role === 'admin',
      );
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
