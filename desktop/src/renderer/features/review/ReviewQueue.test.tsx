// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { ReviewCard } from '@shared/types';
import { makeUser } from '../../test/fixtures';
import { mockFetch, renderApp } from '../../test/render';
import { waitingTime } from './waiting';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const QUEUE = '/api/move-the-needle/review-queue';
const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const card = (id: number, over: Partial<ReviewCard> = {}): ReviewCard => ({
  id,
  title: `Card ${id}`,
  ownerId: 40 + id,
  ownerName: `Member ${id}`,
  waitingSince: ago(3 * DAY + 60_000),
  ...over,
});

describe('waitingTime', () => {
  it('words the wait in its largest whole unit', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(waitingTime('2026-01-07T11:00:00Z', now)).toBe('3 days');
    expect(waitingTime('2026-01-09T12:00:00Z', now)).toBe('1 day');
    expect(waitingTime('2026-01-10T07:00:00Z', now)).toBe('5 hours');
    expect(waitingTime('2026-01-10T11:59:00Z', now)).toBe('1 minute');
    expect(waitingTime('2026-01-10T12:00:30Z', now)).toBe('0 minutes');
  });
});

describe('/review (docs/areas/review.md)', () => {
  it('lists the coach’s members’ cards, oldest first, with member, card link and waiting time', async () => {
    const calls = mockFetch(({ path }) =>
      path === QUEUE
        ? { body: { cards: [card(1), card(2, { waitingSince: ago(5 * 3600_000) })], total: 2 } }
        : undefined,
    );
    renderApp('/review', makeUser({ role: 'coach' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.reviewQueueTitle })).toBeTruthy();
    const list = await screen.findByRole('list', { name: MESSAGES.reviewQueueTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Card 1', 'Card 2']);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/move-the-needle/41?card=1');
    expect(items[0]!.textContent).toContain('Member 1 · waiting 3 days');
    expect(items[1]!.textContent).toContain('waiting 5 hours');
    expect(calls.find((c) => c.path === QUEUE)?.search.get('scope')).toBe('mine');
    expect(document.title).toContain('Review queue');
  });

  it('filters by scope (My members / Unassigned / All), asking the server', async () => {
    const calls = mockFetch(({ path, search }) =>
      path === QUEUE
        ? { body: search.get('scope') === 'unassigned' ? { cards: [card(7)], total: 1 } : { cards: [], total: 0 } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/review', makeUser({ role: 'admin' }));
    expect(await screen.findByText(MESSAGES.reviewQueueEmpty)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MESSAGES.reviewScopeUnassigned }));
    expect(await screen.findByRole('link', { name: 'Card 7' })).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.reviewScopeUnassigned }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: MESSAGES.reviewScopeAll }));
    await waitFor(() => expect(calls.some((c) => c.search.get('scope') === 'all')).toBe(true));
  });

  it('shows the error of a failed load with a retry', async () => {
    mockFetch(({ path }) =>
      path === QUEUE
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Internal server error' } } }
        : undefined,
    );
    renderApp('/review', makeUser({ role: 'coach' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.reviewQueueError);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends a card back with a comment in one request, then reloads the queue', async () => {
    let queue = [card(1), card(2)];
    const calls = mockFetch(({ method, path, body }) => {
      if (path === QUEUE) return { body: { cards: queue, total: queue.length } };
      if (method === 'POST' && path === `${QUEUE}/1/send`) {
        queue = queue.filter((c) => c.id !== 1);
        const to = (body as { to: string }).to;
        return {
          body: {
            success: true,
            message: to === 'COMPLETED' ? MESSAGES.reviewCompleted : MESSAGES.reviewSentBack,
            card: { id: 1, ListId: 3, position: 0 },
            activityId: 9,
          },
        };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/review', makeUser({ role: 'coach' }));
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.reviewSendBack}: Card 1` }));
    const dialog = screen.getByRole('dialog', { name: MESSAGES.reviewSendBack });
    await user.type(within(dialog).getByLabelText(MESSAGES.reviewCommentLabel), 'Tighten the headline');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.reviewSendBack }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ to: 'IN PROGRESS', comment: 'Tighten the headline' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Card 1' })).toBeNull());
    expect(await screen.findByText(MESSAGES.reviewSentBack)).toBeTruthy();
  });

  it('keeps the dialog open and shows the reason when the card no longer waits (409)', async () => {
    mockFetch(({ method, path }) => {
      if (path === QUEUE) return { body: { cards: [card(1)], total: 1 } };
      if (method === 'POST')
        return { status: 409, body: { error: { code: 'conflict', message: MESSAGES.reviewNotWaiting } } };
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/review', makeUser({ role: 'coach' }));
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.reviewMarkCompleted}: Card 1` }));
    const dialog = screen.getByRole('dialog', { name: MESSAGES.reviewMarkCompleted });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.reviewMarkCompleted }));
    expect(await screen.findByText(MESSAGES.reviewNotWaiting)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is not for members: the sidebar has no link and the route is refused', async () => {
    mockFetch();
    renderApp('/review', makeUser({ role: 'premium' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: MESSAGES.reviewQueueTitle })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Review queue' })).toBeNull();
  });
});

describe('the coach’s dashboard card', () => {
  it('shows how many cards wait and the oldest wait, linking to /review', async () => {
    const calls = mockFetch(({ path }) => (path === QUEUE ? { body: { cards: [card(1)], total: 4 } } : undefined));
    renderApp('/', makeUser({ role: 'coach' }));
    const link = await screen.findByRole('link', { name: `${MESSAGES.reviewWaitingForYou}: 4` });
    expect(link.getAttribute('href')).toBe('/review');
    expect(link.textContent).toContain('Oldest waiting: 3 days');
    const read = calls.find((c) => c.path === QUEUE);
    expect(read?.search.get('scope')).toBe('mine');
    expect(read?.search.get('itemsPerPage')).toBe('1');
  });

  it('is a coach’s only: members and admins do not ask for the queue', async () => {
    for (const role of ['premium', 'admin'] as const) {
      const calls = mockFetch();
      renderApp('/', makeUser({ role }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
      expect(
        calls.some((c) => c.path === QUEUE),
        role,
      ).toBe(false);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
