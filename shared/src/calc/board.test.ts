import { describe, expect, it } from 'vitest';
import { checklistProgress, checklistProgressLabel, statusShares } from './board';
import { boardProgress } from './progress';

const items = (done: number, total: number) => Array.from({ length: total }, (_, i) => ({ completed: i < done }));

describe('checklistProgress', () => {
  it('is the completed share of the items as a whole percent', () => {
    expect(checklistProgress(items(1, 3))).toBe(33);
    expect(checklistProgress(items(2, 3))).toBe(67);
    expect(checklistProgress(items(5, 5))).toBe(100);
  });
  it('is 0 with no items and never 100 before every item is done', () => {
    expect(checklistProgress([])).toBe(0);
    expect(checklistProgress(items(199, 200))).toBe(99);
  });
  it("labels 100 'Checklist completed' and anything less 'Checklist in progress'", () => {
    expect(checklistProgressLabel(100)).toBe('Checklist completed');
    expect(checklistProgressLabel(99)).toBe('Checklist in progress');
    expect(checklistProgressLabel(0)).toBe('Checklist in progress');
  });
});

describe('statusShares', () => {
  it('gives each status its share of the cards in the four status lists', () => {
    expect(statusShares({ 'NOT STARTED': 2, 'IN PROGRESS': 1, 'ON HOLD': 1, COMPLETED: 4 })).toEqual({
      'NOT STARTED': 25,
      'IN PROGRESS': 13,
      'ON HOLD': 13,
      COMPLETED: 50,
    });
  });
  it('is all 0 with no cards', () => {
    expect(statusShares({})).toEqual({ 'NOT STARTED': 0, 'IN PROGRESS': 0, 'ON HOLD': 0, COMPLETED: 0 });
  });
  it('ignores negative and non-finite counts', () => {
    expect(statusShares({ COMPLETED: 2, 'ON HOLD': -5, 'IN PROGRESS': Number.NaN })).toMatchObject({ COMPLETED: 100 });
  });
  it('agrees with boardProgress on the completed share', () => {
    const counts = { 'NOT STARTED': 3, 'IN PROGRESS': 2, 'ON HOLD': 1, COMPLETED: 6 };
    expect(statusShares(counts).COMPLETED).toBe(boardProgress(counts));
  });
});
