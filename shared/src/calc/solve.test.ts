import { describe, expect, it } from 'vitest';
import { computeProduct, type ProductInputs } from './profit';
import { E1, E2, E3 } from './seller-golden';
import { solve, solveMaxCostPerUnit, solvePriceForMargin, type SolveTarget } from './solve';

// docs/areas/seller-tools.md, "Golden cases: the next questions" (reverse solve).
const GOLDEN: Array<[string, ProductInputs, SolveTarget, number, number | null]> = [
  ['E1', E1, 'margin', 30, 28.45],
  ['E1', E1, 'margin', 50, 51.2],
  ['E1', E1, 'profitPerUnit', 5, 23.74],
  ['E1', E1, 'acosBreakEven', 60, 32],
  ['E1', E1, 'maxCostPerUnit', 20, 5.79],
  ['E1', E1, 'maxCostPerUnit', 60, null],
  ['E2', E2, 'margin', 30, 19.33],
  ['E2', E2, 'margin', 10, 14.17],
  ['E2', E2, 'margin', 50, 30.37],
  ['E2', E2, 'profitPerUnit', 5, 18.39],
  ['E2', E2, 'acosBreakEven', 60, 26.57],
  ['E2', E2, 'maxCostPerUnit', 20, 4.51],
  ['E3', E3, 'margin', 30, 200.1],
  ['E3', E3, 'margin', 10, 100.05],
  ['E3', E3, 'margin', 50, null],
  ['E3', E3, 'profitPerUnit', 5, 90.04],
  ['E3', E3, 'acosBreakEven', 60, 100.05],
  ['E3', E3, 'maxCostPerUnit', 20, 2.77],
];

describe('solve golden cases', () => {
  for (const [name, inputs, target, value, expected] of GOLDEN) {
    it(`${name}: ${target} ${value} gives ${expected === null ? 'not reachable' : expected.toFixed(2)}`, () => {
      const answer = solve(inputs, target, value);
      const got = answer.target === 'maxCostPerUnit' ? answer.costPerUnit : answer.amazonRetail;
      expect(got).toBe(expected);
      expect(answer.reachable).toBe(expected !== null);
      expect(answer.value).toBe(value);
    });
  }

  it('says what the product will show: E1 for 30 % answers $28.45, which shows 30.01 %', () => {
    expect(solve(E1, 'margin', 30)).toMatchObject({ amazonRetail: 28.45, reached: 30.01 });
    expect(solve(E1, 'margin', 100).reached).toBeNull();
  });

  it('E1: at $28.45 the margin shows 30.01 % and at $28.44 it is still below 30 %', () => {
    expect(computeProduct({ ...E1, amazonRetail: 28.45 }).profitMargin).toBe(30.01);
    expect(computeProduct({ ...E1, amazonRetail: 28.44 }).profitMargin).toBe(29.99);
  });

  it('E3: 200.10 exactly, not 200.11, although the closed form is 200.10000000000005 in floats', () => {
    expect(solvePriceForMargin(E3, 30)).toBe(200.1);
  });
});

describe('solve limits', () => {
  const base: ProductInputs = { units: 100, costPerUnit: 2, shippingCost: 100, amazonFees: 5, amazonRetail: 20 };

  it('cannot reach a margin of 100 % minus the additional fees or more', () => {
    expect(solvePriceForMargin({ ...base, additionalFees: 25 }, 75)).toBeNull();
    expect(solvePriceForMargin({ ...base, additionalFees: 25 }, 80)).toBeNull();
    expect(solvePriceForMargin({ ...base, additionalFees: 25 }, 74.9)).not.toBeNull();
  });

  it('cannot reach a break-even ACoS of 100 % or more', () => {
    expect(solve(base, 'acosBreakEven', 100)).toMatchObject({ reachable: false, amazonRetail: null });
  });

  it('answers the lowest price, $0.01, when any price reaches the target', () => {
    expect(solve(base, 'profitPerUnit', -100)).toMatchObject({ reachable: true, amazonRetail: 0.01 });
    expect(solve({ ...base, costPerUnit: 0, shippingCost: 0, amazonFees: 0 }, 'margin', 10)).toMatchObject({
      amazonRetail: 0.01,
    });
  });

  it('refuses a price above the largest a product may have', () => {
    expect(solve(base, 'profitPerUnit', 1e9)).toMatchObject({ reachable: false, amazonRetail: null });
  });

  it('answers a cost per unit of 0 when only free goods keep the margin, and none when even they do not', () => {
    // at $20, 25 % fees, $5 Amazon fees and $1 shipping per unit: the margin with free goods is 45 %
    expect(solveMaxCostPerUnit(base, 45)).toBe(0);
    expect(solveMaxCostPerUnit(base, 45.01)).toBeNull();
  });

  it('has no cost per unit without a price or units, and no answer for a non-finite target', () => {
    expect(solveMaxCostPerUnit({ ...base, amazonRetail: 0 }, 10)).toBeNull();
    expect(solveMaxCostPerUnit({ ...base, units: 0 }, 10)).toBeNull();
    expect(solvePriceForMargin(base, Number.NaN)).toBeNull();
    expect(solve(base, 'profitPerUnit', Number.POSITIVE_INFINITY).reachable).toBe(false);
  });
});
