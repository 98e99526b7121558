import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_FEES_MAX_PERCENT, dollarsToPercent, percentToDollars } from './additional-fees';
import { PRODUCT_COMPUTED_FIELDS, computeProduct, computeProductUnrounded, type ProductInputs } from './profit';
import {
  QUALIFIER_ANSWER_IDS,
  YES_NO_IDS,
  isYes,
  parseVolume,
  resultFor,
  scoreAnswers,
  sendSuccess,
  volumePoint,
} from './qualifier';
import { percent } from './progress';
import { round2 } from './round';

const RUNS = { numRuns: 2000 };
const cents = (max: number, min = 0) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((x) => x / 100);

/** Inputs a member could plausibly save: required fields filled, optional ones blank or in range. */
const validInputs: fc.Arbitrary<ProductInputs> = fc.record({
  units: fc.integer({ min: 1, max: 100_000 }),
  costPerUnit: cents(10_000),
  shippingCost: cents(1_000_000),
  amazonFees: cents(10_000),
  amazonRetail: cents(100_000, 0.01),
  additionalFees: fc.option(cents(50), { nil: undefined }),
  promotionUnitsPerDay: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
  promotionPercentage: fc.option(cents(100), { nil: null }),
  promotionDays: fc.option(fc.integer({ min: 0, max: 365 }), { nil: null }),
  dailyAdvertisingCost: fc.option(cents(100_000), { nil: null }),
  spend: fc.option(cents(1_000_000), { nil: null }),
  sales: fc.option(cents(1_000_000), { nil: null }),
  projectedUnits: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
});

const anyNumber = fc.oneof(
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(1e308),
  fc.constant(-1e308),
);
const absurdInputs: fc.Arbitrary<ProductInputs> = fc.record({
  units: anyNumber,
  costPerUnit: anyNumber,
  shippingCost: anyNumber,
  amazonFees: anyNumber,
  amazonRetail: anyNumber,
  additionalFees: anyNumber,
  promotionUnitsPerDay: anyNumber,
  promotionPercentage: anyNumber,
  promotionDays: anyNumber,
  dailyAdvertisingCost: anyNumber,
  spend: anyNumber,
  sales: anyNumber,
  projectedUnits: anyNumber,
});

describe('computeProduct properties', () => {
  it('returns only finite outputs with at most 2 decimals for any valid input', () => {
    fc.assert(
      fc.property(validInputs, (inputs) => {
        const out = computeProduct(inputs);
        for (const f of PRODUCT_COMPUTED_FIELDS) {
          expect(Number.isFinite(out[f])).toBe(true);
          expect(round2(out[f])).toBe(out[f]);
        }
      }),
      RUNS,
    );
  });

  it('never returns NaN or Infinity, even for NaN, Infinity, negative or 1e308 inputs', () => {
    fc.assert(
      fc.property(absurdInputs, (inputs) => {
        const out = computeProduct(inputs);
        for (const f of PRODUCT_COMPUTED_FIELDS) expect(Number.isFinite(out[f])).toBe(true);
      }),
      RUNS,
    );
  });

  it('totalEstimatedBulkOrderProfit equals round2(n·P − TMSC − totalAmazonFees − totalAdditionalFees) within 0.01', () => {
    fc.assert(
      fc.property(validInputs, (inputs) => {
        const out = computeProduct(inputs);
        const raw = computeProductUnrounded(inputs);
        const n = inputs.units as number;
        const P = inputs.amazonRetail as number;
        const direct = round2(
          n * P - raw.totalManufacturingShippingCustomsCost - raw.totalAmazonFees - raw.totalAdditionalFees,
        );
        // 0.01 plus the float spacing of values this large (up to ~1e10 dollars).
        const tolerance = 0.01 + 8 * Number.EPSILON * Math.max(1, Math.abs(direct));
        expect(Math.abs(out.totalEstimatedBulkOrderProfit - direct)).toBeLessThanOrEqual(tolerance);
      }),
      RUNS,
    );
  });

  it('rounds each output only once, from the unrounded value', () => {
    fc.assert(
      fc.property(validInputs, (inputs) => {
        const out = computeProduct(inputs);
        const raw = computeProductUnrounded(inputs);
        for (const f of PRODUCT_COMPUTED_FIELDS) expect(out[f]).toBe(round2(raw[f]));
      }),
      { numRuns: 300 },
    );
  });
});

describe('additional fees round trip (percentage -> dollars -> percentage)', () => {
  const roundTrip = (a: number, P: number) => dollarsToPercent(percentToDollars(a, P), P);

  it('stays within 0.01 percentage points for retail prices of $100 or more', () => {
    fc.assert(
      fc.property(cents(50), cents(100_000, 100), (a, P) => {
        const back = roundTrip(a, P);
        expect(Math.abs(back - a)).toBeLessThanOrEqual(0.01 + 1e-9);
      }),
      RUNS,
    );
  });

  it('stays within the cent-granularity bound 0.5/P + 0.005 points (plus the 49.99 snap) for any P >= $1', () => {
    fc.assert(
      fc.property(cents(50), cents(100_000, 1), (a, P) => {
        const back = roundTrip(a, P);
        const bound = 0.5 / P + 0.005 + 1e-9;
        if (back === ADDITIONAL_FEES_MAX_PERCENT) expect(50 - a).toBeLessThanOrEqual(bound + 0.01);
        else expect(Math.abs(back - a)).toBeLessThanOrEqual(bound);
      }),
      RUNS,
    );
  });

  it('stays within the 0..50 clamp', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50, noNaN: true }), cents(1_000_000, 0.01), (a, P) => {
        const back = roundTrip(a, P);
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThanOrEqual(50);
      }),
      RUNS,
    );
  });

  it('cannot keep 0.01 points at small prices because dollars are whole cents ($1.00 at 12.34 % is $0.12 = 12 %)', () => {
    expect(percentToDollars(12.34, 1)).toBe(0.12);
    expect(roundTrip(12.34, 1)).toBe(12);
  });
});

const answerValue = fc.oneof(
  fc.constantFrom('Yes', 'yes', ' YES ', 'No', 'no', '', 'maybe'),
  fc.string(),
  fc.integer({ min: -100_000, max: 100_000 }).map(String),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
);
const answerList = fc.array(
  fc.record({ id: fc.oneof(fc.constantFrom(...QUALIFIER_ANSWER_IDS), fc.string()), answer: answerValue }),
  { maxLength: 30 },
);

describe('qualifier score properties', () => {
  it('is a whole number from 0 to 10 for any answers', () => {
    fc.assert(
      fc.property(answerList, (answers) => {
        const s = scoreAnswers(answers);
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(10);
      }),
      RUNS,
    );
  });

  it('is the volume point plus the number of Yes answers (last answer per id)', () => {
    fc.assert(
      fc.property(answerList, (answers) => {
        const last = new Map(answers.map((x) => [x.id, x.answer] as const));
        const yes = YES_NO_IDS.filter((id) => isYes(last.get(id))).length;
        expect(scoreAnswers(answers)).toBe(volumePoint(parseVolume(last.get('volume'))) + yes);
      }),
      RUNS,
    );
  });

  it('has result bands and the send message consistent with the score', () => {
    fc.assert(
      fc.property(answerList, (answers) => {
        const s = scoreAnswers(answers);
        const r = resultFor(s);
        expect(r === 'two thumbs up').toBe(s >= 8);
        expect(r === 'one thumb up').toBe(s === 7);
        expect(r === 'two thumbs down').toBe(s <= 6);
        expect(sendSuccess(s)).toBe(r !== 'two thumbs down');
      }),
      RUNS,
    );
  });
});

describe('progress percent properties', () => {
  it('is a whole number in 0..100 that is 100 exactly when everything is done', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (whole, share) => {
          const part = Math.floor(whole * share);
          const p = percent(part, whole);
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(100);
          expect(p === 100).toBe(part === whole);
        },
      ),
      RUNS,
    );
  });
});
