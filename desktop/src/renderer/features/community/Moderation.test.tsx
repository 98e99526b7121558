// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillMessage, MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeCommunityServer, makeComment, makePost, makeReport } from '../../test/fake-community';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REPORTS = '/api/community/reports';
const coach = () => makeUser({ role: 'coach' });

describe('/community/moderation: the report queue', () => {
  it('lists the open reports: what was reported, its author, the reporter and the reason', async () => {
    fakeCommunityServer({
      reports: [
        makeReport({
          id: 1,
          postTitle: 'Cheap followers',
          excerpt: 'Buy <img src=x onerror=alert(1)> followers',
          reason: 'Spam, twice today',
        }),
        makeReport({ id: 2, kind: 'comment', commentId: 40, postId: 3, postTitle: 'My launch', excerpt: 'You fool' }),
      ],
    });
    renderApp('/community/moderation', coach());
    expect(await screen.findByRole('heading', { name: MESSAGES.communityModerationTitle, level: 1 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: MESSAGES.communityReportsLabel });
    const [post, comment] = within(list).getAllByRole('article');
    expect(within(post!).getByRole('heading', { name: 'Post: Cheap followers' })).toBeTruthy();
    // The reported words as written: text, never markup.
    expect(within(post!).getByText('Buy <img src=x onerror=alert(1)> followers')).toBeTruthy();
    expect(post!.querySelector('img')).toBeNull();
    expect(within(post!).getByText(fillMessage(MESSAGES.communityWrittenBy, { name: 'Sam Spammer' }))).toBeTruthy();
    expect(
      within(post!).getByText(new RegExp(fillMessage(MESSAGES.communityReportedBy, { name: 'Rita Reporter' }))),
    ).toBeTruthy();
    expect(within(post!).getByText('Spam, twice today')).toBeTruthy();
    expect(within(post!).getByRole('link', { name: MESSAGES.communityOpenPost }).getAttribute('href')).toBe(
      '/community/post/1',
    );
    expect(within(comment!).getByRole('heading', { name: 'Comment: My launch' })).toBeTruthy();
    expect(within(comment!).getByRole('link', { name: MESSAGES.communityOpenPost }).getAttribute('href')).toBe(
      '/community/post/3',
    );
    expect(screen.getByText(new RegExp(`^2 open · `))).toBeTruthy();
  });

  it('hides a reported post or comment, then closes the report', async () => {
    const { calls, state } = fakeCommunityServer({
      posts: [makePost({ id: 1 })],
      comments: [makeComment({ id: 40, postId: 3 })],
      reports: [
        makeReport({ id: 1, postId: 1, postTitle: 'Cheap followers' }),
        makeReport({ id: 2, kind: 'comment', commentId: 40, postId: 3, postTitle: 'My launch' }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/community/moderation', makeUser({ role: 'admin' }));
    await screen.findByRole('list', { name: MESSAGES.communityReportsLabel });
    await user.click(screen.getByRole('button', { name: `${MESSAGES.communityHide}: Cheap followers` }));
    expect(await screen.findByText(MESSAGES.communityPostHidden)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/post/1/hide')?.body).toEqual({ hidden: true });
    expect(await screen.findByRole('button', { name: `${MESSAGES.communityUnhide}: Cheap followers` })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `${MESSAGES.communityHide}: My launch` }));
    expect(await screen.findByText(MESSAGES.communityCommentHidden)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/community/comment/40/hide')?.body).toEqual({ hidden: true });

    await user.click(screen.getByRole('button', { name: `${MESSAGES.communityCloseReport}: Cheap followers` }));
    expect(await screen.findByText(MESSAGES.communityReportResolved)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/community/report/1/resolve')).toBe(true);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: MESSAGES.communityReportsLabel })).getAllByRole('article'),
      ).toHaveLength(1),
    );
    expect(state.reports.map((r) => r.id)).toEqual([2]);
  });

  it('shows the empty state, and the error with a retry', async () => {
    fakeCommunityServer({ reports: [] });
    renderApp('/community/moderation', coach());
    expect(await screen.findByText(MESSAGES.communityReportsEmpty)).toBeTruthy();
    expect(screen.getByText(MESSAGES.communityReportsEmptyHint)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    fakeCommunityServer(
      {},
      {
        override: ({ path }) =>
          path === REPORTS
            ? { status: 500, body: { error: { code: 'internal', message: 'Internal server error' } } }
            : undefined,
      },
    );
    renderApp('/community/moderation', coach());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.communityReportsLoadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is not for members: the members-only screen, and no request for the reports', async () => {
    const { calls } = fakeCommunityServer({ reports: [makeReport()] });
    renderApp('/community/moderation', makeUser({ role: 'premium' }));
    expect(await screen.findByText(MESSAGES.membersOnly)).toBeTruthy();
    expect(calls.some((c) => c.path === REPORTS)).toBe(false);
  });
});
