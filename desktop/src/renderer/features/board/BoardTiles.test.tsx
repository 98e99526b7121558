// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeBoard, fakeBoardServer, fakeCard } from '../../test/fake-board';
import { checklistWords, reviewWait } from './tileFacts';

/**
 * The board's tiles and lists (docs/areas/board.md, "Tiles" and "Lists on the screen"): the owner's
 * avatar on others' views, the checklist ring, the "In review" chip, list names in sentence case,
 * the scroll hints of a wide board and the phone's list pager.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });
const coach = () => makeUser({ role: 'coach', id: 3, fullName: 'Cole Coach' });
const HOUR = 3_600_000;
/** A tile's button (its accessible name starts with its labels, then the title). */
const tileButton = (title: string) => screen.getByText(title).closest('button')!;

/** The fake board with two cards waiting in FOR REVIEW (list 14) since the given times. */
function boardWithReview(sinces: string[]) {
  const board = fakeBoard();
  const review = board.lists.find((l) => l.name === 'FOR REVIEW')!;
  review.Cards = sinces.map((since, i) => ({
    ...fakeCard(200 + i, review.id, i, `Waiting ${i}`),
    reviewSince: since,
  }));
  return board;
}

describe('tile facts', () => {
  it('words the review wait in whole minutes, hours and days', () => {
    const now = Date.parse('2026-06-10T12:00:00Z');
    expect(reviewWait('2026-06-10T11:59:30Z', now)).toEqual({
      short: 'In review now',
      spoken: 'In review since just now',
    });
    expect(reviewWait('2026-06-10T11:55:00Z', now).short).toBe('In review 5 min');
    expect(reviewWait('2026-06-10T11:01:00Z', now).short).toBe('In review 59 min');
    expect(reviewWait('2026-06-10T09:00:00Z', now)).toEqual({
      short: 'In review 3 h',
      spoken: 'In review for 3 hours',
    });
    expect(reviewWait('2026-06-09T12:00:01Z', now).short).toBe('In review 23 h');
    expect(reviewWait('2026-06-08T11:00:00Z', now)).toEqual({ short: 'In review 2 d', spoken: 'In review for 2 days' });
    expect(reviewWait('2026-06-09T12:00:00Z', now).spoken).toBe('In review for 1 day');
    // A clock a little behind the server's: never a negative wait.
    expect(reviewWait('2026-06-10T12:00:20Z', now).short).toBe('In review now');
    expect(checklistWords(3, 5)).toBe('3 of 5 checklist items done');
    expect(checklistWords(0, 1)).toBe('0 of 1 checklist item done');
  });
});

describe('the owner on the tiles', () => {
  it("shows a coach the member's initials on every tile, the name as text and tooltip", async () => {
    fakeBoardServer();
    renderApp('/move-the-needle/7', coach());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    const owners = screen.getAllByTestId('tile-owner');
    expect(owners).toHaveLength(3);
    for (const owner of owners) {
      expect(owner.getAttribute('title')).toBe('Dana Rivers');
      expect(owner.textContent).toBe('DROwner: Dana Rivers');
    }
    const tile = tileButton('Pick a niche');
    expect(tile.textContent).toContain('Owner: Dana Rivers');
  });

  it("shows the owner's photo when they have one", async () => {
    fakeBoardServer({ board: fakeBoard({ ownerPhotoUrl: '/uploads/dana.png' }) });
    renderApp('/move-the-needle/7', makeUser({ role: 'admin', id: 1 }));
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    const owner = screen.getAllByTestId('tile-owner')[0]!;
    expect(owner.querySelector('img')?.getAttribute('src')).toContain('/uploads/dana.png');
    expect(within(owner).getByText('Owner: Dana Rivers')).toBeTruthy();
  });

  it("shows no avatar on the member's own board, nor on the Master Template", async () => {
    fakeBoardServer();
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(screen.queryAllByTestId('tile-owner')).toHaveLength(0);
    cleanup();
    fakeBoardServer({ board: fakeBoard({ userId: 9, ownerName: 'Ada Admin', ownerRole: 'admin', isTemplate: true }) });
    renderApp('/move-the-needle', makeUser({ role: 'admin', id: 1 }));
    await screen.findByRole('heading', { name: 'Master Template' });
    expect(screen.queryAllByTestId('tile-owner')).toHaveLength(0);
  });
});

describe('the checklist ring', () => {
  it('shows the share of items done as a ring, read out as "1 of 3"; none on a card without items', async () => {
    const board = fakeBoard();
    board.lists[2]!.Cards[0] = { ...board.lists[2]!.Cards[0]!, checkListItemsCount: 2, checkListItemsCompleted: 2 };
    fakeBoardServer({ board });
    renderApp('/move-the-needle', premium());
    const notStarted = await screen.findByRole('region', { name: 'Not started' });
    const rings = within(notStarted).getAllByTestId('checklist-ring');
    expect(rings).toHaveLength(1);
    const ring = rings[0]!;
    expect(ring.getAttribute('title')).toBe('1 of 3 checklist items done');
    expect(within(ring).getByText('1 of 3 checklist items done').className).toContain('sr-only');
    const arc = ring.querySelector('circle[data-share]')!;
    expect(Number(arc.getAttribute('data-share'))).toBeCloseTo(1 / 3);
    const length = 2 * Math.PI * 6;
    expect(arc.getAttribute('stroke-dasharray')).toBe(`${length / 3} ${length}`);
    expect(tileButton('Pick a niche').textContent).toContain('1 of 3 checklist items done');
    // Done: the whole ring, in green.
    const done = within(screen.getByRole('region', { name: 'Completed' })).getByTestId('checklist-ring');
    expect(done.getAttribute('title')).toBe('2 of 2 checklist items done');
    expect(done.querySelector('circle[data-share]')!.getAttribute('class')).toContain('stroke-green-600');
    // "Set a goal" has no checklist items: no ring.
    const plain = tileButton('Set a goal');
    expect(within(plain).queryByTestId('checklist-ring')).toBeNull();
  });
});

describe('the "In review" chip', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2026-06-10T12:00:00Z') });
  });

  it('shows how long each FOR REVIEW card has waited, and nothing on the cards of other lists', async () => {
    fakeBoardServer({ board: boardWithReview(['2026-06-08T11:00:00.000Z', '2026-06-10T09:00:00.000Z']) });
    renderApp('/move-the-needle/7', coach());
    const review = await screen.findByRole('region', { name: 'For review' });
    const chips = within(review).getAllByTestId('review-chip');
    expect(chips.map((c) => c.textContent)).toEqual([
      'In review 2 dIn review for 2 days',
      'In review 3 hIn review for 3 hours',
    ]);
    expect(chips[0]!.getAttribute('title')).toMatch(/^Waiting for review since /);
    expect(tileButton('Waiting 0').textContent).toContain('In review for 2 days');
    expect(within(screen.getByRole('region', { name: 'Not started' })).queryByTestId('review-chip')).toBeNull();
    // An hour later the chips count on by themselves.
    vi.advanceTimersByTime(HOUR);
    await waitFor(() =>
      expect(within(review).getAllByTestId('review-chip')[1]!.textContent).toContain('In review 4 h'),
    );
  });

  it('starts at once for a card moved into FOR REVIEW with "Move to…", and leaves with the card', async () => {
    const { calls } = fakeBoardServer();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    await user.click(screen.getByRole('button', { name: 'Move to… Set a goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Set a goal”' });
    await user.click(within(dialog).getByRole('button', { name: /^For review/ }));
    const review = screen.getByRole('region', { name: 'For review' });
    await waitFor(() => expect(within(review).getByTestId('review-chip').textContent).toContain('In review now'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/card/move'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Move to… Set a goal' }));
    const again = await screen.findByRole('dialog', { name: 'Move “Set a goal”' });
    await user.click(within(again).getByRole('button', { name: /^In progress/ }));
    const inProgress = screen.getByRole('region', { name: 'In progress' });
    await within(inProgress).findByText('Set a goal');
    expect(within(inProgress).queryByTestId('review-chip')).toBeNull();
    expect(within(review).queryByTestId('review-chip')).toBeNull();
  });
});

describe('list names', () => {
  it('shows the reserved lists in sentence case and a list of the member’s own as written', async () => {
    const board = fakeBoard();
    board.lists.push({ id: 30, name: 'IDEAS for Q3', position: 7, userId: 7, Cards: [] });
    const { calls } = fakeBoardServer({ board });
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Not started',
      'In progress',
      'Completed',
      'On hold',
      'For review',
      'Future actions',
      'Personal notes',
      'IDEAS for Q3',
    ]);
    expect(screen.getByRole('button', { name: 'Actions of list For review' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add another card to Personal notes' })).toBeTruthy();
    // "Move to…" names them so too; the move still names the stored list by its id.
    await user.click(screen.getByRole('button', { name: 'Move to… Pick a niche' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Pick a niche”' });
    expect(
      within(dialog)
        .getByRole('button', { name: /^Not started/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: /^On hold/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/card/move'))?.body).toMatchObject({ destListId: 13 }),
    );
  });
});

/** jsdom lays nothing out: the board's strip reports the sizes a 1280 px screen would. */
function fakeStrip(sizes: { clientWidth: number; scrollWidth: number }) {
  const scrolled = { left: 0 };
  const board = (el: Element) => (el as HTMLElement).dataset?.testid === 'mtn-board';
  const client = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
  const scroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth')!;
  const left = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollLeft')!;
  Object.defineProperty(Element.prototype, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return board(this) ? sizes.clientWidth : client.get!.call(this);
    },
  });
  Object.defineProperty(Element.prototype, 'scrollWidth', {
    configurable: true,
    get(this: Element) {
      return board(this) ? sizes.scrollWidth : scroll.get!.call(this);
    },
  });
  Object.defineProperty(Element.prototype, 'scrollLeft', {
    configurable: true,
    get(this: Element) {
      return board(this) ? scrolled.left : left.get!.call(this);
    },
    set(this: Element, v: number) {
      if (board(this)) scrolled.left = v;
      else left.set!.call(this, v);
    },
  });
  const scrollBy = vi.fn(function (this: HTMLElement, opts: ScrollToOptions) {
    scrolled.left = Math.max(0, Math.min(sizes.scrollWidth - sizes.clientWidth, scrolled.left + (opts.left ?? 0)));
    this.dispatchEvent(new Event('scroll'));
  });
  const hadScrollBy = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollBy');
  Object.defineProperty(Element.prototype, 'scrollBy', { configurable: true, value: scrollBy });
  const restore = () => {
    Object.defineProperty(Element.prototype, 'clientWidth', client);
    Object.defineProperty(Element.prototype, 'scrollWidth', scroll);
    Object.defineProperty(Element.prototype, 'scrollLeft', left);
    if (hadScrollBy) Object.defineProperty(Element.prototype, 'scrollBy', hadScrollBy);
    else delete (Element.prototype as { scrollBy?: unknown }).scrollBy;
  };
  return { scrollBy, scrolled, restore };
}

describe('a board wider than the screen', () => {
  it('shows fades and scroll buttons on the sides that have more lists, usable by keyboard', async () => {
    const strip = fakeStrip({ clientWidth: 960, scrollWidth: 2100 });
    try {
      fakeBoardServer();
      const user = userEvent.setup();
      renderApp('/move-the-needle', premium());
      await screen.findByRole('heading', { name: "Dana Rivers's Board" });
      const right = await screen.findByRole('button', { name: 'Scroll to the lists on the right' });
      const left = screen.getByRole('button', { name: 'Scroll to the lists on the left' });
      expect(right.getAttribute('aria-disabled')).toBeNull();
      expect(left.getAttribute('aria-disabled')).toBe('true');
      right.focus();
      await user.keyboard('{Enter}');
      expect(strip.scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 960 - 96 }));
      await waitFor(() => expect(left.getAttribute('aria-disabled')).toBeNull());
      // To the end: the right button stays focused, now inert, and pressing it does nothing.
      await user.keyboard('{Enter}');
      await waitFor(() => expect(right.getAttribute('aria-disabled')).toBe('true'));
      expect(document.activeElement).toBe(right);
      expect(strip.scrolled.left).toBe(2100 - 960);
      await user.keyboard('{Enter}');
      expect(strip.scrollBy).toHaveBeenCalledTimes(2);
      await user.click(left);
      expect(strip.scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -(960 - 96) }));
    } finally {
      strip.restore();
    }
  });

  it('shows no scroll buttons when every list fits', async () => {
    const strip = fakeStrip({ clientWidth: 2400, scrollWidth: 2400 });
    try {
      fakeBoardServer();
      renderApp('/move-the-needle', premium());
      await screen.findByRole('heading', { name: "Dana Rivers's Board" });
      expect(screen.queryByRole('button', { name: /^Scroll to the lists/ })).toBeNull();
    } finally {
      strip.restore();
    }
  });

  it('tells where the strip is after the user scrolls it', async () => {
    const strip = fakeStrip({ clientWidth: 960, scrollWidth: 2100 });
    try {
      fakeBoardServer();
      renderApp('/move-the-needle', premium());
      await screen.findByRole('heading', { name: "Dana Rivers's Board" });
      const left = await screen.findByRole('button', { name: 'Scroll to the lists on the left' });
      strip.scrolled.left = 300;
      fireEvent.scroll(screen.getByTestId('mtn-board'));
      await waitFor(() => expect(left.getAttribute('aria-disabled')).toBeNull());
    } finally {
      strip.restore();
    }
  });
});

describe('the list pager (phones)', () => {
  it('shows one list at a time with its name and "1 of 7", and moves by Previous and Next', async () => {
    fakeBoardServer();
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    const pager = screen.getByRole('navigation', { name: 'Lists' });
    const shown = () =>
      screen
        .getAllByRole('region')
        .filter((r) => r.classList.contains('mtn-list') && !r.className.includes('max-sm:hidden'))
        .map(
          (r) =>
            r.getAttribute('aria-labelledby') &&
            document.getElementById(r.getAttribute('aria-labelledby')!)!.textContent,
        );
    expect(pager.textContent).toContain('Not started');
    expect(pager.textContent).toContain('1 of 7');
    expect(shown()).toEqual(['Not started']);
    const previous = within(pager).getByRole('button', { name: 'Previous' });
    const next = within(pager).getByRole('button', { name: 'Next' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await user.click(next);
    expect(pager.textContent).toContain('In progress');
    expect(pager.textContent).toContain('2 of 7');
    expect(shown()).toEqual(['In progress']);
    // By keyboard to the last list: Next stays focused, inert at the end.
    next.focus();
    for (let i = 0; i < 6; i++) await user.keyboard('{Enter}');
    expect(pager.textContent).toContain('Personal notes');
    expect(pager.textContent).toContain('7 of 7');
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(next);
    expect(shown()).toEqual(['Personal notes']);
    // "Add another list" comes after the last list only.
    expect(screen.getByRole('button', { name: '+ Add another list' }).parentElement!.className).not.toContain(
      'max-sm:hidden',
    );
    await user.click(previous);
    expect(pager.textContent).toContain('6 of 7');
    expect(screen.getByRole('button', { name: '+ Add another list' }).parentElement!.className).toContain(
      'max-sm:hidden',
    );
    // Every list stays in the page (hidden by CSS on phones): Move to and the live board still find them.
    expect(screen.getAllByRole('region').filter((r) => r.classList.contains('mtn-list'))).toHaveLength(7);
  });

  it('follows a card "Move to…" moved to its list, and gives its tile\'s button the focus there', async () => {
    fakeBoardServer();
    const user = userEvent.setup();
    renderApp('/move-the-needle', premium());
    await screen.findByRole('heading', { name: "Dana Rivers's Board" });
    const pager = screen.getByRole('navigation', { name: 'Lists' });
    expect(pager.textContent).toContain('1 of 7');
    await user.click(screen.getByRole('button', { name: 'Move to… Set a goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Set a goal”' });
    await user.click(within(dialog).getByRole('button', { name: /^Completed/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pager.textContent).toContain('Completed');
    const moved = screen.getByRole('button', { name: 'Move to… Set a goal' });
    expect(screen.getByRole('region', { name: 'Completed' }).contains(moved)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(moved));
  });
});
