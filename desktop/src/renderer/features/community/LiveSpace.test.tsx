// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { author, fakeCommunityServer, makeComment, makePost, makeSpace } from '../../test/fake-community';
import type { CommunityEvent } from './useLiveSpace';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SPACES = [makeSpace({ id: 1, name: 'Wins' }), makeSpace({ id: 2, name: 'Questions' })];
const member = () => makeUser({ id: 7, role: 'premium', fullName: 'Dana Rivers' });

/**
 * The community's stand-in server plus GET /api/events as a real streamed body the test writes to
 * (the stream of the window's live hub), with the query of each stream opened.
 */
function liveCommunity(initial: Parameters<typeof fakeCommunityServer>[0]) {
  const server = fakeCommunityServer(initial);
  const inner = globalThis.fetch;
  const streams: Array<{ search: URLSearchParams; controller: ReadableStreamDefaultController<Uint8Array> }> = [];
  const signals: Array<AbortSignal | undefined> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      if (url.pathname === '/api/events') {
        signals.push(init?.signal ?? undefined);
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => void streams.push({ search: url.searchParams, controller }),
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
      }
      return inner(input, init);
    }),
  );
  /** The spaces of the streams still open. */
  const openSpaces = () => streams.filter((_, i) => !signals[i]?.aborted).map((s) => s.search.get('space') ?? 'none');
  let nextId = 100;
  const send = (event: CommunityEvent) =>
    act(async () => {
      const open = streams.filter((_, i) => !signals[i]?.aborted).at(-1)!;
      open.controller.enqueue(
        new TextEncoder().encode(`id: ${nextId++}\nevent: community\ndata: ${JSON.stringify(event)}\n\n`),
      );
      await new Promise((r) => setTimeout(r, 10));
    });
  const reads = (path: string) => server.calls.filter((c) => c.method === 'GET' && c.path === path).length;
  return { ...server, openSpaces, send, reads };
}

describe('a community screen follows its space live', () => {
  it('the feed of an open space watches ?space= and shows a post made elsewhere without a reload', async () => {
    const live = liveCommunity({
      spaces: SPACES,
      posts: [makePost({ id: 1, spaceId: 1, title: 'First win', author: author(8, 'Ann Lee') })],
    });
    renderApp('/community?space=1', member());
    const feed = await screen.findByRole('list', { name: MESSAGES.communityFeedLabel });
    expect(within(feed).getByText('First win')).toBeTruthy();
    // One stream for the window, on the space.
    await waitFor(() => expect(live.openSpaces()).toEqual(['1']));

    // Someone else posts: the server has it, the event says so (ids only), the feed reads again.
    live.state.posts.push(makePost({ id: 2, spaceId: 1, title: 'Second win', author: author(9, 'Bo Adams') }));
    await live.send({ kind: 'post', spaceId: 1, postId: 2 });
    expect(await within(feed).findByText('Second win')).toBeTruthy();

    // An event of another space (never on this stream, but checked anyway) reads nothing.
    const before = live.reads('/api/community/posts');
    await live.send({ kind: 'post', spaceId: 2, postId: 3 });
    expect(live.reads('/api/community/posts')).toBe(before);
  });

  it('the feed of all spaces watches no space; opening a post watches its space', async () => {
    const live = liveCommunity({
      spaces: SPACES,
      posts: [makePost({ id: 1, spaceId: 2, title: 'How to price?', author: author(8, 'Ann Lee') })],
    });
    renderApp('/community', member());
    await screen.findByRole('list', { name: MESSAGES.communityFeedLabel });
    await waitFor(() => expect(live.openSpaces()).toEqual(['none']));
    await userEvent.setup().click(screen.getByRole('link', { name: 'How to price?' }));
    await screen.findByRole('heading', { name: 'How to price?', level: 1 });
    await waitFor(() => expect(live.openSpaces()).toEqual(['2']));
  });

  it('an open post shows a comment made elsewhere, and its new like count, without a reload', async () => {
    const live = liveCommunity({
      spaces: SPACES,
      posts: [makePost({ id: 1, spaceId: 1, title: 'Sold out', author: author(8, 'Ann Lee') })],
      comments: [],
    });
    renderApp('/community/post/1', member());
    await screen.findByText(MESSAGES.communityNoComments);
    await waitFor(() => expect(live.openSpaces()).toEqual(['1']));

    const comment = makeComment({ postId: 1, body: 'Made elsewhere', author: author(9, 'Bo Adams') });
    live.state.comments.push(comment);
    live.state.posts[0]!.commentCount = 1;
    await live.send({ kind: 'comment', spaceId: 1, postId: 1, commentId: comment.id });
    const list = await screen.findByRole('list', { name: MESSAGES.communityComments });
    expect(within(list).getByText('Made elsewhere')).toBeTruthy();
    expect(screen.getByRole('heading', { name: `${MESSAGES.communityComments} (1)` })).toBeTruthy();

    const commentReads = live.reads('/api/community/post/1/comments');
    live.state.posts[0]!.reactions = { like: 4 };
    await live.send({ kind: 'reaction', spaceId: 1, postId: 1 });
    expect(await screen.findByRole('button', { name: 'Like (4)' })).toBeTruthy();
    // A like does not read the comments again.
    expect(live.reads('/api/community/post/1/comments')).toBe(commentReads);
  });
});
