import { describe, expect, it } from 'vitest';
import type { BoardChange } from '@shared/types/live';
import { applyBoardChange } from './liveBoard';
import { fakeBoard, fakeCard } from '../../test/fake-board';

const patch = (over: Partial<Extract<BoardChange, { kind: 'patch' }>>): BoardChange => ({
  kind: 'patch',
  cards: [],
  removedCardIds: [],
  lists: [],
  removedListIds: [],
  ...over,
});
const idsOf = (board: ReturnType<typeof fakeBoard>, listId: number) =>
  board.lists.find((l) => l.id === listId)!.Cards.map((c) => [c.id, c.position]);

describe('applyBoardChange: a live board event on the cached board', () => {
  it('moves a card to its new list and position and renumbers both lists', () => {
    const board = fakeBoard();
    expect(applyBoardChange(board, patch({ cards: [fakeCard(100, 12, 1, 'Pick a niche')] }))).toBe('applied');
    expect(idsOf(board, 10)).toEqual([[101, 0]]);
    expect(idsOf(board, 12)).toEqual([
      [102, 0],
      [100, 1],
    ]);
  });

  it('replaces an edited card in place (applying the same event twice changes nothing)', () => {
    const board = fakeBoard();
    const edited = { ...fakeCard(101, 10, 1, 'Renamed'), activitiesCount: 2 };
    applyBoardChange(board, patch({ cards: [edited] }));
    applyBoardChange(board, patch({ cards: [edited] }));
    expect(board.lists[0]!.Cards[1]).toEqual(edited);
    expect(idsOf(board, 10)).toEqual([
      [100, 0],
      [101, 1],
    ]);
  });

  it('removes an archived card and a deleted list, adds and renames lists at their positions', () => {
    const board = fakeBoard();
    applyBoardChange(board, patch({ removedCardIds: [100] }));
    expect(idsOf(board, 10)).toEqual([[101, 0]]);
    applyBoardChange(
      board,
      patch({ removedListIds: [11], lists: [{ id: 99, name: 'Ideas', position: 0, userId: 7 }] }),
    );
    expect(board.lists.map((l) => [l.id, l.position])).toEqual([
      [99, 0],
      [10, 1],
      [12, 2],
      [13, 3],
      [14, 4],
      [15, 5],
      [16, 6],
    ]);
    expect(board.lists[0]!.Cards).toEqual([]);
    applyBoardChange(board, patch({ lists: [{ id: 10, name: 'NOT STARTED', position: 6, userId: 7 }] }));
    expect(board.lists.at(-1)!.id).toBe(10);
    expect(board.lists.at(-1)!.Cards.map((c) => c.id)).toEqual([101]);
  });

  it('asks for a new read on a reset, or a card in a list this copy does not have', () => {
    expect(applyBoardChange(fakeBoard(), { kind: 'reset' })).toBe('refetch');
    expect(applyBoardChange(fakeBoard(), patch({ cards: [fakeCard(100, 999, 0)] }))).toBe('refetch');
  });
});
