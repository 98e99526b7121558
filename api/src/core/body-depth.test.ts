import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './body-depth';

/** `[[...[]...]]` nested `n` levels deep (n arrays). */
const arrays = (n: number): unknown => JSON.parse('['.repeat(n) + ']'.repeat(n));
/** `{"a":{"a":...{}}}` nested `n` levels deep (n objects). */
const objects = (n: number): unknown => JSON.parse('{"a":'.repeat(n - 1) + '{}' + '}'.repeat(n - 1));

describe('nestsDeeperThan', () => {
  it('counts the top-level container as level 1 and scalars as no level', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan(undefined, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ Tags: [{ id: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ Tags: [{ id: 1 }] }, 2)).toBe(true);
  });

  it('allows exactly the limit and refuses one more, for arrays and objects', () => {
    for (const make of [arrays, objects]) {
      expect(nestsDeeperThan(make(MAX_BODY_DEPTH), MAX_BODY_DEPTH)).toBe(false);
      expect(nestsDeeperThan(make(MAX_BODY_DEPTH + 1), MAX_BODY_DEPTH)).toBe(true);
    }
  });

  it('finds the deep branch among wide shallow ones', () => {
    const wide = { a: Array.from({ length: 1000 }, (_, i) => ({ i })), b: { c: arrays(40) } };
    expect(nestsDeeperThan(wide, MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan({ a: wide.a }, MAX_BODY_DEPTH)).toBe(false);
  });

  it('checks a million-level value without overflowing the stack (iterative)', () => {
    expect(nestsDeeperThan(arrays(1_000_000), MAX_BODY_DEPTH)).toBe(true);
  });
});
