import { describe, expect, it } from 'vitest';
import { computeFigures, PRODUCT_FIGURE_FIELDS, type ProductFigures } from './figures';
import type { ProductInputs } from './profit';
import { E1, E2, E3 } from './seller-golden';

// docs/areas/seller-tools.md, "Golden cases: the next questions" (figures).
const GOLDEN: Array<[string, ProductInputs, ProductFigures]> = [
  ['E1', E1, { roiPerUnit: 202.28, tacos: 17.86, paybackUnits: 331, cashNeeded: 5357.64 }],
  ['E2', E2, { roiPerUnit: 167.63, tacos: 25.01, paybackUnits: 281, cashNeeded: 3678.41 }],
  [
    'E3 (a loss: the order never pays back within its 500 units)',
    E3,
    {
      roiPerUnit: -0.13,
      tacos: 50.01,
      paybackUnits: 501,
      cashNeeded: 15703.85,
    },
  ],
];

describe('computeFigures golden cases', () => {
  for (const [name, inputs, expected] of GOLDEN) {
    for (const field of PRODUCT_FIGURE_FIELDS) {
      it(`${name}: ${field} = ${String(expected[field])}`, () => {
        expect(computeFigures(inputs)[field]).toBe(expected[field]);
      });
    }
  }
});

const BASE: ProductInputs = { units: 100, costPerUnit: 2, shippingCost: 100, amazonFees: 5, amazonRetail: 20 };

describe('computeFigures guards', () => {
  it('gives ROI 0 when there is no cost per unit (no division by zero)', () => {
    expect(computeFigures({ ...BASE, costPerUnit: 0, shippingCost: 0 }).roiPerUnit).toBe(0);
    expect(computeFigures({ ...BASE, units: 0 }).roiPerUnit).toBe(0);
  });

  it('gives TACoS 0 when there is no monthly gross, and counts 30 days of ads over it otherwise', () => {
    expect(computeFigures({ ...BASE, dailyAdvertisingCost: 10 }).tacos).toBe(0);
    expect(computeFigures({ ...BASE, dailyAdvertisingCost: 10, projectedUnits: 0 }).tacos).toBe(0);
    // 10 × 30 / (150 × 20) = 10 %
    expect(computeFigures({ ...BASE, dailyAdvertisingCost: 10, projectedUnits: 150 }).tacos).toBe(10);
  });

  it('counts payback in whole units, rounding up, and 0 for an order that cost nothing', () => {
    // order 300; a sale brings back 20 − 5 − 5 (25 %) = 10: exactly 30 units
    expect(computeFigures(BASE).paybackUnits).toBe(30);
    expect(computeFigures({ ...BASE, shippingCost: 101 }).paybackUnits).toBe(31);
    expect(computeFigures({ ...BASE, costPerUnit: 0, shippingCost: 0 }).paybackUnits).toBe(0);
  });

  it('has no payback (null) when a sale brings nothing back', () => {
    expect(computeFigures({ ...BASE, amazonFees: 15 }).paybackUnits).toBeNull();
    expect(computeFigures({ ...BASE, amazonRetail: 0 }).paybackUnits).toBeNull();
  });

  it('adds the launch budget to the order only when it costs money', () => {
    // order 300, promotion 10 units at 100 % off: cost 10 × (3 + 5) = 80, plus ads 2 days × 10
    const launch = {
      ...BASE,
      promotionUnitsPerDay: 5,
      promotionDays: 2,
      promotionPercentage: 100,
      dailyAdvertisingCost: 10,
    };
    expect(computeFigures(launch).cashNeeded).toBe(400);
    // a "promotion" at 0 % off earns more than it costs: no extra cash
    expect(computeFigures({ ...launch, promotionPercentage: 0, dailyAdvertisingCost: 0 }).cashNeeded).toBe(300);
  });

  it('never returns NaN or Infinity for absurd input', () => {
    const huge = 1e308;
    const out = computeFigures({
      units: 1e-308,
      costPerUnit: huge,
      shippingCost: huge,
      amazonFees: Number.NaN,
      amazonRetail: huge,
      dailyAdvertisingCost: huge,
      projectedUnits: 1e-308,
    });
    for (const f of PRODUCT_FIGURE_FIELDS) {
      const v = out[f];
      expect(v === null || Number.isFinite(v), f).toBe(true);
    }
  });
});
