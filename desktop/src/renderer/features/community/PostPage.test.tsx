// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { author, fakeCommunityServer, makeComment, makePost, makeSpace } from '../../test/fake-community';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const SPACES = [makeSpace({ id: 1, name: 'Wins' }), makeSpace({ id: 2, name: 'Questions' })];
const ME = 7;
const member = () => makeUser({ id: ME, role: 'premium', fullName: 'Dana Rivers' });
const coach = () => makeUser({ id: 70, role: 'coach', fullName: 'Cora Coach' });
const others = (over: Parameters<typeof makePost>[0] = {}) =>
  makePost({ id: 1, spaceId: 1, title: 'Sold my first batch', author: author(8, 'Ann Lee'), ...over });

async function openPost(path = '/community/post/1', user = member()) {
  renderApp(path, user);
  return screen.findByRole('article', { name: /./ });
}

describe('/community/post/:id', () => {
  it('renders the post as markdown, with its author, space, likes and comments, oldest first', async () => {
    fakeCommunityServer({
      spaces: SPACES,
      posts: [
        others({
          body: '# Numbers\n\nWe made **$1,200** in a week.\n\n| Day | Sales |\n| --- | --- |\n| Mon | 3 |\n\n- [x] list it\n\n[Our store](https://store.example.test)',
          reactions: { like: 5 },
          commentCount: 2,
        }),
      ],
      comments: [
        makeComment({ postId: 1, body: 'Well done!', author: author(9, 'Bo First') }),
        makeComment({ postId: 1, body: 'How did you _price_ it?', author: author(10, 'Cy Second') }),
      ],
    });
    const article = await openPost();
    expect(within(article).getByRole('heading', { level: 1, name: 'Sold my first batch' })).toBeTruthy();
    expect(within(article).getByRole('heading', { level: 2, name: 'Numbers' })).toBeTruthy();
    expect(within(article).getByText('$1,200').tagName).toBe('STRONG');
    expect(within(article).getByRole('table')).toBeTruthy();
    expect(within(article).getByRole('checkbox')).toBeTruthy();
    const store = within(article).getByRole('link', { name: 'Our store' });
    expect(store.getAttribute('href')).toBe('https://store.example.test');
    expect(store.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(article).getByText('Ann Lee')).toBeTruthy();
    expect(await within(article).findByRole('link', { name: 'Wins' })).toBeTruthy();
    expect(
      within(article).getByRole('button', { name: fillMessage(MESSAGES.communityLikeLabel, { count: 5 }) }),
    ).toBeTruthy();
    const comments = await screen.findByRole('list', { name: MESSAGES.communityComments });
    const items = within(comments).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByTestId('community-markdown').textContent)).toEqual([
      'Well done!',
      'How did you price it?',
    ]);
    expect(within(items[1]!).getByText('price').tagName).toBe('EM');
    expect(screen.getByRole('heading', { name: `${MESSAGES.communityComments} (2)` })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Sold my first batch'));
    expect(screen.getByRole('link', { name: `← ${MESSAGES.communityBack}` }).getAttribute('href')).toBe(
      '/community?space=1',
    );
  });

  it('renders markdown XSS payloads inert: no raw HTML, no javascript: links, no script runs', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fakeCommunityServer({
      spaces: SPACES,
      posts: [
        others({
          body: [
            'Look <img src=x onerror=alert(1)> here',
            '',
            '[x](javascript:alert(1))',
            '',
            '[y](JaVaScRiPt:alert(2)) and [z](data:text/html,<script>alert(3)</script>)',
            '',
            '<script>alert(4)</script><iframe src="https://evil.test"></iframe>',
            '',
            '![pic](javascript:alert(5)) <a href="javascript:alert(6)" onclick="alert(7)">raw</a>',
          ].join('\n'),
        }),
      ],
      comments: [makeComment({ postId: 1, body: '<img src=x onerror=alert(8)> [c](javascript:alert(9))' })],
    });
    const article = await openPost();
    await screen.findByRole('list', { name: MESSAGES.communityComments });
    for (const root of screen.getAllByTestId('community-markdown')) {
      expect(root.querySelector('img, script, iframe, [onerror], [onclick]'), root.innerHTML).toBeNull();
      for (const a of Array.from(root.querySelectorAll('a'))) {
        expect(a.getAttribute('href') ?? '', root.innerHTML).not.toMatch(/^\s*(javascript|data|vbscript):/i);
      }
      expect(root.innerHTML).not.toMatch(/javascript:/i);
    }
    // The link words stay as text; the raw tags are gone.
    expect(within(article).getByText('x').closest('a')).toBeNull();
    expect(within(article).queryByText(/onerror/)).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('toggles the like: pressed with one more, then back', async () => {
    const { calls } = fakeCommunityServer({ spaces: SPACES, posts: [others({ reactions: { like: 1 } })] });
    const user = userEvent.setup();
    const article = await openPost();
    const like = () => within(article).getByRole('button', { name: /^Like/ });
    expect(like().getAttribute('aria-pressed')).toBe('false');
    await user.click(like());
    await waitFor(() => expect(like().getAttribute('aria-label')).toBe('Like (2)'));
    expect(like().getAttribute('aria-pressed')).toBe('true');
    await user.click(like());
    await waitFor(() => expect(like().getAttribute('aria-label')).toBe('Like (1)'));
    expect(like().getAttribute('aria-pressed')).toBe('false');
    expect(calls.filter((c) => c.path === '/api/community/post/1/react').map((c) => c.body)).toEqual([
      { like: true },
      { like: false },
    ]);
  });

  it('adds a comment, clears the box and counts it; an empty comment is refused before sending', async () => {
    const { calls } = fakeCommunityServer({ spaces: SPACES, posts: [others()] });
    const user = userEvent.setup();
    await openPost();
    expect(await screen.findByText(MESSAGES.communityNoComments)).toBeTruthy();
    const box = screen.getByLabelText<HTMLTextAreaElement>(MESSAGES.communityCommentLabel);
    await user.click(screen.getByRole('button', { name: MESSAGES.communityCommentSubmit }));
    expect(await screen.findByText(MESSAGES.fieldRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/community/comment/upsert')).toBe(false);
    await user.type(box, 'Congratulations, **Ann**!');
    await user.click(screen.getByRole('button', { name: MESSAGES.communityCommentSubmit }));
    expect(await screen.findByText(MESSAGES.communityCommentAdded)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/comment/upsert')?.body).toEqual({
      postId: 1,
      body: 'Congratulations, **Ann**!',
      mentionedUserIds: [],
    });
    const list = await screen.findByRole('list', { name: MESSAGES.communityComments });
    expect(within(list).getByText('Ann').tagName).toBe('STRONG');
    expect(box.value).toBe('');
    expect(await screen.findByRole('heading', { name: `${MESSAGES.communityComments} (1)` })).toBeTruthy();
  });

  it('lets the author edit and delete their own post (after a confirmation), without Report', async () => {
    const { calls } = fakeCommunityServer({
      spaces: SPACES,
      posts: [
        makePost({ id: 1, spaceId: 2, title: 'My question', author: author(ME), canEdit: true, canDelete: true }),
      ],
    });
    const user = userEvent.setup();
    const article = await openPost();
    expect(within(article).queryByRole('button', { name: MESSAGES.communityReport })).toBeNull();
    await user.click(within(article).getByRole('button', { name: MESSAGES.communityEdit }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityEditPost });
    const title = within(dialog).getByLabelText(MESSAGES.communityFieldTitle);
    await user.clear(title);
    await user.type(title, 'My better question');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.communityPostSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/post/upsert')?.body).toMatchObject({
      id: 1,
      spaceId: 2,
      title: 'My better question',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My better question' })).toBeTruthy();

    await user.click(within(article).getByRole('button', { name: MESSAGES.communityDelete }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.communityDeletePostTitle });
    expect(within(confirm).getByText(MESSAGES.communityDeletePostText)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: MESSAGES.communityDelete }));
    expect(await screen.findByText(MESSAGES.communityPostDeleted)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/community/post/1')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/community'));
  });

  it('reports someone else’s post with a reason, through a dialog', async () => {
    const { calls } = fakeCommunityServer({ spaces: SPACES, posts: [others()] });
    const user = userEvent.setup();
    const article = await openPost();
    expect(within(article).queryByRole('button', { name: MESSAGES.communityEdit })).toBeNull();
    expect(within(article).queryByRole('button', { name: MESSAGES.communityDelete })).toBeNull();
    await user.click(within(article).getByRole('button', { name: MESSAGES.communityReport }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityReportPostTitle });
    const reason = within(dialog).getByLabelText(MESSAGES.communityReportReason);
    expect(document.activeElement).toBe(reason);
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityReportSubmit }));
    expect(within(dialog).getByText(MESSAGES.fieldRequired)).toBeTruthy();
    await user.type(reason, 'Selling something');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityReportSubmit }));
    expect(await screen.findByText(MESSAGES.communityReportSent)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/report')?.body).toEqual({
      postId: 1,
      reason: 'Selling something',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the report dialog open with the server’s reason when it refuses (409)', async () => {
    fakeCommunityServer(
      { spaces: SPACES, posts: [others()], comments: [makeComment({ id: 40, postId: 1, body: 'Rude words' })] },
      {
        override: ({ path }) =>
          path === '/api/community/report'
            ? { status: 409, body: { error: { code: 'conflict', message: MESSAGES.communityAlreadyReported } } }
            : undefined,
      },
    );
    const user = userEvent.setup();
    await openPost();
    const list = await screen.findByRole('list', { name: MESSAGES.communityComments });
    await user.click(within(list).getByRole('button', { name: MESSAGES.communityReport }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.communityReportCommentTitle });
    await user.type(within(dialog).getByLabelText(MESSAGES.communityReportReason), 'Rude');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.communityReportSubmit }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.communityAlreadyReported);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits and deletes one’s own comment', async () => {
    const { calls } = fakeCommunityServer({
      spaces: SPACES,
      posts: [others({ commentCount: 1 })],
      comments: [makeComment({ id: 41, postId: 1, body: 'Frist', author: author(ME), canEdit: true, canDelete: true })],
    });
    const user = userEvent.setup();
    await openPost();
    const list = await screen.findByRole('list', { name: MESSAGES.communityComments });
    expect(within(list).queryByRole('button', { name: MESSAGES.communityReport })).toBeNull();
    await user.click(within(list).getByRole('button', { name: MESSAGES.communityEdit }));
    const box = within(list).getByLabelText(MESSAGES.communityEditCommentLabel);
    await user.clear(box);
    await user.type(box, 'First');
    await user.click(within(list).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.communityCommentSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/comment/upsert')?.body).toEqual({
      id: 41,
      postId: 1,
      body: 'First',
      mentionedUserIds: [],
    });
    expect(await within(list).findByText('First')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: MESSAGES.communityDelete }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.communityDeleteCommentTitle });
    await user.click(within(confirm).getByRole('button', { name: MESSAGES.communityDelete }));
    expect(await screen.findByText(MESSAGES.communityCommentDeleted)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.communityNoComments)).toBeTruthy();
  });

  it('shows the moderator controls to coaches and admins only', async () => {
    for (const [who, user, shown] of [
      ['member', member(), false],
      ['course only', makeUser({ role: 'course only' }), false],
      ['coach', coach(), true],
      ['admin', makeUser({ role: 'admin' }), true],
    ] as const) {
      fakeCommunityServer({ spaces: SPACES, posts: [others()], comments: [makeComment({ postId: 1 })] });
      const article = await openPost('/community/post/1', user);
      const list = await screen.findByRole('list', { name: MESSAGES.communityComments });
      expect(Boolean(within(article).queryByRole('group', { name: MESSAGES.communityModeratorActions })), who).toBe(
        shown,
      );
      expect(Boolean(within(list).queryByRole('button', { name: MESSAGES.communityHide })), who).toBe(shown);
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('lets a coach pin, lock and hide the post, and hide a comment', async () => {
    const { calls } = fakeCommunityServer({
      spaces: SPACES,
      posts: [others()],
      comments: [makeComment({ id: 42, postId: 1, body: 'Off topic' })],
    });
    const user = userEvent.setup();
    const article = await openPost('/community/post/1', coach());
    const tools = within(article).getByRole('group', { name: MESSAGES.communityModeratorActions });
    await user.click(within(tools).getByRole('button', { name: MESSAGES.communityPin }));
    expect(await screen.findByText(MESSAGES.communityPostPinned)).toBeTruthy();
    expect(await within(article).findByText(MESSAGES.communityPinned)).toBeTruthy();
    await user.click(await within(tools).findByRole('button', { name: MESSAGES.communityLock }));
    expect(await within(article).findByText(MESSAGES.communityPostLocked)).toBeTruthy();
    await user.click(await within(tools).findByRole('button', { name: MESSAGES.communityHide }));
    expect(await within(article).findByText(MESSAGES.communityPostHiddenNotice)).toBeTruthy();
    expect(within(tools).getByRole('button', { name: MESSAGES.communityUnhide })).toBeTruthy();
    expect(
      calls.filter((c) => /\/post\/1\/(pin|lock|hide)$/.test(c.path)).map((c) => [c.path.split('/').at(-1), c.body]),
    ).toEqual([
      ['pin', { pinned: true }],
      ['lock', { locked: true }],
      ['hide', { hidden: true }],
    ]);

    const list = await screen.findByRole('list', { name: MESSAGES.communityComments });
    await user.click(within(list).getByRole('button', { name: MESSAGES.communityHide }));
    expect(await screen.findByText(MESSAGES.communityCommentHidden)).toBeTruthy();
    expect(await within(list).findByText(MESSAGES.communityCommentHiddenNotice)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/comment/42/hide')?.body).toEqual({ hidden: true });
  });

  it('shows a locked post’s notice and no comment box to a member', async () => {
    fakeCommunityServer({ spaces: SPACES, posts: [others({ locked: true, canComment: false })] });
    const article = await openPost();
    expect(within(article).getByText(MESSAGES.communityLocked)).toBeTruthy();
    expect(within(article).getByText(MESSAGES.communityPostLocked)).toBeTruthy();
    await screen.findByText(MESSAGES.communityNoComments);
    expect(screen.queryByLabelText(MESSAGES.communityCommentLabel)).toBeNull();
  });

  it('says when the post is not found, and offers a retry for other failures', async () => {
    fakeCommunityServer({ spaces: SPACES });
    renderApp('/community/post/99', member());
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.communityPostNotFound);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();

    fakeCommunityServer(
      { spaces: SPACES },
      {
        override: ({ path }) =>
          path === '/api/community/post/1'
            ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
            : undefined,
      },
    );
    renderApp('/community/post/1', member());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.communityPostLoadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
