import { describe, expect, it } from 'vitest';
import { boardProgress, percent } from './progress';

describe('percent', () => {
  it('rounds to a whole percent', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 8)).toBe(13);
    expect(percent(3, 4)).toBe(75);
  });
  it('is 0 when the whole is 0 (no NaN)', () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(5, 0)).toBe(0);
    expect(percent(1, Number.NaN)).toBe(0);
  });
  it('is 100 only when everything is done', () => {
    expect(percent(4, 4)).toBe(100);
    expect(percent(199, 200)).toBe(99);
    expect(percent(1999, 2000)).toBe(99);
  });
  it('is not capped above 100', () => {
    expect(percent(3, 2)).toBe(150);
  });
});

describe('boardProgress', () => {
  it('is the share of cards in the four progress lists that are COMPLETED', () => {
    expect(boardProgress({ 'NOT STARTED': 2, 'IN PROGRESS': 3, COMPLETED: 4, 'ON HOLD': 1 })).toBe(40);
  });
  it('ignores FOR REVIEW, FUTURE ACTIONS, PERSONAL NOTES and custom lists', () => {
    expect(
      boardProgress({
        COMPLETED: 1,
        'NOT STARTED': 1,
        'FOR REVIEW': 10,
        'FUTURE ACTIONS': 5,
        'PERSONAL NOTES': 3,
        Ideas: 7,
      }),
    ).toBe(50);
  });
  it('is 0 when the four lists hold no cards', () => {
    expect(boardProgress({})).toBe(0);
    expect(boardProgress({ 'FOR REVIEW': 3 })).toBe(0);
  });
  it('is 100 when every counted card is completed', () => {
    expect(boardProgress({ COMPLETED: 6 })).toBe(100);
  });
  it('ignores negative or non-numeric counts', () => {
    expect(boardProgress({ COMPLETED: 1, 'NOT STARTED': -4, 'ON HOLD': Number.NaN })).toBe(100);
  });
});
