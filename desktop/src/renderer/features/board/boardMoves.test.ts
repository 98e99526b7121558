import { describe, expect, it } from 'vitest';
import type { BoardCard, BoardResponse } from '@shared/types/board';
import { cardPlace, moveCardInBoard, moveListInBoard, progressOf } from './boardMoves';

const card = (id: number, ListId: number, position: number): BoardCard => ({
  id,
  title: `Card ${id}`,
  ListId,
  position,
  coverPhotoUrl: null,
  dueAt: null,
  hasDescription: false,
  Labels: [],
  attachmentsCount: 0,
  checkListItemsCount: 0,
  checkListItemsCompleted: 0,
  activitiesCount: 0,
  reviewSince: null,
});

function board(): BoardResponse {
  const names = ['NOT STARTED', 'IN PROGRESS', 'COMPLETED', 'ON HOLD', 'FOR REVIEW'];
  let id = 1;
  return {
    board: { userId: 7, ownerName: 'Dana', ownerPhotoUrl: null, ownerRole: 'premium', isTemplate: false },
    labels: [],
    lists: names.map((name, i) => ({
      id: 10 + i,
      name,
      position: i,
      userId: 7,
      Cards: Array.from({ length: i === 0 ? 3 : i === 2 ? 1 : 0 }, (_, k) => card(id++, 10 + i, k)),
    })),
  };
}

const ids = (b: BoardResponse, i: number) => b.lists[i]!.Cards.map((c) => c.id);
const positions = (b: BoardResponse, i: number) => b.lists[i]!.Cards.map((c) => c.position);

describe('moveCardInBoard', () => {
  it('reorders within a list and renumbers positions', () => {
    const b = board();
    moveCardInBoard(b, 1, 10, 2);
    expect(ids(b, 0)).toEqual([2, 3, 1]);
    expect(positions(b, 0)).toEqual([0, 1, 2]);
  });

  it('moves across lists, sets the list and renumbers both lists', () => {
    const b = board();
    moveCardInBoard(b, 2, 12, 0);
    expect(ids(b, 0)).toEqual([1, 3]);
    expect(ids(b, 2)).toEqual([2, 4]);
    expect(b.lists[2]!.Cards[0]!.ListId).toBe(12);
    expect(positions(b, 0)).toEqual([0, 1]);
    expect(positions(b, 2)).toEqual([0, 1]);
  });

  it('starts the review wait of a card moved into FOR REVIEW, and ends it when the card leaves', () => {
    const b = board();
    const at = '2026-05-04T10:00:00.000Z';
    moveCardInBoard(b, 1, 14, 0, new Date(at));
    expect(b.lists[4]!.Cards[0]!.reviewSince).toBe(at);
    // Reordered within FOR REVIEW: still waiting since it entered.
    moveCardInBoard(b, 2, 14, 1, new Date('2026-05-05T00:00:00Z'));
    moveCardInBoard(b, 1, 14, 1, new Date('2026-05-06T00:00:00Z'));
    expect(b.lists[4]!.Cards.find((c) => c.id === 1)!.reviewSince).toBe(at);
    moveCardInBoard(b, 1, 11, 0);
    expect(b.lists[1]!.Cards[0]!.reviewSince).toBeNull();
  });

  it('clamps the destination index and ignores unknown cards or lists', () => {
    const b = board();
    moveCardInBoard(b, 1, 13, 99);
    expect(ids(b, 3)).toEqual([1]);
    const before = JSON.stringify(b);
    moveCardInBoard(b, 999, 10, 0);
    moveCardInBoard(b, 2, 999, 0);
    expect(JSON.stringify(b)).toBe(before);
  });
});

describe('moveListInBoard', () => {
  it('moves a list and renumbers list positions', () => {
    const b = board();
    moveListInBoard(b, 12, 0);
    expect(b.lists.map((l) => l.id)).toEqual([12, 10, 11, 13, 14]);
    expect(b.lists.map((l) => l.position)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('progressOf', () => {
  it('is the COMPLETED share of the cards in the four status lists', () => {
    const b = board(); // 3 not started, 1 completed
    expect(progressOf(b)).toBe(25);
    moveCardInBoard(b, 1, 12, 0);
    expect(progressOf(b)).toBe(50);
    moveCardInBoard(b, 2, 14, 0); // FOR REVIEW does not count
    expect(progressOf(b)).toBe(67);
  });
});

describe('cardPlace', () => {
  it("finds a card's list and index on the board, following the board's moves", () => {
    const b = board();
    expect(cardPlace(b, 2)).toEqual({ list: b.lists[0], position: 1 });
    moveCardInBoard(b, 2, 12, 0);
    expect(cardPlace(b, 2)).toEqual({ list: b.lists[2], position: 0 });
    expect(cardPlace(b, 4)).toEqual({ list: b.lists[2], position: 1 });
    expect(cardPlace(b, 99)).toBeUndefined();
  });
});
