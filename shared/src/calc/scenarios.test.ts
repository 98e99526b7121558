import { describe, expect, it } from 'vitest';
import { computeProduct } from './profit';
import { allFigures, applyScenario, figureDifferences, sensitivity, SCENARIO_CHANGE_KEYS } from './scenarios';
import { E1, E2, E3 } from './seller-golden';

describe('applyScenario', () => {
  it('replaces only the changed inputs; null or blank keeps the base', () => {
    const s = applyScenario(E1, { amazonRetail: 29.99, costPerUnit: 3.5, units: null });
    expect(s).toEqual({ ...E1, amazonRetail: 29.99, costPerUnit: 3.5 });
    expect(applyScenario(E1, {})).toEqual(E1);
  });

  it('may change every key it lists, and nothing else', () => {
    const all = Object.fromEntries(SCENARIO_CHANGE_KEYS.map((k) => [k, 7]));
    const s = applyScenario(E1, all);
    for (const k of SCENARIO_CHANGE_KEYS) expect(s[k]).toBe(7);
    expect(s.promotionDays).toBe(E1.promotionDays);
    expect(s.title).toBe(E1.title);
  });
});

describe('scenario golden case: E1 at $29.99 with a cost per unit of $3.50', () => {
  const base = allFigures(E1);
  const scenario = allFigures(applyScenario(E1, { amazonRetail: 29.99, costPerUnit: 3.5 }));
  const diff = figureDifferences(base, scenario);

  it('computes every figure of the scenario', () => {
    expect(scenario).toMatchObject({
      totalCostPerUnit: 4.35,
      totalEstimatedProfitPerUnit: 9.39,
      profitMargin: 31.32,
      ACOSBreakEven: 56.32,
      monthlyProfit: 2817.75,
      roiPerUnit: 215.92,
      tacos: 16.67,
      paybackUnits: 317,
      cashNeeded: 5674.44,
    });
  });

  it('gives the difference to the base as the shown figures minus each other', () => {
    expect(diff).toMatchObject({
      totalCostPerUnit: 0.3,
      totalEstimatedProfitPerUnit: 1.2,
      profitMargin: 2.05,
      monthlyProfit: 360,
      roiPerUnit: 13.64,
      tacos: -1.19,
      paybackUnits: -14,
      cashNeeded: 316.8,
      campaignACOS: 0,
    });
  });

  it('has no payback difference when one side never pays back', () => {
    const never = allFigures(applyScenario(E1, { amazonFees: 30 }));
    expect(never.paybackUnits).toBeNull();
    expect(figureDifferences(base, never).paybackUnits).toBeNull();
  });
});

describe('sensitivity golden cases (profit per unit)', () => {
  const cases = [
    ['E1', E1, [6.09, 7.14, 8.19, 9.24, 10.29], [8.6, 8.4, 8.19, 7.99, 7.79]],
    ['E2', E2, [4.66, 5.51, 6.36, 7.21, 8.06], [6.74, 6.55, 6.36, 6.17, 5.98]],
    ['E3', E3, [-4.03, -2.03, -0.03, 1.97, 3.97], [2.33, 1.15, -0.03, -1.21, -2.39]],
  ] as const;
  for (const [name, inputs, price, landed] of cases) {
    it(`${name}: price and landed cost -10 %, -5 %, 0, +5 %, +10 %`, () => {
      const s = sensitivity(inputs);
      expect(s.price.map((p) => p.step)).toEqual([-10, -5, 0, 5, 10]);
      expect(s.price.map((p) => p.profitPerUnit)).toEqual(price);
      expect(s.landedCost.map((p) => p.profitPerUnit)).toEqual(landed);
      expect(s.price[2]!.profitPerUnit).toBe(computeProduct(inputs).totalEstimatedProfitPerUnit);
    });
  }
});
