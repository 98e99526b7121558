import { describe, expect, it } from 'vitest';
import { optionalId } from '../core/validate';
import { intLiteral, likePattern } from './sql';

describe('likePattern', () => {
  it('matches the term literally anywhere: wildcards and the escape character are escaped', () => {
    expect(likePattern('fba')).toBe('%fba%');
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('intLiteral', () => {
  it('writes integers and refuses anything else', () => {
    expect(intLiteral(42)).toBe('42');
    expect(() => intLiteral(1.5)).toThrow();
    expect(() => intLiteral(Number('1; drop table users'))).toThrow();
  });
});

describe('optionalId', () => {
  it('reads the id of an upsert body: absent, null or empty creates', () => {
    expect(optionalId({ id: 7 })).toBe(7);
    expect(optionalId({ id: '12' })).toBe(12);
    for (const body of [{}, { id: null }, { id: '' }, null, 'x', [7], { product: { id: 1 } }]) {
      expect(optionalId(body)).toBeUndefined();
    }
  });

  it('refuses an id that is not a positive integer with a 400', () => {
    for (const id of [0, -1, 1.5, 'abc', '1e3', true, { n: 1 }, 2_147_483_648]) {
      expect(() => optionalId({ id })).toThrow(expect.objectContaining({ status: 400 }));
    }
  });
});
