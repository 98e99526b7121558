// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/messages';
import type { CardHistoryEntry } from '@shared/types/board';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { fakeBoardServer } from '../../../test/fake-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });
const coach = () => makeUser({ role: 'coach', id: 3, fullName: 'Cole Coach' });
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

const HISTORY: CardHistoryEntry[] = [
  {
    id: 3,
    kind: 'moved',
    text: 'moved this card from IN PROGRESS to FOR REVIEW',
    createdAt: ago(2 * 3600 + 60),
    actor: { id: 7, fullName: 'Dana Rivers' },
  },
  {
    id: 2,
    kind: 'renamed',
    text: 'renamed this card from “Niche” to “Pick a niche”',
    createdAt: ago(3 * 86_400),
    actor: null,
  },
  {
    id: 1,
    kind: 'created',
    text: 'created this card in NOT STARTED',
    createdAt: '2020-01-02T10:00:00Z',
    actor: { id: 7, fullName: 'Dana Rivers' },
  },
];

const COMMENT = {
  id: 9,
  comment: 'Looks good, send it on',
  CardId: 100,
  User: { id: 3, fullName: 'Cole Coach', photoUrl: null },
  TaggedUsers: [],
  createdAt: ago(60 * 30),
};

async function activityOf(path = '/move-the-needle?card=100', user = premium()) {
  renderApp(path, user);
  const dialog = await screen.findByRole('dialog', { name: 'Pick a niche' }, { timeout: 20_000 });
  return within(dialog);
}

describe('the card dialog’s Activity: comments and history together', () => {
  it('lists comments and history entries newest first, history in words with who and when', async () => {
    const { calls } = fakeBoardServer({ details: { 100: { Activities: [COMMENT] } }, history: { 100: HISTORY } });
    const dialog = await activityOf();
    const list = await dialog.findByRole('list', { name: 'Comments and history' });
    await within(list).findByText(/moved this card/);
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringContaining('Looks good, send it on') as string,
      'Dana Rivers moved this card from IN PROGRESS to FOR REVIEW · 2 hours ago',
      `${MESSAGES.historyFormerMember} renamed this card from “Niche” to “Pick a niche” · 3 days ago`,
      `Dana Rivers created this card in NOT STARTED · ${new Date('2020-01-02T10:00:00Z').toLocaleDateString()}`,
    ]);
    // The exact time is on the entry's <time>, for a pointer and for assistive technology.
    const time = rows[1]!.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe(HISTORY[0]!.createdAt);
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/move-the-needle/card/100/history')).toBe(true);
    expect(dialog.queryByText(MESSAGES.historyNone)).toBeNull();
  });

  it('shows the comments while the history loads, then the entries', async () => {
    fakeBoardServer({ details: { 100: { Activities: [COMMENT] } }, history: { 100: HISTORY } });
    const inner = globalThis.fetch;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/history')) await held;
      return inner(input, init);
    });
    const dialog = await activityOf();
    expect((await dialog.findByRole('status')).textContent).toBe(MESSAGES.historyLoading);
    expect(dialog.getByText('Looks good, send it on')).toBeTruthy();
    expect(dialog.queryByText(MESSAGES.historyNone)).toBeNull();
    release();
    await dialog.findByText(/moved this card from IN PROGRESS to FOR REVIEW/);
    expect(dialog.queryByText(MESSAGES.historyLoading)).toBeNull();
  });

  it('says so when the history cannot be read, keeps the comments, and tries again on request', async () => {
    let fail = true;
    fakeBoardServer({
      details: { 100: { Activities: [COMMENT] } },
      override: ({ path }) =>
        path.endsWith('/card/100/history')
          ? fail
            ? { status: 500, body: { error: { code: 'internal_error', message: 'Internal server error' } } }
            : { body: { entries: HISTORY } }
          : undefined,
    });
    const dialog = await activityOf();
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.historyFailed);
    expect(dialog.getByText('Looks good, send it on')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: MESSAGES.historyRetry }));
    await dialog.findByText(/moved this card from IN PROGRESS to FOR REVIEW/);
    await waitFor(() => expect(dialog.queryByRole('alert')).toBeNull());
  });

  it('says when there is nothing yet', async () => {
    fakeBoardServer();
    const dialog = await activityOf();
    expect(await dialog.findByText(MESSAGES.historyNone)).toBeTruthy();
    expect(within(dialog.getByRole('list', { name: 'Comments and history' })).queryAllByRole('listitem')).toHaveLength(
      0,
    );
  });

  it('a coach opening a member’s card sees the same history', async () => {
    const { calls } = fakeBoardServer({ history: { 100: HISTORY } });
    const dialog = await activityOf('/move-the-needle/7?card=100', coach());
    await dialog.findByText(/moved this card from IN PROGRESS to FOR REVIEW/);
    expect(dialog.getAllByRole('listitem', { hidden: false }).length).toBeGreaterThanOrEqual(3);
    expect(calls.some((c) => c.path === '/api/move-the-needle/card/100/history')).toBe(true);
  });
});
