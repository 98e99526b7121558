// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckList } from '@shared/types/board';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { fakeBoardServer, fakeBoard, fakeDetail } from '../../../test/fake-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const CARD = '/api/move-the-needle/card/100';

describe('ticking checklist items', () => {
  it('keeps a quick second tick when a read that raced it answers with the item unticked; a later read is the truth', async () => {
    // The server's copy of the two items; every read of the card says which read it was.
    const done = new Map([
      [6, false],
      [7, false],
    ]);
    const board = fakeBoard();
    const base = board.lists.flatMap((l) => l.Cards).find((c) => c.id === 100)!;
    let reads = 0;
    // Reads 2 and 3 are held until the test lets them answer.
    let releaseRead2: () => void = () => undefined;
    const read2 = new Promise<void>((resolve) => (releaseRead2 = resolve));
    let releaseRead3: () => void = () => undefined;
    const read3 = new Promise<void>((resolve) => (releaseRead3 = resolve));
    const answer = () => {
      reads += 1;
      // What the server read when the request arrived (not when it answers).
      const checklist: CheckList = {
        id: 5,
        title: 'Steps',
        CardId: 100,
        CheckListItems: [
          { id: 6, title: 'Email supplier A', completed: done.get(6)!, CheckListId: 5 },
          { id: 7, title: 'Email supplier B', completed: done.get(7)!, CheckListId: 5 },
        ],
      };
      return {
        body: { card: fakeDetail(base, board, { description: `read ${reads}`, CheckLists: [checklist] }) },
        wait: reads === 2 ? read2 : reads === 3 ? read3 : undefined,
      };
    };
    const { calls } = fakeBoardServer({
      board,
      override: (req) => {
        if (req.method === 'GET' && req.path === CARD) return answer();
        if (req.path.endsWith('/checkListItem/upsert')) {
          const body = req.body as { id: number; completed: boolean };
          done.set(body.id, body.completed);
          return {
            body: {
              checkListItem: { id: body.id, title: '', completed: body.completed, CheckListId: 5 },
              isNew: false,
            },
          };
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderApp('/move-the-needle?card=100', makeUser({ role: 'premium', id: 7 }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick a niche' }, { timeout: 20_000 });
    await within(dialog).findByText('read 1');
    const a = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Email supplier A' });
    const b = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Email supplier B' });

    // A's tick is written; the refetch it causes reads the card (B still unticked) and is held.
    await user.click(a);
    await waitFor(() => expect(reads).toBe(2));
    // B is ticked and written while that read is in flight.
    await user.click(b);
    await waitFor(() => expect(done.get(7)).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/checkListItem/upsert')).length).toBe(2));
    expect(b.checked).toBe(true);

    // The raced read answers with B unticked: B stays ticked, and the progress with it.
    releaseRead2();
    await within(dialog).findByText('read 2');
    expect(b.checked).toBe(true);
    expect(a.checked).toBe(true);
    expect(
      within(dialog).getByRole('progressbar', { name: 'Steps: Checklist completed' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    // The read after B's write agrees.
    releaseRead3();
    await within(dialog).findByText('read 3');
    expect(b.checked).toBe(true);

    // Someone else unticks B on the server; the next read (after A is unticked here) is the truth.
    done.set(7, false);
    await user.click(a);
    await within(dialog).findByText('read 4');
    expect(a.checked).toBe(false);
    expect(b.checked).toBe(false);
  });

  it('undoes a tick the server refuses', async () => {
    let refuse: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    fakeBoardServer({
      details: {
        100: {
          CheckLists: [
            {
              id: 5,
              title: 'Steps',
              CardId: 100,
              CheckListItems: [{ id: 6, title: 'Email supplier A', completed: false, CheckListId: 5 }],
            },
          ],
        },
      },
      override: (req) =>
        req.path.endsWith('/checkListItem/upsert')
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } }, wait: refused }
          : undefined,
    });
    const user = userEvent.setup();
    renderApp('/move-the-needle?card=100', makeUser({ role: 'premium', id: 7 }));
    const dialog = await screen.findByRole('dialog', { name: 'Pick a niche' }, { timeout: 20_000 });
    const a = await within(dialog).findByRole<HTMLInputElement>('checkbox', { name: 'Email supplier A' });
    await user.click(a);
    // Shown at once, while the request is on its way.
    expect(a.checked).toBe(true);
    refuse();
    await waitFor(() => expect(a.checked).toBe(false));
    expect(
      within(dialog).getByRole('progressbar', { name: 'Steps: Checklist in progress' }).getAttribute('aria-valuenow'),
    ).toBe('0');
  });
});
