import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { decimal, id, integer } from './fields';

const read = (schema: yup.NumberSchema<number | undefined>, value: unknown) => {
  try {
    return schema.validateSync(value);
  } catch (err) {
    return (err as yup.ValidationError).type;
  }
};

describe('decimal(): numbers in decimal notation only', () => {
  it('reads numbers and decimal text', () => {
    for (const [text, n] of [
      ['16', 16],
      ['-1.5', -1.5],
      ['+2', 2],
      ['.5', 0.5],
      ['5.', 5],
      [' 12 ', 12],
      ['007', 7],
    ] as const) {
      expect(read(decimal(), text), text).toBe(n);
    }
    expect(read(decimal(), 3.25)).toBe(3.25);
    expect(read(decimal().optional(), undefined)).toBeUndefined();
  });

  it('refuses hexadecimal, binary, octal, exponents, Infinity and non-scalars as type errors', () => {
    for (const value of [
      '0x10',
      '0X10',
      '0b11',
      '0o7',
      '1e3',
      '1E-2',
      'Infinity',
      '-Infinity',
      'NaN',
      '',
      '1.2.3',
      '1,5',
      '--1',
      '9'.repeat(400),
      [1],
      { n: 1 },
      true,
    ]) {
      expect(read(decimal(), value), JSON.stringify(value)).toBe('typeError');
    }
  });

  it('integer() and id() are built on it', () => {
    expect(read(integer(), '0x10')).toBe('typeError');
    expect(read(integer(), '1e3')).toBe('typeError');
    expect(read(integer(), '-42')).toBe(-42);
    expect(read(id(), '0x10')).toBe('typeError');
    expect(read(id(), '17')).toBe(17);
  });
});
