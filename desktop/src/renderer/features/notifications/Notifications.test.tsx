// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { NotificationItem } from '@shared/types';
import type { PortalBridge } from '../../../shared-ipc/contract';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp, whenEnabled, type MockHandler } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as unknown as { portal?: PortalBridge }).portal;
});

const coach = makeUser({ role: 'coach', fullName: 'Mina Mentor' });
const MEMBER_ID = 7;

function item(id: number, over: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id,
    type: 'for_review',
    text: `Dana Rivers moved "Card ${id}" to FOR REVIEW`,
    quote: null,
    readAt: null,
    createdAt: new Date().toISOString(),
    actor: { id: MEMBER_ID, fullName: 'Dana Rivers' },
    card: { id: 100 + id, title: `Card ${id}`, ownerId: MEMBER_ID },
    post: null,
    ...over,
  };
}

/** Answers the inbox read with `pages(search)` and records mark-read calls. */
function inboxHandler(pages: (search: URLSearchParams) => unknown): MockHandler {
  return ({ method, path, search }) => {
    if (path === '/api/notification/read-many') return { body: pages(search) };
    if (path === '/api/notification/mark-read' && method === 'PUT') return { body: { marked: 1, unread: 0 } };
    if (path === '/api/notification/preferences' && method === 'GET')
      return { body: { preferences: { comment: 'app', for_review: 'app', review_done: 'app' } } };
    return undefined;
  };
}

describe('the bell', () => {
  it('shows the unread count and a panel of the latest that link to the card; Mark all read', async () => {
    const own = item(2, { card: { id: 55, title: 'Mine', ownerId: coach.id }, readAt: '2026-01-01T00:00:00.000Z' });
    const calls = mockFetch(inboxHandler(() => ({ notifications: [item(3), own], unread: 1, total: 2 })));
    const user = userEvent.setup();
    renderApp('/', coach);
    const [bell] = await screen.findAllByRole('button', { name: 'Notifications, 1 unread' });
    expect(calls.find((c) => c.path === '/api/notification/read-many')?.search.get('itemsPerPage')).toBe('5');
    await user.click(bell!);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `/move-the-needle/${MEMBER_ID}?card=103`,
      '/move-the-needle?card=55',
      '/notifications',
    ]);
    expect(within(panel).getByText('Dana Rivers moved "Card 3" to FOR REVIEW')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/notification/mark-read')?.body).toEqual({ all: true }),
    );
    // Escape closes the panel and gives the focus back to the bell.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('opening a notification marks it read and goes to the card', async () => {
    const calls = mockFetch(inboxHandler(() => ({ notifications: [item(4)], unread: 1, total: 1 })));
    const user = userEvent.setup();
    renderApp('/', coach);
    await user.click((await screen.findAllByRole('button', { name: 'Notifications, 1 unread' }))[0]!);
    await user.click(await screen.findByRole('link', { name: /Card 4/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/move-the-needle/${MEMBER_ID}`));
    expect(calls.find((c) => c.path === '/api/notification/mark-read')?.body).toEqual({ ids: [4] });
  });

  it('quotes the comment a notification is about, in the panel and on /notifications', async () => {
    const quoted = item(5, {
      type: 'review_done',
      text: 'Mina Mentor moved your card "Card 5" from FOR REVIEW to IN PROGRESS',
      quote: 'Add the landed cost first',
    });
    mockFetch(inboxHandler(() => ({ notifications: [quoted, item(6)], unread: 2, total: 2 })));
    const user = userEvent.setup();
    renderApp('/notifications', coach);
    await user.click((await screen.findAllByRole('button', { name: 'Notifications, 2 unread' }))[0]!);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('Add the landed cost first').tagName).toBe('Q');
    // On the page too (once its own read has answered), inside the link that opens the card; the
    // entry without a quote has none.
    await waitFor(() => expect(screen.getAllByText('Add the landed cost first')).toHaveLength(2));
    const page = screen.getAllByText('Add the landed cost first').find((q) => !panel.contains(q))!;
    expect(page.closest('a')?.getAttribute('href')).toBe(`/move-the-needle/${MEMBER_ID}?card=105`);
    expect(document.querySelectorAll('q')).toHaveLength(2);
  });

  it('says so when there are none', async () => {
    mockFetch(inboxHandler(() => ({ notifications: [], unread: 0, total: 0 })));
    const user = userEvent.setup();
    renderApp('/', coach);
    await user.click((await screen.findAllByRole('button', { name: 'Notifications, 0 unread' }))[0]!);
    expect(await screen.findByText(MESSAGES.notificationsEmpty)).toBeTruthy();
  });
});

describe('/notifications', () => {
  it('lists the inbox, paged; marks one and all read', async () => {
    const calls = mockFetch(
      inboxHandler((search) =>
        search.get('itemsPerPage') === '5'
          ? { notifications: [], unread: 2, total: 25 }
          : search.get('page') === '2'
            ? { notifications: [item(1)], unread: 2, total: 21 }
            : { notifications: [item(21), item(20, { readAt: '2026-01-01T00:00:00.000Z' })], unread: 2, total: 21 },
      ),
    );
    const user = userEvent.setup();
    renderApp('/notifications', coach);
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(await screen.findByText('Dana Rivers moved "Card 21" to FOR REVIEW')).toBeTruthy();
    expect(screen.getByText('2 unread')).toBeTruthy();
    // Only the unread one has its own button.
    const markOne = screen.getAllByRole('button', { name: /^Mark read/ });
    expect(markOne).toHaveLength(1);
    await user.click(markOne[0]!);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/notification/mark-read').map((c) => c.body)).toEqual([{ ids: [21] }]),
    );
    // Disabled while the first mark is saved.
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Mark all read' })));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/notification/mark-read').map((c) => c.body)).toContainEqual({
        all: true,
      }),
    );
    // The pager waits while the inbox is read again after the marks.
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: /Next/ })));
    expect(await screen.findByText('Dana Rivers moved "Card 1" to FOR REVIEW')).toBeTruthy();
    expect(calls.some((c) => c.search.get('page') === '2' && c.search.get('itemsPerPage') === '20')).toBe(true);
  });

  it('shows loading, then the empty state', async () => {
    mockFetch(inboxHandler(() => ({ notifications: [], unread: 0, total: 0 })));
    // Hold every answer until the page's loading state has been seen.
    const answer = globalThis.fetch;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return answer(...args);
    });
    renderApp('/notifications', makeUser({ role: 'basic' }));
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(screen.getByText('Loading…')).toBeTruthy();
    release();
    expect(await screen.findByText(MESSAGES.notificationsEmpty)).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the error state and tries again', async () => {
    let fail = true;
    mockFetch(({ path, search }) => {
      if (path !== '/api/notification/read-many') return undefined;
      if (search.get('itemsPerPage') === '20' && fail)
        return { status: 500, body: { error: { code: 'x', message: 'x' } } };
      return { body: { notifications: [item(9)], unread: 1, total: 1 } };
    });
    const user = userEvent.setup();
    renderApp('/notifications', makeUser({ role: 'premium' }));
    expect(await screen.findByText(MESSAGES.notificationsLoadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Dana Rivers moved "Card 9" to FOR REVIEW')).toBeTruthy();
  });
});

describe('preferences on /profile', () => {
  it('reads and saves the delivery of each type', async () => {
    const calls = mockFetch((req) => {
      if (req.path === '/api/notification/preferences' && req.method === 'PUT') return { body: req.body as object };
      return inboxHandler(() => ({ notifications: [], unread: 0, total: 0 }))(req);
    });
    const user = userEvent.setup();
    renderApp('/profile', coach);
    const select = await screen.findByLabelText<HTMLSelectElement>(MESSAGES.notificationPreferenceForReview);
    expect(select.value).toBe('app');
    await user.selectOptions(select, MESSAGES.notificationDeliveryDigest);
    await user.selectOptions(screen.getByLabelText(MESSAGES.notificationPreferenceComment), 'email');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText(MESSAGES.notificationPreferencesSaved)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/notification/preferences' && c.method === 'PUT')?.body).toEqual({
      preferences: { comment: 'email', for_review: 'digest', review_done: 'app' },
    });
  });

  it('shows an error when the preferences cannot be loaded', async () => {
    mockFetch(({ path }) =>
      path === '/api/notification/preferences'
        ? { status: 500, body: { error: { code: 'x', message: 'x' } } }
        : undefined,
    );
    renderApp('/profile', coach);
    expect(await screen.findByText(MESSAGES.notificationPreferencesLoadFailed)).toBeTruthy();
  });
});

/**
 * Wraps the mocked fetch: GET /api/events answers a real streamed body the test writes to (the
 * app shell's one live stream), and `send` writes an event to the newest one.
 */
function liveStream() {
  const inner = globalThis.fetch;
  const streams: Array<{ board: string; signal?: AbortSignal; out: ReadableStreamDefaultController<Uint8Array> }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname !== '/api/events') return inner(input, init);
    const body = new ReadableStream<Uint8Array>({
      start: (out) =>
        void streams.push({ board: url.searchParams.get('board') ?? '', signal: init?.signal ?? undefined, out }),
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  const send = (id: number, event: string, data: unknown) =>
    act(async () => {
      streams
        .at(-1)!
        .out.enqueue(new TextEncoder().encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      await new Promise((r) => setTimeout(r, 10));
    });
  const close = () =>
    act(async () => {
      streams.at(-1)!.out.close();
      await new Promise((r) => setTimeout(r, 10));
    });
  return { streams, send, close };
}

describe('the bell is live', () => {
  it('a notification event raises the count and tops the panel on any page, without a read; once per id', async () => {
    const calls = mockFetch(inboxHandler(() => ({ notifications: [item(1)], unread: 1, total: 1 })));
    const live = liveStream();
    const user = userEvent.setup();
    renderApp('/notifications', coach);
    await screen.findAllByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(live.streams).toHaveLength(1));
    expect(live.streams[0]!.board).toBe('');
    const reads = () => calls.filter((c) => c.path === '/api/notification/read-many').length;
    const before = reads();
    await live.send(40, 'notification', item(2));
    expect(await screen.findAllByRole('button', { name: 'Notifications, 2 unread' })).toHaveLength(2);
    // The same event again (a replay, or the other stream of a board switch) changes nothing.
    await live.send(40, 'notification', item(2));
    expect(screen.getAllByRole('button', { name: 'Notifications, 2 unread' })).toHaveLength(2);
    expect(reads()).toBe(before);
    // The /notifications page's first page is patched too.
    expect(screen.getByText('Dana Rivers moved "Card 2" to FOR REVIEW')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Notifications, 2 unread' })[0]!);
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(panel).getAllByRole('link')[0]!.textContent).toContain('Card 2');
  });

  it('a later page of /notifications is read again on an event (its entries move down one)', async () => {
    let unread = 21;
    const calls = mockFetch(
      inboxHandler((search) =>
        search.get('page') === '2'
          ? { notifications: [item(unread === 21 ? 1 : 2)], unread, total: unread }
          : { notifications: [item(unread)], unread, total: unread },
      ),
    );
    const live = liveStream();
    const user = userEvent.setup();
    renderApp('/notifications', coach);
    await user.click(await screen.findByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Dana Rivers moved "Card 1" to FOR REVIEW')).toBeTruthy();
    await waitFor(() => expect(live.streams).toHaveLength(1));
    const pageTwoReads = () => calls.filter((c) => c.search.get('page') === '2').length;
    const before = pageTwoReads();
    unread = 22;
    await live.send(41, 'notification', item(22));
    expect(await screen.findByText('Dana Rivers moved "Card 2" to FOR REVIEW')).toBeTruthy();
    expect(screen.getByText('22 unread')).toBeTruthy();
    expect(pageTwoReads()).toBe(before + 1);
  });

  it('reads the inbox again on resync and when the stream is back after a break', async () => {
    const calls = mockFetch(inboxHandler(() => ({ notifications: [], unread: 0, total: 0 })));
    const live = liveStream();
    renderApp('/', coach);
    await screen.findAllByRole('button', { name: 'Notifications, 0 unread' });
    await waitFor(() => expect(live.streams).toHaveLength(1));
    const reads = () => calls.filter((c) => c.path === '/api/notification/read-many').length;
    const before = reads();
    await live.send(5, 'resync', {});
    await waitFor(() => expect(reads()).toBe(before + 1));
    await live.close();
    await waitFor(() => expect(live.streams).toHaveLength(2), { timeout: 2_500 });
    await waitFor(() => expect(reads()).toBe(before + 2));
  });
});

describe('desktop: native notifications through the bridge', () => {
  it('announces each notification event, not the inbox already there; a click opens the card', async () => {
    const showNotification = vi.fn(async () => 'clicked' as const);
    (window as unknown as { portal?: Partial<PortalBridge> }).portal = {
      platform: 'desktop',
      apiBaseUrl: '',
      showNotification,
    };
    mockFetch(inboxHandler(() => ({ notifications: [item(1)], unread: 1, total: 1 })));
    const live = liveStream();
    renderApp('/', coach);
    await screen.findAllByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(live.streams).toHaveLength(1));
    expect(showNotification).not.toHaveBeenCalled();
    await live.send(7, 'notification', item(2));
    await live.send(7, 'notification', item(2));
    await waitFor(() =>
      expect(showNotification).toHaveBeenCalledWith({
        title: 'Rainmakers Portal',
        body: 'Dana Rivers moved "Card 2" to FOR REVIEW',
      }),
    );
    expect(showNotification).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/move-the-needle/${MEMBER_ID}`));
  });

  it('after a break, what a read again finds newer than anything announced comes as one notification', async () => {
    const showNotification = vi.fn(async () => 'clicked' as const);
    (window as unknown as { portal?: Partial<PortalBridge> }).portal = {
      platform: 'desktop',
      apiBaseUrl: '',
      showNotification,
    };
    let inbox: NotificationItem[] = [item(1)];
    mockFetch(
      inboxHandler(() => ({
        notifications: inbox,
        unread: inbox.filter((n) => !n.readAt).length,
        total: inbox.length,
      })),
    );
    const live = liveStream();
    renderApp('/', coach);
    await screen.findAllByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() => expect(live.streams).toHaveLength(1));
    // Announced live, then read again: not announced twice.
    await live.send(8, 'notification', item(2));
    await waitFor(() => expect(showNotification).toHaveBeenCalledTimes(1));
    inbox = [item(2), item(1)];
    await live.send(9, 'resync', {});
    await screen.findAllByRole('button', { name: 'Notifications, 2 unread' });
    // Two came while the stream was down (and one already read elsewhere): one notification for both.
    inbox = [item(5), item(4, { readAt: '2026-01-01T00:00:00.000Z' }), item(3), item(2), item(1)];
    await live.send(10, 'resync', {});
    await waitFor(() => expect(showNotification).toHaveBeenCalledTimes(2));
    expect(showNotification).toHaveBeenLastCalledWith({ title: 'Rainmakers Portal', body: '2 new notifications' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/notifications'));
    // One more after another break: its own text, and its click opens the card.
    inbox = [item(6), ...inbox];
    await live.close();
    // The reconnect waits its delay (1 s and growing); a loaded machine adds to it.
    await waitFor(() => expect(showNotification).toHaveBeenCalledTimes(3), { timeout: 25_000 });
    expect(showNotification).toHaveBeenLastCalledWith({
      title: 'Rainmakers Portal',
      body: 'Dana Rivers moved "Card 6" to FOR REVIEW',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/move-the-needle/${MEMBER_ID}`));
    // A read that brings nothing new announces nothing.
    await live.send(11, 'resync', {});
    await new Promise((r) => setTimeout(r, 50));
    expect(showNotification).toHaveBeenCalledTimes(3);
  });
});
