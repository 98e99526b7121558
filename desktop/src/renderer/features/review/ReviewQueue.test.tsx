// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { Card as BoardCard, ReviewCard } from '@shared/types';
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
  dueAt: null,
  overdue: false,
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

/** The card dialog's card, as GET /card/:id sends it. */
const fullCard = (id: number, over: Partial<BoardCard> = {}): BoardCard => ({
  id,
  title: `Card ${id}`,
  description: `What card ${id} is about`,
  ListId: 3,
  listName: 'FOR REVIEW',
  position: 0,
  coverPhotoUrl: null,
  dueAt: null,
  userId: 40 + id,
  Labels: [],
  Attachments: [{ id: 5, fileUrl: '/uploads/plan.pdf', fileName: 'plan.pdf', CardId: id, createdAt: ago(DAY) }],
  CheckLists: [
    {
      id: 6,
      title: 'Steps',
      CardId: id,
      CheckListItems: [
        { id: 61, title: 'Draft', completed: true, CheckListId: 6 },
        { id: 62, title: 'Polish', completed: false, CheckListId: 6 },
      ],
    },
  ],
  Activities: [
    {
      id: 8,
      comment: 'Ready for a look',
      CardId: id,
      User: { id: 40 + id, fullName: `Member ${id}`, photoUrl: null },
      TaggedUsers: [],
      createdAt: ago(3600_000),
    },
  ],
  ...over,
});

/** A fake server for the inbox: the queue, each card and its history; a send takes the card out. */
function inboxServer(initial: ReviewCard[], send?: (id: number, body: unknown) => { status: number; body: unknown }) {
  let queue = initial;
  const calls = mockFetch(({ method, path, search, body }) => {
    if (path === QUEUE) {
      const overdue = search.get('overdue');
      const shown = queue.filter((c) => overdue === null || String(c.overdue) === overdue);
      const ordered = search.get('sort') === 'newest' ? [...shown].reverse() : shown;
      return {
        body: {
          cards: ordered,
          total: ordered.length,
          overdueCount: queue.filter((c) => c.overdue).length,
          slaHours: 48,
          scope: search.get('scope'),
        },
      };
    }
    const sent = /^\/api\/move-the-needle\/review-queue\/(\d+)\/send$/.exec(path);
    if (method === 'POST' && sent) {
      const id = Number(sent[1]);
      const answer = send?.(id, body) ?? {
        status: 200,
        body: {
          success: true,
          message: (body as { to: string }).to === 'COMPLETED' ? MESSAGES.reviewCompleted : MESSAGES.reviewSentBack,
          card: { id, ListId: 3, position: 0 },
          activityId: 9,
        },
      };
      if (answer.status === 200) queue = queue.filter((c) => c.id !== id);
      return answer;
    }
    const history = /^\/api\/move-the-needle\/card\/(\d+)\/history$/.exec(path);
    if (history)
      return {
        body: {
          entries: [
            {
              id: 1,
              kind: 'moved',
              text: 'moved this card from IN PROGRESS to FOR REVIEW',
              createdAt: ago(3600_000),
              actor: { id: 41, fullName: 'Member 1' },
            },
          ],
        },
      };
    const read = /^\/api\/move-the-needle\/card\/(\d+)$/.exec(path);
    if (read) return { body: { card: fullCard(Number(read[1])) } };
    return undefined;
  });
  return calls;
}

describe('/review: the review inbox', () => {
  it('lists the coach’s members’ cards, oldest first, and previews the first in full', async () => {
    const calls = inboxServer([
      card(1),
      card(2, { waitingSince: ago(5 * 3600_000), dueAt: new Date(Date.now() - 2 * DAY - 60_000).toISOString() }),
    ]);
    renderApp('/review', makeUser({ role: 'coach' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.reviewQueueTitle })).toBeTruthy();
    const list = await screen.findByRole('list', { name: MESSAGES.reviewQueueTitle });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((b) => b.textContent)).toEqual([
      'Card 1Member 1 · waiting 3 days',
      'Card 2Member 2 · waiting 5 hoursoverdue by 2 days',
    ]);
    expect(within(rows[1]!).getByTestId('due-chip').dataset.tone).toBe('overdue');
    expect(rows[0]!.getAttribute('aria-current')).toBe('true');
    expect(calls.find((c) => c.path === QUEUE)?.search.get('scope')).toBe('mine');

    const preview = screen.getByRole('region', { name: MESSAGES.reviewPreviewLabel });
    expect(within(preview).getByRole('heading', { name: 'Card 1' })).toBeTruthy();
    expect(await within(preview).findByText('What card 1 is about')).toBeTruthy();
    expect(within(preview).getByText('Steps · 1 of 2 done')).toBeTruthy();
    expect(within(preview).getByRole('link', { name: 'plan.pdf' }).getAttribute('href')).toBe('/uploads/plan.pdf');
    expect(within(preview).getByText('Ready for a look')).toBeTruthy();
    expect(await within(preview).findByText(/moved this card from IN PROGRESS to FOR REVIEW/)).toBeTruthy();
    expect(within(preview).getByRole('link', { name: MESSAGES.reviewOpenOnBoard }).getAttribute('href')).toBe(
      '/move-the-needle/41?card=1',
    );
    expect(document.title).toContain('Review queue');
  });

  it('opens on All for an admin, and filters by scope, asking the server', async () => {
    const calls = mockFetch(({ path, search }) =>
      path === QUEUE
        ? { body: search.get('scope') === 'unassigned' ? { cards: [card(7)], total: 1 } : { cards: [], total: 0 } }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/review', makeUser({ role: 'admin' }));
    expect(await screen.findByText(MESSAGES.reviewQueueEmpty)).toBeTruthy();
    expect(calls.find((c) => c.path === QUEUE)?.search.get('scope')).toBe('all');
    expect(screen.getByRole('button', { name: MESSAGES.reviewScopeAll }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: MESSAGES.reviewScopeUnassigned }));
    expect(await screen.findByRole('heading', { name: 'Card 7' })).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.reviewScopeUnassigned }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: MESSAGES.reviewScopeMine }));
    await waitFor(() => expect(calls.some((c) => c.search.get('scope') === 'mine')).toBe(true));
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

  it('requests changes with a comment in one request, then previews the next card', async () => {
    const calls = inboxServer([card(1), card(2)]);
    const user = userEvent.setup();
    renderApp('/review', makeUser({ role: 'coach' }));
    const preview = await screen.findByRole('region', { name: MESSAGES.reviewPreviewLabel });
    await user.type(within(preview).getByLabelText(MESSAGES.reviewCommentLabel), 'Tighten the headline');
    await user.click(within(preview).getByRole('button', { name: MESSAGES.reviewRequestChanges }));
    expect(await screen.findByText(MESSAGES.reviewSentBack)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`${QUEUE}/1/send`);
    expect(post?.body).toEqual({ to: 'IN PROGRESS', comment: 'Tighten the headline' });
    expect(await within(preview).findByRole('heading', { name: 'Card 2' })).toBeTruthy();
    expect(within(preview).getByLabelText<HTMLTextAreaElement>(MESSAGES.reviewCommentLabel).value).toBe('');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: MESSAGES.reviewQueueTitle })).getAllByRole('button')).toHaveLength(
        1,
      ),
    );
  });

  it('is driven by keys: J and K move, A approves, R requests changes; never while typing', async () => {
    const calls = inboxServer([card(1), card(2), card(3)]);
    const user = userEvent.setup();
    renderApp('/review', makeUser({ role: 'coach' }));
    const preview = await screen.findByRole('region', { name: MESSAGES.reviewPreviewLabel });
    await within(preview).findByText('What card 1 is about');
    await user.keyboard('j');
    expect(await within(preview).findByRole('heading', { name: 'Card 2' })).toBeTruthy();
    expect(document.activeElement?.textContent).toContain('Card 2');
    await user.keyboard('j');
    await user.keyboard('k');
    expect(await within(preview).findByRole('heading', { name: 'Card 2' })).toBeTruthy();
    // Typing "ra" in the comment is text, not two commands.
    await user.type(within(preview).getByLabelText(MESSAGES.reviewCommentLabel), 'ra');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('heading', { name: MESSAGES.reviewQueueTitle }));
    await user.keyboard('a');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ to: 'COMPLETED', comment: 'ra' });
    expect(await within(preview).findByRole('heading', { name: 'Card 3' })).toBeTruthy();
    await user.keyboard('r');
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.path).toBe(`${QUEUE}/3/send`);
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual({ to: 'IN PROGRESS' });
  });

  it('keeps the card and shows the reason when it no longer waits (409)', async () => {
    inboxServer([card(1)], () => ({
      status: 409,
      body: { error: { code: 'conflict', message: MESSAGES.reviewNotWaiting } },
    }));
    const user = userEvent.setup();
    renderApp('/review', makeUser({ role: 'coach' }));
    const preview = await screen.findByRole('region', { name: MESSAGES.reviewPreviewLabel });
    await user.click(within(preview).getByRole('button', { name: MESSAGES.reviewApprove }));
    expect((await within(preview).findByRole('alert')).textContent).toBe(MESSAGES.reviewNotWaiting);
    expect(within(preview).getByRole('heading', { name: 'Card 1' })).toBeTruthy();
  });

  it('is not for members: the sidebar has no link and the route is refused', async () => {
    mockFetch();
    renderApp('/review', makeUser({ role: 'premium' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: MESSAGES.reviewQueueTitle })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Review queue' })).toBeNull();
  });
});

describe('/review: the review deadline', () => {
  it('marks the cards past the deadline, counts them, shows them alone and orders newest first', async () => {
    const calls = inboxServer([card(1, { overdue: true }), card(2, { waitingSince: ago(5 * 3600_000) })]);
    renderApp('/review', makeUser({ role: 'coach' }));
    const list = await screen.findByRole('list', { name: MESSAGES.reviewQueueTitle });
    const rows = within(list).getAllByRole('button');
    expect(within(rows[0]!).getByText(MESSAGES.reviewOverdueChip)).toBeTruthy();
    expect(within(rows[1]!).queryByText(MESSAGES.reviewOverdueChip)).toBeNull();
    expect(screen.getByText('2 waiting · 1 past the 48 h review deadline')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: MESSAGES.reviewOverdueOnly }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(
      calls
        .filter((c) => c.path === QUEUE)
        .at(-1)
        ?.search.get('overdue'),
    ).toBe('true');
    await user.click(screen.getByRole('button', { name: MESSAGES.reviewOverdueOnly }));
    await user.selectOptions(screen.getByRole('combobox', { name: MESSAGES.reviewSortLabel }), 'newest');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === QUEUE)
          .at(-1)
          ?.search.get('sort'),
      ).toBe('newest'),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: MESSAGES.reviewQueueTitle })).getAllByRole('button')[0]!.textContent,
      ).toContain('Card 2'),
    );
  });
});

describe('the coach’s dashboard card', () => {
  it('shows how many cards wait, how many are past the deadline and the oldest wait, linking to /review', async () => {
    const calls = mockFetch(({ path }) =>
      path === QUEUE ? { body: { cards: [card(1)], total: 4, overdueCount: 2, slaHours: 48 } } : undefined,
    );
    renderApp('/', makeUser({ role: 'coach' }));
    // Named by its words (no aria-label): the title, then the figure.
    const link = await screen.findByRole('link', { name: new RegExp(`^${MESSAGES.reviewWaitingForYou}\\s*4`) });
    expect(within(link).getByTestId('review-waiting').textContent).toBe('4');
    expect(link.getAttribute('href')).toBe('/review');
    expect(link.textContent).toContain('Oldest waiting: 3 days');
    expect(link.textContent).toContain('2 past the 48 h review deadline');
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
