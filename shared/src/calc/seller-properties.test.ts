import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFigures, computeFiguresUnrounded } from './figures';
import { computeProduct, computeProductUnrounded, type ProductInputs } from './profit';
import { allFigures, applyScenario, figureDifferences, sensitivity } from './scenarios';
import { solve, solveMaxCostPerUnit, solvePriceForAcos, solvePriceForMargin, solvePriceForProfit } from './solve';

const RUNS = { numRuns: 1500 };
const cents = (max: number, min = 0) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((x) => x / 100);

/** Products a member could save: required inputs filled, additional fees 0..50 %. */
const product: fc.Arbitrary<ProductInputs> = fc.record({
  units: fc.integer({ min: 1, max: 100_000 }),
  costPerUnit: cents(1_000),
  shippingCost: cents(100_000),
  amazonFees: cents(500),
  amazonRetail: cents(5_000, 0.01),
  additionalFees: cents(50),
  promotionUnitsPerDay: fc.integer({ min: 0, max: 100 }),
  promotionPercentage: cents(100),
  promotionDays: fc.integer({ min: 0, max: 30 }),
  dailyAdvertisingCost: cents(1_000),
  projectedUnits: fc.integer({ min: 0, max: 10_000 }),
});
const percentTarget = cents(99.99, -200);
const raw = (i: ProductInputs) => computeProductUnrounded(i);
/** Float noise of a figure of this size (the solver's own tolerance). */
const noise = (target: number) => 1e-10 * Math.max(1, Math.abs(target));

describe('reverse solve properties', () => {
  it('margin: the answer reaches the target and a cent less does not (the closed form lies within that cent)', () => {
    fc.assert(
      fc.property(product, percentTarget, (p, m) => {
        const price = solvePriceForMargin(p, m);
        if (price === null) {
          // not reachable: only when the target is at or above 100 % minus the additional fees (or the price cap)
          const a = p.additionalFees as number;
          const F = p.amazonFees as number;
          const L = raw(p).totalCostPerUnit;
          expect(m >= 100 - a || (F + L) / (1 - (a + m) / 100) > 1e9 - 0.01).toBe(true);
          return;
        }
        expect(raw({ ...p, amazonRetail: price }).profitMargin).toBeGreaterThanOrEqual(m - noise(m));
        if (price > 0.01) expect(raw({ ...p, amazonRetail: price - 0.01 }).profitMargin).toBeLessThan(m);
      }),
      RUNS,
    );
  });

  it('margin: the margin shown at the answer is the target within a cent of price', () => {
    fc.assert(
      fc.property(product, percentTarget, (p, m) => {
        const price = solvePriceForMargin(p, m);
        fc.pre(price !== null && price > 0.01);
        const shown = computeProduct({ ...p, amazonRetail: price }).profitMargin;
        const shownCentBelow = computeProduct({ ...p, amazonRetail: price - 0.01 }).profitMargin;
        // the target lies between the margins of the two neighbouring cents
        expect(shown).toBeGreaterThanOrEqual(Math.round(m * 100) / 100 - 0.01);
        expect(shownCentBelow).toBeLessThanOrEqual(m + 0.005);
      }),
      RUNS,
    );
  });

  it('profit per unit and break-even ACoS: the lowest whole-cent price reaching the target', () => {
    fc.assert(
      fc.property(product, cents(500, -50), percentTarget, (p, t, b) => {
        const price = solvePriceForProfit(p, t);
        expect(price).not.toBeNull(); // additional fees are at most 50 %: always reachable below the cap
        expect(raw({ ...p, amazonRetail: price! }).totalEstimatedProfitPerUnit).toBeGreaterThanOrEqual(t - noise(t));
        if (price! > 0.01)
          expect(raw({ ...p, amazonRetail: price! - 0.01 }).totalEstimatedProfitPerUnit).toBeLessThan(t);
        const acosPrice = solvePriceForAcos(p, b);
        expect(acosPrice).not.toBeNull(); // below 100 % always reachable at these costs
        expect(raw({ ...p, amazonRetail: acosPrice! }).ACOSBreakEven).toBeGreaterThanOrEqual(b - noise(b));
        if (acosPrice! > 0.01) expect(raw({ ...p, amazonRetail: acosPrice! - 0.01 }).ACOSBreakEven).toBeLessThan(b);
      }),
      RUNS,
    );
  });

  it('max cost per unit: the margin holds at the answer and breaks a cent above it', () => {
    fc.assert(
      fc.property(product, percentTarget, (p, m) => {
        const c = solveMaxCostPerUnit(p, m);
        if (c === null) {
          expect(raw({ ...p, costPerUnit: 0 }).profitMargin).toBeLessThan(m);
          return;
        }
        expect(c).toBeGreaterThanOrEqual(0);
        expect(raw({ ...p, costPerUnit: c }).profitMargin).toBeGreaterThanOrEqual(m - noise(m));
        expect(raw({ ...p, costPerUnit: c + 0.01 }).profitMargin).toBeLessThan(m);
      }),
      RUNS,
    );
  });

  it('is a round trip: solving for the margin a price has gives back that price', () => {
    fc.assert(
      fc.property(product, (p) => {
        const r = raw(p);
        const m = r.profitMargin;
        const P = p.amazonRetail as number;
        // a cent moves the margin by about 100·(F + L)·0.01 / P² points: skip curves flat to float noise
        const perCent = (100 * ((p.amazonFees as number) + r.totalCostPerUnit) * 0.01) / (P * P);
        fc.pre(m < 100 - (p.additionalFees as number) - 1e-6 && perCent > 1e-7);
        const price = solve(p, 'margin', m);
        expect(price.reachable).toBe(true);
        if (price.target !== 'maxCostPerUnit')
          expect(Math.abs(price.amazonRetail! - (p.amazonRetail as number))).toBeLessThanOrEqual(0.01 + 1e-9);
      }),
      RUNS,
    );
  });
});

describe('figure properties', () => {
  it('ROI per unit is profit per unit over landed cost; payback is at most the order exactly when a unit makes no loss', () => {
    fc.assert(
      fc.property(product, (p) => {
        const r = raw(p);
        const f = computeFiguresUnrounded(p);
        if (r.totalCostPerUnit > 0)
          expect(f.roiPerUnit).toBeCloseTo((r.totalEstimatedProfitPerUnit / r.totalCostPerUnit) * 100, 6);
        fc.pre(f.paybackUnits !== null && r.totalManufacturingShippingCustomsCost > 0);
        if (r.totalEstimatedProfitPerUnit >= 1e-9) expect(f.paybackUnits).toBeLessThanOrEqual(p.units as number);
        if (r.totalEstimatedProfitPerUnit < -1e-9) expect(f.paybackUnits).toBeGreaterThan(p.units as number);
      }),
      RUNS,
    );
  });

  it('payback units are the fewest whole units whose sales cover the order', () => {
    fc.assert(
      fc.property(product, (p) => {
        const k = computeFigures(p).paybackUnits;
        const r = raw(p);
        const back = r.amazonNet - ((p.amazonRetail as number) * (p.additionalFees as number)) / 100;
        if (k === null) {
          expect(back).toBeLessThanOrEqual(0);
          return;
        }
        const order = r.totalManufacturingShippingCustomsCost;
        expect(k * back).toBeGreaterThanOrEqual(order - 1e-6 * Math.max(1, order));
        if (k > 0) expect((k - 1) * back).toBeLessThan(order);
      }),
      RUNS,
    );
  });

  it('cash needed is never less than the order itself, and TACoS is never negative', () => {
    fc.assert(
      fc.property(product, (p) => {
        const f = computeFigures(p);
        expect(f.cashNeeded).toBeGreaterThanOrEqual(computeProduct(p).totalManufacturingShippingCustomsCost);
        expect(f.tacos).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });
});

describe('scenario and sensitivity properties', () => {
  it('a scenario without changes has the base figures and a zero difference', () => {
    fc.assert(
      fc.property(product, (p) => {
        const base = allFigures(p);
        const same = allFigures(applyScenario(p, {}));
        expect(same).toEqual(base);
        for (const [field, d] of Object.entries(figureDifferences(base, same))) {
          // payback has no difference when the product never pays back
          expect(d, field).toBe(field === 'paybackUnits' && base.paybackUnits === null ? null : 0);
        }
      }),
      RUNS,
    );
  });

  it('profit per unit rises with the price and falls with the landed cost, step 0 being the base', () => {
    fc.assert(
      fc.property(product, (p) => {
        const s = sensitivity(p);
        const base = computeProduct(p).totalEstimatedProfitPerUnit;
        expect(s.price[2]!.profitPerUnit).toBe(base);
        expect(s.landedCost[2]!.profitPerUnit).toBe(base);
        for (let i = 1; i < s.price.length; i++) {
          expect(s.price[i]!.profitPerUnit).toBeGreaterThanOrEqual(s.price[i - 1]!.profitPerUnit);
          expect(s.landedCost[i]!.profitPerUnit).toBeLessThanOrEqual(s.landedCost[i - 1]!.profitPerUnit);
        }
      }),
      RUNS,
    );
  });
});
