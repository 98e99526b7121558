// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { boardApi } from './boardApi';
import { fakeBoardServer, fakeBoard } from '../../test/fake-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });

describe('Move the Needle board', () => {
  it("shows the owner's board with its progress, lists, cards, labels and counts", async () => {
    fakeBoardServer();
    renderApp('/move-the-needle', premium());
    expect(await screen.findByRole('heading', { name: "Dana Rivers's Board" })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Total progress' }).getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByTestId('mtn-progress').textContent).toBe('33%');
    const notStarted = screen.getByRole('region', { name: 'Not started' });
    expect(within(notStarted).getByText('Pick a niche')).toBeTruthy();
    expect(within(notStarted).getByText('Priority')).toBeTruthy();
    expect(within(notStarted).getByTitle('1 of 3 checklist items done').textContent).toContain('1/3');
    expect(screen.getAllByRole('button', { name: /^Add another card to/ })).toHaveLength(7);
    expect(screen.getByRole('button', { name: '+ Add another list' })).toBeTruthy();
  });

  it('shows the loading state, then the error with a retry', async () => {
    fakeBoardServer({
      override: ({ path }) =>
        path.endsWith('/list/read-many')
          ? { status: 403, body: { error: { code: 'forbidden', message: 'You do not have permission to do this.' } } }
          : undefined,
    });
    renderApp('/move-the-needle', premium());
    expect(screen.getByText('Loading the board…')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to do this.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('asks for the user id of /move-the-needle/{id} and shows not found for a bad id', async () => {
    const { calls } = fakeBoardServer();
    renderApp('/move-the-needle/42', makeUser({ role: 'coach' }));
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    expect(calls.find((c) => c.path.endsWith('/list/read-many'))?.search.get('userId')).toBe('42');
    cleanup();
    renderApp('/move-the-needle/abc', makeUser({ role: 'coach' }));
    expect(await screen.findByText(MESSAGES.pageNotFound)).toBeTruthy();
  });

  it('resets the board after confirmation, with the toast', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await user.click(await screen.findByRole('button', { name: 'Reset board' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the board?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path.endsWith('/reset'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reset' }));
    expect(await screen.findByText(MESSAGES.mtnReset)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/reset'))).toMatchObject({ method: 'PUT', body: { id: 7 } });
  });

  it('offers no Reset board to an admin, and lets an admin delete a non-reserved list after confirmation', async () => {
    const server = fakeBoardServer();
    server.board.board = {
      userId: 1,
      ownerName: 'Ada Admin',
      ownerPhotoUrl: null,
      ownerRole: 'admin',
      isTemplate: true,
    };
    server.board.lists.push({ id: 30, name: 'Ideas', position: 7, userId: 1, Cards: [] });
    const user = userEvent.setup();
    renderApp('/move-the-needle', makeUser({ role: 'admin' }));
    expect(await screen.findByRole('heading', { name: 'Master Template' })).toBeTruthy();
    expect(screen.getByText(/Master Template: every member/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset board' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions of list Completed' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete list' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions of list Ideas' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete list' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete the list Ideas?' })).getByRole('button', {
        name: 'Yes, delete',
      }),
    );
    await waitFor(() =>
      expect(server.calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/list/30'))).toBe(true),
    );
  });

  it('moves a list right from its menu, at once', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await user.click(await screen.findByRole('button', { name: 'Actions of list Not started' }));
    expect(screen.getByRole<HTMLButtonElement>('menuitem', { name: 'Move list left' }).disabled).toBe(true);
    await user.click(screen.getByRole('menuitem', { name: 'Move list right' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 })[1]!.textContent).toBe('Not started'));
    expect(calls.find((c) => c.path.endsWith('/list/upsert'))?.body).toEqual({
      id: 10,
      name: 'NOT STARTED',
      position: 1,
    });
  });

  it('adds a card with Enter and keeps the form open for the next one', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await user.click(await screen.findByRole('button', { name: 'Add another card to On hold' }));
    await user.type(screen.getByLabelText('Title of the new card in On hold'), 'Wait for samples{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/card/upsert'))?.body).toEqual({
        title: 'Wait for samples',
        ListId: 13,
      }),
    );
    // The form empties for the next card once the save answers.
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Title of the new card in On hold').value).toBe(''),
    );
  });

  it('refuses a reserved name for a new list before sending it', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await user.click(await screen.findByRole('button', { name: '+ Add another list' }));
    await user.type(screen.getByLabelText('Name of the new list'), 'completed{Enter}');
    expect(screen.getByText(MESSAGES.reservedListName)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/list/upsert'))).toBe(false);
    await user.clear(screen.getByLabelText('Name of the new list'));
    await user.type(screen.getByLabelText('Name of the new list'), 'Ideas{Enter}');
    expect(await screen.findByText(MESSAGES.listAdded)).toBeTruthy();
  });

  it('moves a card at once, and undoes the move with the toast when the server refuses', async () => {
    fakeBoardServer({
      override: ({ path }) =>
        path.endsWith('/card/move')
          ? { status: 409, body: { error: { code: 'conflict', message: MESSAGES.boardChanged } } }
          : undefined,
    });
    const { store } = renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    // Record where the card is in the cache after every change: first moved, then back.
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => {
      const data = boardApi.endpoints.getBoard.select(undefined)(store.getState()).data;
      const list = data?.lists.find((l) => l.Cards.some((c) => c.id === 101))?.name;
      if (list && seen.at(-1) !== list) seen.push(list);
    });
    await store.dispatch(
      boardApi.endpoints.moveCard.initiate({
        board: undefined,
        cardId: 101,
        sourceListId: 10,
        destListId: 12,
        positionOnSourceList: 1,
        positionOnDestList: 0,
      }),
    );
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Not started' })).queryByText('Set a goal')).toBeTruthy(),
    );
    unsubscribe();
    expect(seen).toEqual(['COMPLETED', 'NOT STARTED']);
    expect(screen.getByTestId('mtn-progress').textContent).toBe('33%');
  });

  it('moves a card with "Move to…" on its tile, by keyboard: the lists to choose from, its own not offered', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    const moveTo = screen.getByRole('button', { name: 'Move to… Set a goal' });
    moveTo.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Move “Set a goal”' });
    const here = within(dialog).getByRole('button', { name: /^Not started/ });
    expect(here.hasAttribute('disabled')).toBe(true);
    expect(here.textContent).toContain('Here now');
    expect(within(dialog).getAllByRole('button', { name: /cards?$/ })).toHaveLength(6);
    await user.click(within(dialog).getByRole('button', { name: /^Completed/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/card/move'))?.body).toMatchObject({
        cardId: 101,
        sourceListId: 10,
        destListId: 12,
        positionOnDestList: 1,
      }),
    );
    const completed = screen.getByRole('region', { name: 'Completed' });
    expect(
      within(completed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Join the group'), expect.stringContaining('Set a goal')]);
  });

  it("moves a card and says 'Card moved'", async () => {
    const { calls } = fakeBoardServer();
    const { store } = renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    await store.dispatch(
      boardApi.endpoints.reorderCard.initiate({
        board: undefined,
        ListId: 10,
        cardId: 100,
        startPosition: 0,
        endPosition: 1,
      }),
    );
    expect(await screen.findByText(MESSAGES.cardMoved)).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/card/reorder'))?.body).toEqual({
      ListId: 10,
      cardId: 100,
      startPosition: 0,
      endPosition: 1,
    });
    const titles = within(screen.getByRole('region', { name: 'Not started' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(titles[0]).toContain('Set a goal');
  });
});

describe('the welcome dialog', () => {
  /** The board's fake server, answering the welcome's "seen" with the user seen. */
  function serverSeeing(user: ReturnType<typeof premium>) {
    return fakeBoardServer({
      override: ({ method, path }) =>
        method === 'PUT' && path === '/api/auth/me/welcome-seen'
          ? { body: { currentUser: { ...user, welcomeSeenAt: '2026-11-28T12:00:00.000Z' } } }
          : undefined,
    });
  }

  it('opens once per account on the own board: closing it is recorded, a card dialog does not bring it back', async () => {
    const member = makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers', welcomeSeenAt: null });
    const { calls } = serverSeeing(member);
    const user = userEvent.setup();
    renderApp('/move-the-needle', member);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.mtnWelcomeTitle });
    expect(within(dialog).getByTitle('Move the Needle introduction video')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/me/welcome-seen')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    // A card opened and closed: the board shows without the welcome.
    await user.click(await screen.findByRole('button', { name: /^Set a goal/ }));
    const card = await screen.findByRole('dialog', { name: /Set a goal/ });
    await user.click(within(card).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Reachable again from the board.
    await user.click(screen.getByRole('button', { name: 'Welcome video' }));
    expect(await screen.findByRole('dialog', { name: MESSAGES.mtnWelcomeTitle })).toBeTruthy();
  });

  it('does not open for an account that has seen it, on the Master Template, or on a member’s board', async () => {
    fakeBoardServer();
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();

    fakeBoardServer({ board: fakeBoard({ userId: 1, ownerName: 'Ada Admin', ownerRole: 'admin', isTemplate: true }) });
    renderApp('/move-the-needle', makeUser({ role: 'admin', id: 1, fullName: 'Ada Admin', welcomeSeenAt: null }));
    expect(await screen.findByRole('heading', { name: 'Master Template' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Welcome video' })).toBeNull();
    cleanup();

    fakeBoardServer();
    renderApp('/move-the-needle/7', makeUser({ role: 'coach', id: 3, fullName: 'Cole Coach', welcomeSeenAt: null }));
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Welcome video' })).toBeNull();
  });
});
