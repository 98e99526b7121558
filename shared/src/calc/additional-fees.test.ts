import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_FEES_DEFAULT,
  ADDITIONAL_FEES_MAX_PERCENT,
  applyAdditionalFees,
  dollarsToPercent,
  isAdditionalFeesInputAccepted,
  maxDollars,
  maxDollarsForDisplay,
  percentToDollars,
  type AdditionalFeesChange,
} from './additional-fees';

const change = (over: Partial<AdditionalFeesChange>): AdditionalFeesChange => ({
  role: 'premium',
  type: 'percentage',
  value: 30,
  retailPrice: 27.99,
  previous: 20,
  ...over,
});

describe('additional fees constants', () => {
  it('default to 25 % with a 50 % maximum', () => {
    expect(ADDITIONAL_FEES_DEFAULT).toBe(25);
    expect(ADDITIONAL_FEES_MAX_PERCENT).toBe(50);
  });
});

describe('applyAdditionalFees with a percentage', () => {
  it('stores an accepted percentage as entered', () => {
    expect(applyAdditionalFees(change({ value: 30 }))).toBe(30);
    expect(applyAdditionalFees(change({ value: 12.345 }))).toBe(12.345);
  });

  it('accepts both ends of the range, 0 and 50', () => {
    expect(applyAdditionalFees(change({ value: 0 }))).toBe(0);
    expect(applyAdditionalFees(change({ value: 50 }))).toBe(50);
  });

  it('ignores input outside 0..50 and keeps the previous value', () => {
    expect(applyAdditionalFees(change({ value: 50.01 }))).toBe(20);
    expect(applyAdditionalFees(change({ value: -0.01 }))).toBe(20);
    expect(applyAdditionalFees(change({ value: 1000 }))).toBe(20);
  });

  it('ignores blank and non-numeric input', () => {
    for (const value of [null, undefined, '', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(applyAdditionalFees(change({ value }))).toBe(20);
    }
  });

  it('gives the 25 % default for a new product when the input is ignored', () => {
    expect(applyAdditionalFees(change({ value: 80, previous: undefined }))).toBe(25);
    expect(applyAdditionalFees(change({ value: 80, previous: null }))).toBe(25);
  });

  it('accepts numeric strings from form fields', () => {
    expect(applyAdditionalFees(change({ value: '35.5' }))).toBe(35.5);
  });
});

describe('applyAdditionalFees with dollars', () => {
  it('converts dollars to a percentage of the retail price rounded to 2 decimals (E2: $3.00 of $19.99 is 15.01 %)', () => {
    expect(applyAdditionalFees(change({ type: 'dollar', value: 3, retailPrice: 19.99 }))).toBe(15.01);
  });

  it('snaps a converted 49.99 % to 50 % (E3: $39.98 of $79.98)', () => {
    expect(applyAdditionalFees(change({ type: 'dollar', value: 39.98, retailPrice: 79.98 }))).toBe(50);
  });

  it('does not snap 49.98 %', () => {
    expect(applyAdditionalFees(change({ type: 'dollar', value: 49.98, retailPrice: 100 }))).toBe(49.98);
  });

  it('accepts exactly half the retail price as 50 %', () => {
    expect(applyAdditionalFees(change({ type: 'dollar', value: 50, retailPrice: 100 }))).toBe(50);
  });

  it('ignores dollars above half the retail price or below 0', () => {
    expect(applyAdditionalFees(change({ type: 'dollar', value: 50.01, retailPrice: 100 }))).toBe(20);
    expect(applyAdditionalFees(change({ type: 'dollar', value: -1, retailPrice: 100 }))).toBe(20);
  });

  it('keeps the previous value when the retail price is 0, negative or missing', () => {
    for (const retailPrice of [0, -10, null, undefined, Number.NaN]) {
      expect(applyAdditionalFees(change({ type: 'dollar', value: 0, retailPrice }))).toBe(20);
    }
  });
});

describe('applyAdditionalFees for the basic role', () => {
  it('ignores any input and keeps the previous value', () => {
    expect(applyAdditionalFees(change({ role: 'basic', value: 40 }))).toBe(20);
    expect(applyAdditionalFees(change({ role: 'basic', type: 'dollar', value: 1, retailPrice: 10 }))).toBe(20);
  });

  it('gives 25 % for a new product', () => {
    expect(applyAdditionalFees(change({ role: 'basic', value: 40, previous: undefined }))).toBe(25);
  });

  it('lets every other role edit', () => {
    for (const role of ['admin', 'coach', 'premium', 'course only'] as const) {
      expect(applyAdditionalFees(change({ role, value: 40 }))).toBe(40);
    }
  });
});

describe('conversions for the dollar/percentage toggle', () => {
  it('percentToDollars rounds P·a/100 to cents', () => {
    expect(percentToDollars(25, 27.99)).toBe(7);
    expect(percentToDollars(15.01, 19.99)).toBe(3);
    expect(percentToDollars(50, 79.98)).toBe(39.99);
  });

  it('dollarsToPercent rounds v/P·100 to 2 decimals and snaps 49.99 or more to 50', () => {
    expect(dollarsToPercent(3, 19.99)).toBe(15.01);
    expect(dollarsToPercent(39.98, 79.98)).toBe(50);
    expect(dollarsToPercent(10, 40)).toBe(25);
  });

  it('return 0 rather than NaN or Infinity when the retail price is 0', () => {
    expect(dollarsToPercent(5, 0)).toBe(0);
    expect(percentToDollars(25, 0)).toBe(0);
    expect(percentToDollars(Number.NaN, 10)).toBe(0);
  });
});

describe('dollar cap for the "Maximum value is $" message', () => {
  it('is half the retail price', () => {
    expect(maxDollars(27.99)).toBe(13.995);
    expect(maxDollars(100)).toBe(50);
  });

  it('is 0 for a missing or non-positive retail price', () => {
    expect(maxDollars(0)).toBe(0);
    expect(maxDollars(-5)).toBe(0);
    expect(maxDollars(Number.NaN)).toBe(0);
  });

  it('is shown rounded down to a cent so the shown limit is itself accepted', () => {
    expect(maxDollarsForDisplay(27.99)).toBe(13.99);
    expect(maxDollarsForDisplay(28)).toBe(14);
    expect(maxDollarsForDisplay(0.01)).toBe(0);
    expect(isAdditionalFeesInputAccepted('dollar', maxDollarsForDisplay(27.99), 27.99)).toBe(true);
    expect(isAdditionalFeesInputAccepted('dollar', 14, 27.99)).toBe(false);
  });
});
