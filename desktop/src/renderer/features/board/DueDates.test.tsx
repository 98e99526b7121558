// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { fakeBoard, fakeBoardServer } from '../../test/fake-board';
import { DueChip } from './DueChip';
import { fromLocalInput, toLocalInput } from './card/CardDueDate';

/** Due dates on the board (docs/areas/board.md, "Due dates"): the chip, the dialog's picker, the filter, the dashboard card. */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const premium = () => makeUser({ role: 'premium', id: 7, fullName: 'Dana Rivers' });
const HOUR = 3_600_000;
const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** The fake board with Pick a niche overdue (2 days), Set a goal due in 5 days and Join the group undated. */
function datedBoard() {
  const board = fakeBoard();
  board.lists[0]!.Cards[0]!.dueAt = fromNow(-50);
  // Noon five local days ahead: "due in 5 days" whatever the time of day the test runs at.
  const later = new Date();
  later.setDate(later.getDate() + 5);
  later.setHours(12, 0, 0, 0);
  board.lists[0]!.Cards[1]!.dueAt = later.toISOString();
  return board;
}

describe('DueChip', () => {
  const NOW = new Date('2026-06-10T12:00:00Z');
  const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

  it.each([
    [-50, 'overdue by 2 days', 'overdue', 'bg-red-100'],
    [-3, 'overdue by 3 hours', 'overdue', 'bg-red-100'],
    [24, 'due tomorrow', 'soon', 'bg-amber-100'],
    [3 * 24, 'due in 3 days', 'later', 'bg-gray-100'],
  ])('%s h from now reads "%s" in its tone', (hours, text, tone, colour) => {
    render(<DueChip dueAt={at(hours)} now={NOW} />);
    const chip = screen.getByTestId('due-chip');
    expect(chip.textContent).toBe(text);
    expect(chip.dataset.tone).toBe(tone);
    expect(chip.className).toContain(colour);
    expect(chip.title).toMatch(/^Due /);
  });
});

describe('the datetime-local value', () => {
  it('round-trips an instant through the local time the picker shows', () => {
    const iso = '2026-12-03T14:00:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
  });
});

describe('due dates on the board', () => {
  it('shows the chip on dated tiles only', async () => {
    fakeBoardServer({ board: datedBoard() });
    renderApp('/move-the-needle', premium());
    const notStarted = await screen.findByRole('region', { name: 'Not started' });
    const chips = within(notStarted).getAllByTestId('due-chip');
    expect(chips.map((c) => [c.textContent, c.dataset.tone])).toEqual([
      ['overdue by 2 days', 'overdue'],
      ['due in 5 days', 'later'],
    ]);
    const completed = screen.getByRole('region', { name: 'Completed' });
    expect(within(completed).queryByTestId('due-chip')).toBeNull();
  });

  it('filters the loaded board: due this week, overdue, and back to all cards', async () => {
    const { calls } = fakeBoardServer({ board: datedBoard() });
    renderApp('/move-the-needle', premium());
    await screen.findByRole('region', { name: 'Not started' });
    const tile = (title: string) => screen.getByText(title).closest('li')!;
    const filter = screen.getByLabelText<HTMLSelectElement>('Show');
    const reads = () => calls.filter((c) => c.path.endsWith('/list/read-many')).length;
    const before = reads();

    await userEvent.selectOptions(filter, 'Due this week');
    expect(tile('Set a goal').hidden).toBe(false);
    expect(tile('Pick a niche').hidden).toBe(true);
    expect(tile('Join the group').hidden).toBe(true);
    expect(screen.getByTestId('due-filter-count').textContent).toBe('1 card due this week');

    await userEvent.selectOptions(filter, 'Overdue');
    expect(tile('Pick a niche').hidden).toBe(false);
    expect(tile('Set a goal').hidden).toBe(true);
    expect(screen.getByTestId('due-filter-count').textContent).toBe('1 card overdue');

    await userEvent.selectOptions(filter, 'All cards');
    for (const t of ['Pick a niche', 'Set a goal', 'Join the group']) expect(tile(t).hidden).toBe(false);
    expect(screen.queryByTestId('due-filter-count')).toBeNull();
    // Client-side: no new board read.
    expect(reads()).toBe(before);
  });

  it('says so when nothing matches', async () => {
    fakeBoardServer();
    renderApp('/move-the-needle?due=overdue', premium());
    await screen.findByRole('region', { name: 'Not started' });
    expect(screen.getByTestId('due-filter-count').textContent).toBe('No overdue cards.');
    expect(screen.getByLabelText<HTMLSelectElement>('Show').value).toBe('overdue');
  });
});

describe("the card dialog's due date", () => {
  async function openCard(id: number) {
    renderApp(`/move-the-needle?card=${id}`, premium());
    // The dialog's chunk loads lazily: the first time takes a moment.
    const name = id === 100 ? 'Pick a niche' : 'Set a goal';
    return screen.findByRole('dialog', { name }, { timeout: 20_000 });
  }

  it('sets a due date from the picker (local time in, UTC out)', async () => {
    const { calls } = fakeBoardServer();
    const dialog = await openCard(101);
    const input = within(dialog).getByLabelText<HTMLInputElement>('Due date and time');
    expect(input.type).toBe('datetime-local');
    expect(input.value).toBe('');
    expect(within(dialog).queryByRole('button', { name: 'Clear' })).toBeNull();
    fireEvent.change(input, { target: { value: '2026-12-03T15:30' } });
    fireEvent.blur(input);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/card/upsert'))).toBe(true));
    const sent = calls.find((c) => c.path.endsWith('/card/upsert'))!.body as { id: number; dueAt: string };
    expect(sent).toEqual({ id: 101, dueAt: new Date(2026, 11, 3, 15, 30).toISOString() });
  });

  it('shows the saved due date with its chip, and Clear removes it', async () => {
    const due = fromNow(30);
    const { calls } = fakeBoardServer({ details: { 100: { dueAt: due } } });
    const dialog = await openCard(100);
    const input = within(dialog).getByLabelText<HTMLInputElement>('Due date and time');
    expect(input.value).toBe(toLocalInput(due));
    expect(within(dialog).getByTestId('due-chip').dataset.tone).toBe('soon');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/card/upsert'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/card/upsert'))!.body).toEqual({ id: 100, dueAt: null });
    expect(input.value).toBe('');
  });

  it('saves nothing when the value did not change', async () => {
    const due = '2026-12-03T14:00:00.000Z';
    const { calls } = fakeBoardServer({ details: { 100: { dueAt: due } } });
    const dialog = await openCard(100);
    const input = within(dialog).getByLabelText<HTMLInputElement>('Due date and time');
    fireEvent.blur(input);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.path.endsWith('/card/upsert'))).toBe(false);
  });
});

describe('the dashboard\'s "Due soon"', () => {
  it("lists the member's cards due soon with their chips and the overdue count", async () => {
    fakeBoardServer({
      dueSoon: {
        overdue: 1,
        cards: [
          { id: 100, title: 'Pick a niche', dueAt: fromNow(-50), ListId: 10, listName: 'NOT STARTED' },
          { id: 101, title: 'Set a goal', dueAt: fromNow(20), ListId: 10, listName: 'NOT STARTED' },
        ],
      },
    });
    renderApp('/', premium());
    const list = await screen.findByRole('list', { name: 'Cards due soon' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual(['Pick a niche', 'Set a goal']);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/move-the-needle?card=100');
    expect(items.map((i) => within(i).getByTestId('due-chip').dataset.tone)).toEqual(['overdue', 'soon']);
    expect(screen.getByText('1 overdue')).toBeTruthy();
  });

  it('says when nothing is due', async () => {
    fakeBoardServer();
    renderApp('/', premium());
    expect(await screen.findByText('Nothing is due in the next 7 days.')).toBeTruthy();
  });
});
