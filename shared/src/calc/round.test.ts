import { describe, expect, it } from 'vitest';
import { finite, round2, toFiniteNumber } from './round';

describe('round2', () => {
  it('rounds half away from zero', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(-0.125)).toBe(-0.13);
  });
  it('leaves 2-decimal values unchanged', () => {
    for (const x of [0, 0.01, 27.99, -15, 4772.57]) expect(round2(x)).toBe(x);
  });
  it('returns 0 for NaN and Infinity, and 0 rather than -0', () => {
    expect(round2(Number.NaN)).toBe(0);
    expect(round2(Number.POSITIVE_INFINITY)).toBe(0);
    expect(round2(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });
  it('stays finite for magnitudes whose cents would overflow', () => {
    expect(round2(1e308)).toBe(1e308);
    expect(round2(-1e308)).toBe(-1e308);
  });
});

describe('finite and toFiniteNumber', () => {
  it('turn NaN and Infinity into 0', () => {
    expect(finite(Number.NaN)).toBe(0);
    expect(finite(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(finite(3.5)).toBe(3.5);
  });
  it('parse numeric strings and fall back for anything else', () => {
    expect(toFiniteNumber('12.5')).toBe(12.5);
    expect(toFiniteNumber(' 7 ')).toBe(7);
    expect(toFiniteNumber('')).toBe(0);
    expect(toFiniteNumber('x', 25)).toBe(25);
    expect(toFiniteNumber(null, 25)).toBe(25);
    expect(toFiniteNumber({})).toBe(0);
  });
});
