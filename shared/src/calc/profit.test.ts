import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAdditionalFees, type AdditionalFeesType } from './additional-fees';
import {
  PRODUCT_COMPUTED_FIELDS,
  computeProduct,
  computeProductUnrounded,
  type ProductComputed,
  type ProductInputs,
} from './profit';
import { computeFigures } from './figures';
import { ppcTargets } from './ppc';
import { round2 } from './round';
import { solve } from './solve';

interface GoldenCase {
  name: string;
  entered: { value: number; type: AdditionalFeesType };
  storedA: number;
  addlPerUnit: number;
  inputs: Omit<ProductInputs, 'additionalFees'>;
  expected: ProductComputed;
}

// docs/areas/seller-tools.md#formulas, every row of the output table.
const GOLDEN: GoldenCase[] = [
  {
    name: 'E1 (25 % entered as a percentage)',
    entered: { value: 25, type: 'percentage' },
    storedA: 25,
    addlPerUnit: 7.0,
    inputs: {
      units: 1000,
      costPerUnit: 3.2,
      shippingCost: 850,
      amazonFees: 8.75,
      amazonRetail: 27.99,
      promotionUnitsPerDay: 12,
      promotionPercentage: 95,
      promotionDays: 7,
      dailyAdvertisingCost: 50,
      spend: 320,
      sales: 960,
      projectedUnits: 300,
    },
    expected: {
      totalManufacturingShippingCustomsCost: 4050.0,
      totalCostPerUnit: 4.05,
      amazonNet: 19.24,
      netProfitPerUnit: 15.19,
      totalAmazonFees: 8750.0,
      totalAdditionalFees: 6997.5,
      totalEstimatedProfitPerUnit: 8.19,
      totalEstimatedBulkOrderProfit: 8192.5,
      profitMargin: 29.27,
      ACOSBreakEven: 54.27,
      campaignACOS: 33.33,
      promotionRevenue: 117.56,
      promotionCost: 957.64,
      totalCost: 1307.64,
      monthlyGross: 8397.0,
      monthlyProfit: 2457.75,
      potentialProfit: 29493.0,
    },
  },
  {
    name: 'E2 ($3.00 entered, unrounded landed cost)',
    entered: { value: 3.0, type: 'dollar' },
    storedA: 15.01,
    addlPerUnit: 3.0,
    inputs: {
      units: 750,
      costPerUnit: 2.15,
      shippingCost: 1234.56,
      amazonFees: 6.83,
      amazonRetail: 19.99,
      promotionUnitsPerDay: 5,
      promotionPercentage: 90,
      promotionDays: 10,
      dailyAdvertisingCost: 40,
      spend: 187.5,
      sales: 412.3,
      projectedUnits: 240,
    },
    expected: {
      totalManufacturingShippingCustomsCost: 2847.06,
      totalCostPerUnit: 3.8,
      amazonNet: 13.16,
      netProfitPerUnit: 9.36,
      totalAmazonFees: 5122.5,
      totalAdditionalFees: 2250.37,
      totalEstimatedProfitPerUnit: 6.36,
      totalEstimatedBulkOrderProfit: 4772.57,
      profitMargin: 31.83,
      ACOSBreakEven: 46.84,
      campaignACOS: 45.48,
      promotionRevenue: 99.95,
      promotionCost: 431.35,
      totalCost: 831.35,
      monthlyGross: 4797.6,
      monthlyProfit: 1527.22,
      potentialProfit: 18326.65,
    },
  },
  {
    name: 'E3 ($39.98 entered snaps to 50 %, a loss, sales 0)',
    entered: { value: 39.98, type: 'dollar' },
    storedA: 50,
    addlPerUnit: 39.99,
    inputs: {
      units: 500,
      costPerUnit: 18.8,
      shippingCost: 2400,
      amazonFees: 16.42,
      amazonRetail: 79.98,
      promotionUnitsPerDay: 8,
      promotionPercentage: 99,
      promotionDays: 9,
      dailyAdvertisingCost: 120,
      spend: 0,
      sales: 0,
      projectedUnits: 90,
    },
    expected: {
      totalManufacturingShippingCustomsCost: 11800.0,
      totalCostPerUnit: 23.6,
      amazonNet: 63.56,
      netProfitPerUnit: 39.96,
      totalAmazonFees: 8210.0,
      totalAdditionalFees: 19995.0,
      totalEstimatedProfitPerUnit: -0.03,
      totalEstimatedBulkOrderProfit: -15.0,
      profitMargin: -0.04,
      ACOSBreakEven: 49.96,
      campaignACOS: 0,
      promotionRevenue: 57.59,
      promotionCost: 2823.85,
      totalCost: 3903.85,
      monthlyGross: 7198.2,
      monthlyProfit: -2.7,
      potentialProfit: -32.4,
    },
  },
];

describe('computeProduct golden cases (docs/areas/seller-tools.md#formulas)', () => {
  for (const g of GOLDEN) {
    describe(g.name, () => {
      const a = applyAdditionalFees({
        role: 'premium',
        type: g.entered.type,
        value: g.entered.value,
        retailPrice: g.inputs.amazonRetail,
        previous: undefined,
      });

      it(`stores additional fees as ${g.storedA} %`, () => {
        expect(a).toBe(g.storedA);
      });

      it(`has an additional fee per unit of ${g.addlPerUnit.toFixed(2)}`, () => {
        const P = g.inputs.amazonRetail as number;
        expect(round2((P * a) / 100)).toBe(g.addlPerUnit);
      });

      const out = computeProduct({ ...g.inputs, additionalFees: a });
      for (const field of PRODUCT_COMPUTED_FIELDS) {
        it(`computes ${field} = ${g.expected[field].toFixed(2)} to the cent`, () => {
          expect(out[field]).toBe(g.expected[field]);
        });
      }

      it('returns exactly the computed field names of docs/areas/seller-tools.md#data', () => {
        expect(Object.keys(out).sort()).toEqual([...PRODUCT_COMPUTED_FIELDS].sort());
      });
    });
  }

  it('E2 uses the unrounded landed cost: rounding first would give 4770.00 instead of 4772.57', () => {
    const g = GOLDEN[1]!;
    const out = computeProduct({ ...g.inputs, additionalFees: 15.01 });
    expect(round2(out.totalEstimatedProfitPerUnit * 750)).toBe(4770);
    expect(out.totalEstimatedBulkOrderProfit).toBe(4772.57);
  });

  it('agrees with the alternative bulk form n·P − TMSC − fees − additional on every golden case', () => {
    for (const g of GOLDEN) {
      const raw = computeProductUnrounded({ ...g.inputs, additionalFees: g.storedA });
      const n = g.inputs.units as number;
      const P = g.inputs.amazonRetail as number;
      const alt = n * P - raw.totalManufacturingShippingCustomsCost - raw.totalAmazonFees - raw.totalAdditionalFees;
      expect(round2(alt)).toBe(g.expected.totalEstimatedBulkOrderProfit);
    }
  });
});

const BASE: ProductInputs = {
  units: 100,
  costPerUnit: 2,
  shippingCost: 100,
  amazonFees: 5,
  amazonRetail: 20,
};

function expectAllFinite(out: ProductComputed): void {
  for (const field of PRODUCT_COMPUTED_FIELDS) expect(Number.isFinite(out[field]), field).toBe(true);
}

describe('computeProduct defaults and guards', () => {
  it('counts missing additional fees as 25 % and missing optional numbers as 0', () => {
    const out = computeProduct(BASE);
    expect(out.totalAdditionalFees).toBe(500); // 20 * 25 % * 100
    expect(out.promotionRevenue).toBe(0);
    expect(out.promotionCost).toBe(0);
    expect(out.totalCost).toBe(0);
    expect(out.monthlyGross).toBe(0);
    expect(out.campaignACOS).toBe(0);
  });

  it('treats null additional fees as the 25 % default but an explicit 0 as 0 %', () => {
    expect(computeProduct({ ...BASE, additionalFees: null }).totalAdditionalFees).toBe(500);
    expect(computeProduct({ ...BASE, additionalFees: 0 }).totalAdditionalFees).toBe(0);
  });

  it('gives totalCostPerUnit 0 (not NaN) when units is 0 or negative', () => {
    for (const units of [0, -5]) {
      const out = computeProduct({ ...BASE, units });
      expect(out.totalCostPerUnit).toBe(0);
      expectAllFinite(out);
    }
  });

  it('gives 0 for profitMargin and ACOSBreakEven when the retail price is 0 or negative', () => {
    for (const amazonRetail of [0, -10]) {
      const out = computeProduct({ ...BASE, amazonRetail });
      expect(out.profitMargin).toBe(0);
      expect(out.ACOSBreakEven).toBe(0);
      expectAllFinite(out);
    }
  });

  it('gives campaignACOS 0 when sales is 0, even with spend', () => {
    expect(computeProduct({ ...BASE, spend: 100, sales: 0 }).campaignACOS).toBe(0);
    expect(computeProduct({ ...BASE, spend: 100, sales: -1 }).campaignACOS).toBe(0);
  });

  it('returns all zeros (no NaN) for a blank form', () => {
    const out = computeProduct({
      units: null,
      costPerUnit: null,
      shippingCost: null,
      amazonFees: null,
      amazonRetail: null,
    });
    expectAllFinite(out);
    for (const field of PRODUCT_COMPUTED_FIELDS) expect(out[field]).toBe(0);
  });

  it('counts NaN and Infinity inputs as 0', () => {
    const out = computeProduct({
      ...BASE,
      units: Number.NaN,
      amazonRetail: Number.POSITIVE_INFINITY,
      sales: Number.NaN,
      spend: Number.NEGATIVE_INFINITY,
      additionalFees: Number.NaN,
    });
    expectAllFinite(out);
    expect(out.monthlyGross).toBe(0);
  });

  it('never returns NaN or Infinity for absurd magnitudes such as 1e308', () => {
    const huge = 1e308;
    const cases: ProductInputs[] = [
      {
        units: huge,
        costPerUnit: huge,
        shippingCost: huge,
        amazonFees: huge,
        amazonRetail: huge,
        additionalFees: huge,
        promotionUnitsPerDay: huge,
        promotionPercentage: huge,
        promotionDays: huge,
        dailyAdvertisingCost: huge,
        spend: huge,
        sales: 1e-308,
        projectedUnits: huge,
      },
      { units: 1e-308, costPerUnit: huge, shippingCost: -huge, amazonFees: -huge, amazonRetail: huge },
      { ...BASE, spend: huge, sales: Number.MIN_VALUE },
    ];
    for (const inputs of cases) expectAllFinite(computeProduct(inputs));
  });

  it('keeps negative results (a loss is shown as a negative profit)', () => {
    const out = computeProduct({ ...BASE, amazonFees: 30 });
    expect(out.netProfitPerUnit).toBe(-13);
    expect(out.totalEstimatedBulkOrderProfit).toBe(-1800);
  });

  it('accepts numeric strings at run time (e.g. PostgreSQL numeric columns)', () => {
    const fromDb = { ...GOLDEN[0]!.inputs, units: '1000', amazonRetail: '27.99', additionalFees: '25' };
    const out = computeProduct(fromDb as unknown as ProductInputs);
    expect(out).toEqual(GOLDEN[0]!.expected);
  });
});

describe('VAT-inclusive prices (docs/areas/seller-tools.md, "Marketplaces")', () => {
  // DE: 23.80 € with 19 % VAT is 20 € without it; every figure is computed on the 20 €.
  const DE: ProductInputs = {
    units: 100,
    costPerUnit: 3,
    shippingCost: 100,
    amazonFees: 5,
    amazonRetail: 23.8,
    vatRate: 19,
    additionalFees: 25,
    promotionUnitsPerDay: 10,
    promotionPercentage: 20,
    promotionDays: 5,
    dailyAdvertisingCost: 10,
    spend: 100,
    sales: 400,
    projectedUnits: 300,
  };
  const EXPECTED: ProductComputed = {
    totalManufacturingShippingCustomsCost: 400,
    totalCostPerUnit: 4,
    amazonNet: 15,
    netProfitPerUnit: 11,
    totalAmazonFees: 500,
    totalAdditionalFees: 500,
    totalEstimatedProfitPerUnit: 6,
    totalEstimatedBulkOrderProfit: 600,
    profitMargin: 30,
    ACOSBreakEven: 55,
    campaignACOS: 25,
    promotionRevenue: 800,
    promotionCost: -350,
    totalCost: -300,
    monthlyGross: 6000,
    monthlyProfit: 1800,
    potentialProfit: 21600,
  };

  it('DE at 23.80 € with 19 % VAT: every figure on 20 € (golden)', () => {
    expect(computeProduct(DE)).toEqual(EXPECTED);
  });

  it('UK at £24.00 with 20 % VAT: the same figures as 20 without VAT', () => {
    expect(computeProduct({ ...DE, amazonRetail: 24, vatRate: 20 })).toEqual(EXPECTED);
    expect(computeProduct({ ...DE, amazonRetail: 20, vatRate: 0 })).toEqual(EXPECTED);
  });

  it('no VAT (US, CA) or a blank rate: the price as it is', () => {
    expect(computeProduct({ ...DE, vatRate: 0 }).amazonNet).toBe(18.8);
    expect(computeProduct({ ...DE, vatRate: null }).amazonNet).toBe(18.8);
    expect(computeProduct({ ...DE, vatRate: undefined }).amazonNet).toBe(18.8);
  });

  it('the four figures and the ad targets use the price without VAT too', () => {
    expect(computeFigures(DE)).toEqual(computeFigures({ ...DE, amazonRetail: 20, vatRate: 0 }));
    expect(computeFigures(DE).paybackUnits).toBe(40);
    expect(ppcTargets(DE, 10, 10)).toEqual({ breakEvenAcos: 55, targetAcos: 45, maxCpc: 0.9 });
  });

  it('reverse solve answers the price the customer pays, VAT included', () => {
    expect(solve(DE, 'margin', 30)).toEqual({
      target: 'margin',
      value: 30,
      amazonRetail: 23.8,
      reachable: true,
      reached: 30,
    });
    expect(solve({ ...DE, amazonRetail: 24, vatRate: 20 }, 'acosBreakEven', 55)).toMatchObject({ amazonRetail: 24 });
    // The highest cost per unit keeps the margin at the current price without VAT: c = 20·(1 − 0.55) − 5 − 1.
    expect(solve(DE, 'maxCostPerUnit', 30)).toMatchObject({ costPerUnit: 3 });
  });

  it('any price with VAT v gives the figures of price ÷ (1 + v) without VAT (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 10_000, noNaN: true }),
        fc.constantFrom(5, 7, 19, 20, 21, 25),
        (price, v) => {
          const withVat = computeProductUnrounded({ ...DE, amazonRetail: price, vatRate: v });
          const without = computeProductUnrounded({ ...DE, amazonRetail: price / (1 + v / 100), vatRate: 0 });
          for (const field of PRODUCT_COMPUTED_FIELDS) expect(withVat[field]).toBeCloseTo(without[field], 6);
        },
      ),
    );
  });
});
