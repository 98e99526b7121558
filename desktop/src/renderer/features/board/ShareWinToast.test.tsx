// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeBoardServer } from '../../test/fake-board';
import { FALLBACK_SETTINGS } from '../settings/usePortalSettings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });

/** Moves "Set a goal" with its tile's "Move to…" into `list`; returns the toast region. */
async function moveSetAGoalTo(list: RegExp, communityMode: 'portal' | 'external') {
  fakeBoardServer({
    override: ({ path }) =>
      path === '/api/settings' ? { body: { settings: { ...FALLBACK_SETTINGS, communityMode } } } : undefined,
  });
  const user = userEvent.setup();
  renderApp('/move-the-needle', premium());
  await screen.findByRole('heading', { name: "Dana Rivers's Board" });
  await user.click(screen.getByRole('button', { name: 'Move to… Set a goal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move “Set a goal”' });
  await user.click(within(dialog).getByRole('button', { name: list }));
  const toasts = screen.getByRole('status', { name: 'Notifications' });
  await waitFor(() => expect(within(toasts).getByText(MESSAGES.cardMoved)).toBeTruthy());
  return toasts;
}

describe('"Share as a win" after a move into COMPLETED', () => {
  it('the "Card moved" toast links to the composer in Wins with the card\'s title only', async () => {
    const toasts = await moveSetAGoalTo(/^Completed/, 'portal');
    const link = within(toasts).getByRole('link', { name: 'Share as a win' });
    expect(link.getAttribute('href')).toBe('/community?share=win&title=Set%20a%20goal');
  });

  it('offers nothing for a move into another list', async () => {
    const toasts = await moveSetAGoalTo(/^In progress/, 'portal');
    expect(within(toasts).queryByRole('link', { name: 'Share as a win' })).toBeNull();
  });

  it('offers nothing while the community is the external group', async () => {
    const toasts = await moveSetAGoalTo(/^Completed/, 'external');
    expect(within(toasts).queryByRole('link', { name: 'Share as a win' })).toBeNull();
  });
});

describe('"Share as a win" in the dialog of a completed card', () => {
  const settingsWith = (communityMode: 'portal' | 'external') => ({
    override: ({ path }: { path: string }) =>
      path === '/api/settings' ? { body: { settings: { ...FALLBACK_SETTINGS, communityMode } } } : undefined,
  });

  it("is offered on one's own board with the community in the portal, for the card's title only", async () => {
    const { board } = fakeBoardServer(settingsWith('portal'));
    const completed = board.lists.find((l) => l.name === 'COMPLETED')!.Cards[0]!;
    renderApp(`/move-the-needle?card=${completed.id}`, premium());
    const dialog = await screen.findByRole('dialog', { name: completed.title }, { timeout: 20_000 });
    const link = await within(dialog).findByRole('link', { name: 'Share as a win' });
    expect(link.getAttribute('href')).toBe(`/community?share=win&title=${encodeURIComponent(completed.title)}`);
  });

  it('is not offered on a card of another list', async () => {
    const { board } = fakeBoardServer(settingsWith('portal'));
    const open = board.lists.find((l) => l.name === 'NOT STARTED')!.Cards[0]!;
    renderApp(`/move-the-needle?card=${open.id}`, premium());
    const dialog = await screen.findByRole('dialog', { name: open.title }, { timeout: 20_000 });
    await within(dialog).findByRole('button', { name: 'Labels' });
    expect(within(dialog).queryByRole('link', { name: 'Share as a win' })).toBeNull();
  });
});
