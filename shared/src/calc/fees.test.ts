import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CA_RATE_CARD_2025,
  DE_RATE_CARD_2025,
  SEEDED_RATE_CARDS,
  UK_RATE_CARD_2025,
  US_RATE_CARD_2025,
} from '../content/fee-rate-cards';
import { feeRatesSchema } from '../schemas/fees';
import {
  estimateFees,
  findCategory,
  formatMoney,
  referralFee,
  sizeTier,
  FEE_SIZE_TIERS,
  MARKETPLACE_CURRENCY,
  type FeeItem,
  type FeeSizeTier,
} from './fees';

// Golden cases of docs/areas/seller-tools.md ("Fees from dimensions"), on the seeded US card.
const US = US_RATE_CARD_2025.rates;
const tierOf = (l: number, w: number, h: number, lb: number): FeeSizeTier => sizeTier([l, w, h], lb, 139);
const item = (over: Partial<FeeItem>): FeeItem => ({
  length: 10,
  width: 8,
  height: 0.5,
  unit: 'in',
  weight: 0.5,
  weightUnit: 'lb',
  price: 20,
  ...over,
});

describe('size tiers: every limit just under, at and just over', () => {
  const cases: Array<[string, [number, number, number, number], FeeSizeTier]> = [
    // Small standard: 15 x 12 x 0.75 in, 1 lb.
    ['small: longest 14.99', [14.99, 8, 0.5, 0.5], 'small standard'],
    ['small: longest 15', [15, 8, 0.5, 0.5], 'small standard'],
    ['small: longest 15.01', [15.01, 8, 0.5, 0.5], 'large standard'],
    ['small: median 11.99', [14, 11.99, 0.5, 0.5], 'small standard'],
    ['small: median 12', [14, 12, 0.5, 0.5], 'small standard'],
    ['small: median 12.01', [14, 12.01, 0.5, 0.5], 'large standard'],
    ['small: shortest 0.74', [14, 8, 0.74, 0.5], 'small standard'],
    ['small: shortest 0.75', [14, 8, 0.75, 0.5], 'small standard'],
    ['small: shortest 0.76', [14, 8, 0.76, 0.5], 'large standard'],
    ['small: weight 0.99 lb', [14, 8, 0.5, 0.99], 'small standard'],
    ['small: weight 1 lb', [14, 8, 0.5, 1], 'small standard'],
    ['small: weight 1.01 lb', [14, 8, 0.5, 1.01], 'large standard'],
    // Large standard: 18 x 14 x 8 in, 20 lb.
    ['large: longest 17.99', [17.99, 13, 7, 10], 'large standard'],
    ['large: longest 18', [18, 13, 7, 10], 'large standard'],
    ['large: longest 18.01', [18.01, 13, 7, 10], 'large bulky'],
    ['large: median 13.99', [17, 13.99, 7, 10], 'large standard'],
    ['large: median 14', [17, 14, 7, 10], 'large standard'],
    ['large: median 14.01', [17, 14.01, 7, 10], 'large bulky'],
    ['large: shortest 7.99', [17, 13, 7.99, 10], 'large standard'],
    ['large: shortest 8', [17, 13, 8, 10], 'large standard'],
    ['large: shortest 8.01', [17, 13, 8.01, 10], 'large bulky'],
    ['large: weight 19.99 lb', [17, 13, 7, 19.99], 'large standard'],
    ['large: weight 20 lb', [17, 13, 7, 20], 'large standard'],
    ['large: weight 20.01 lb', [17, 13, 7, 20.01], 'large bulky'],
    // Large bulky: 59 x 33 x 33 in, 130 in length + girth, 50 lb (under 50 lb dimensional, so the
    // extra-large band is the first). Its 33 in shortest side never binds: with it, length + girth is over 130.
    ['bulky: longest 58.99', [58.99, 10, 10, 30], 'large bulky'],
    ['bulky: longest 59', [59, 10, 10, 30], 'large bulky'],
    ['bulky: longest 59.01', [59.01, 10, 10, 30], 'extra-large 0 to 50 lb'],
    ['bulky: median 32.99', [40, 32.99, 3, 30], 'large bulky'],
    ['bulky: median 33', [40, 33, 3, 30], 'large bulky'],
    ['bulky: median 33.01', [40, 33.01, 3, 30], 'extra-large 0 to 50 lb'],
    ['bulky: length + girth 129.98', [58, 33, 2.99, 30], 'large bulky'],
    ['bulky: length + girth 130', [58, 33, 3, 30], 'large bulky'],
    ['bulky: length + girth 130.02', [58, 33, 3.01, 30], 'extra-large 0 to 50 lb'],
    ['bulky: weight 49.99 lb', [40, 20, 10, 49.99], 'large bulky'],
    ['bulky: weight 50 lb', [40, 20, 10, 50], 'large bulky'],
    ['bulky: weight 50.01 lb', [40, 20, 10, 50.01], 'extra-large 50 to 70 lb'],
    // Extra-large bands by billable weight (60 x 10 x 10 in: 43.17 lb dimensional).
    ['XL: 49.99 lb', [60, 10, 10, 49.99], 'extra-large 0 to 50 lb'],
    ['XL: 50 lb', [60, 10, 10, 50], 'extra-large 0 to 50 lb'],
    ['XL: 50.01 lb', [60, 10, 10, 50.01], 'extra-large 50 to 70 lb'],
    ['XL: 70 lb', [60, 10, 10, 70], 'extra-large 50 to 70 lb'],
    ['XL: 70.01 lb', [60, 10, 10, 70.01], 'extra-large 70 to 150 lb'],
    ['XL: 150 lb', [60, 10, 10, 150], 'extra-large 70 to 150 lb'],
    ['XL: 150.01 lb', [60, 10, 10, 150.01], 'extra-large over 150 lb'],
    ['XL: 20 lb but 60 x 30 x 30 in (388.49 lb dimensional)', [60, 30, 30, 20], 'extra-large over 150 lb'],
  ];
  for (const [name, [l, w, h, lb], tier] of cases) {
    it(`${name} -> ${tier}`, () => expect(tierOf(l, w, h, lb)).toBe(tier));
  }

  it('sorts the sides: the order they are given in does not matter', () => {
    expect(tierOf(0.5, 8, 14, 0.5)).toBe('small standard');
    expect(tierOf(7, 17, 13, 10)).toBe('large standard');
  });

  it('reads centimetres and grams, kilograms and ounces', () => {
    // 38.1 x 30.48 x 1.905 cm is 15 x 12 x 0.75 in; 453.59237 g is 1 lb.
    const cm = estimateFees(
      item({ length: 38.1, width: 30.48, height: 1.905, unit: 'cm', weight: 453.59237, weightUnit: 'g' }),
      US,
    );
    expect(cm.sizeTier).toBe('small standard');
    expect(cm.fulfillmentFee).toBe(3.65);
    expect(estimateFees(item({ weight: 16, weightUnit: 'oz' }), US).billableWeightLb).toBe(1);
    expect(estimateFees(item({ weight: 1, weightUnit: 'kg' }), US).billableWeightLb).toBe(2.2);
  });
});

describe('dimensional against unit weight, per tier', () => {
  it('small standard: unit weight only (the dimensional weight is shown, not billed)', () => {
    const e = estimateFees(item({ length: 15, width: 12, height: 0.75, weight: 0.1 }), US);
    expect(e).toMatchObject({ sizeTier: 'small standard', dimensionalWeightLb: 0.97, billableWeightLb: 0.1 });
    expect(e.fulfillmentFee).toBe(3.06);
  });

  it('large standard: the dimensional weight when it is greater (18 x 14 x 8 in = 14.50 lb)', () => {
    const e = estimateFees(item({ length: 18, width: 14, height: 8, weight: 2 }), US);
    expect(e).toMatchObject({ sizeTier: 'large standard', dimensionalWeightLb: 14.5, billableWeightLb: 14.5 });
    // $6.92 + 47 started quarter pounds above 3 lb x $0.08.
    expect(e.fulfillmentFee).toBe(10.68);
  });

  it('large standard: the unit weight when it is greater', () => {
    const e = estimateFees(item({ length: 10, width: 8, height: 4, weight: 5 }), US);
    expect(e).toMatchObject({ sizeTier: 'large standard', dimensionalWeightLb: 2.3, billableWeightLb: 5 });
    expect(e.fulfillmentFee).toBe(7.56);
  });

  it('large bulky: the dimensional weight counts each side as at least 2 in', () => {
    const e = estimateFees(item({ length: 40, width: 10, height: 1, weight: 3 }), US);
    // 40 x 10 x 2 / 139 = 5.76 lb; $9.61 + 5 pounds above the first x $0.38.
    expect(e).toMatchObject({ sizeTier: 'large bulky', dimensionalWeightLb: 5.76, billableWeightLb: 5.76 });
    expect(e.fulfillmentFee).toBe(11.51);
  });

  it('extra-large 0 to 50 lb: the greater of the two', () => {
    const e = estimateFees(item({ length: 60, width: 10, height: 10, weight: 30 }), US);
    expect(e).toMatchObject({
      sizeTier: 'extra-large 0 to 50 lb',
      dimensionalWeightLb: 43.17,
      billableWeightLb: 43.17,
    });
    expect(e.fulfillmentFee).toBe(42.67); // 26.33 + 43 started pounds above the first x 0.38
  });

  it('extra-large over 150 lb: unit weight only', () => {
    const e = estimateFees(item({ length: 100, width: 50, height: 50, weight: 200 }), US);
    expect(e).toMatchObject({
      sizeTier: 'extra-large over 150 lb',
      dimensionalWeightLb: 1798.56,
      billableWeightLb: 200,
    });
    expect(e.fulfillmentFee).toBe(204.26); // 194.95 + 49 x 0.19
  });
});

describe('fee bands', () => {
  const small = (oz: number) => estimateFees(item({ weight: oz, weightUnit: 'oz' }), US).fulfillmentFee;
  const large = (lb: number) => estimateFees(item({ length: 17, width: 13, height: 7, weight: lb }), US).fulfillmentFee;
  it('small standard: at 2 oz the first band, just over it the next', () => {
    expect(small(2)).toBe(3.06);
    expect(small(2.01)).toBe(3.15);
    expect(small(16)).toBe(3.65);
  });
  it('large standard: at 3 lb the band, just over it the base of the steps plus one step', () => {
    const dimensional = (17 * 13 * 7) / 139; // 11.13 lb: the billable weight below it
    expect(large(dimensional)).toBe(large(1));
    const plain = (lb: number) =>
      estimateFees(item({ length: 10, width: 8, height: 2, weight: lb }), US).fulfillmentFee;
    expect(plain(3)).toBe(6.62);
    expect(plain(3.01)).toBe(7);
    expect(plain(3.25)).toBe(7);
    expect(plain(3.26)).toBe(7.08);
    expect(plain(20)).toBe(12.36); // 6.92 + 68 x 0.08
  });
});

describe('storage per unit and month: January to September against October to December', () => {
  it('standard size: one cubic foot', () => {
    const e = estimateFees(item({ length: 18, width: 12, height: 8, weight: 10 }), US);
    expect(e.sizeTier).toBe('large standard');
    expect(e.storageFeePerUnitMonth).toEqual({ janSep: 0.78, octDec: 2.4 });
  });
  it('oversize: eight cubic feet at the oversize rates', () => {
    const e = estimateFees(item({ length: 24, width: 24, height: 24, weight: 30 }), US);
    expect(e.sizeTier).toBe('large bulky');
    expect(e.storageFeePerUnitMonth).toEqual({ janSep: 4.48, octDec: 11.2 });
  });
});

describe('referral fees', () => {
  const fee = (category: string, price: number) => referralFee(findCategory(US, category)!, price);
  it('a percent of the price, at least the minimum', () => {
    expect(fee('everything-else', 20)).toBeCloseTo(3, 10);
    expect(fee('everything-else', 1)).toBe(0.3);
    expect(fee('everything-else', 0)).toBe(0);
    expect(fee('grocery', 2)).toBeCloseTo(0.16, 10);
  });
  it('by the band of the whole price', () => {
    expect(fee('beauty-health', 10)).toBeCloseTo(0.8, 10);
    expect(fee('beauty-health', 10.01)).toBeCloseTo(1.5015, 10);
    expect(fee('clothing', 15)).toBeCloseTo(0.75, 10);
    expect(fee('clothing', 20)).toBeCloseTo(2, 10);
    expect(fee('clothing', 25)).toBeCloseTo(4.25, 10);
  });
  it('by portions of the price', () => {
    expect(fee('jewelry', 300)).toBeCloseTo(52.5, 10);
    expect(fee('furniture', 100)).toBeCloseTo(15, 10);
  });
  it('the default category when none is given', () => {
    expect(estimateFees(item({ price: 20 }), US).referralFee).toBe(3);
    expect(estimateFees(item({ price: 20, category: 'consumer-electronics' }), US).referralFee).toBe(1.6);
  });
});

describe('VAT and currencies', () => {
  it('the price without VAT, from a card with VAT', () => {
    const uk = { ...US, currency: 'GBP' as const, vatRate: 20 };
    const e = estimateFees(item({ price: 24 }), uk);
    expect(e.priceExVat).toBe(20);
    expect(e.currency).toBe('GBP');
    expect(estimateFees(item({ price: 24 }), US).priceExVat).toBe(24);
  });
  it('formats money as each marketplace reads it', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'GBP')).toBe('£1,234.50');
    expect(formatMoney(1234.5, 'EUR').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatMoney(1234.5, 'CAD')).toBe('C$1,234.50');
    expect(formatMoney(-15, 'CAD')).toBe('-C$15.00');
    expect(formatMoney(-15, 'GBP')).toBe('-£15.00');
  });
});

describe('properties', () => {
  /** Sides that keep each tier whatever the weight within it. */
  const SHAPES: Array<[FeeSizeTier, [number, number, number], number]> = [
    ['small standard', [10, 8, 0.5], 1],
    ['large standard', [17, 13, 7], 20],
    ['large bulky', [40, 20, 10], 50],
  ];
  for (const [tier, [length, width, height], maxLb] of SHAPES) {
    it(`${tier}: the fulfillment fee never decreases as the weight grows`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: 0.01, max: maxLb, noNaN: true }),
          fc.double({ min: 0.01, max: maxLb, noNaN: true }),
          (a, b) => {
            const [lo, hi] = a <= b ? [a, b] : [b, a];
            const x = estimateFees(item({ length, width, height, weight: lo }), US);
            const y = estimateFees(item({ length, width, height, weight: hi }), US);
            expect(x.sizeTier).toBe(tier);
            expect(y.sizeTier).toBe(tier);
            expect(y.fulfillmentFee).toBeGreaterThanOrEqual(x.fulfillmentFee);
          },
        ),
      );
    });
  }

  it('every extra-large band: the fee never decreases with the weight', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 50.01, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (w, d) => {
          const x = estimateFees(item({ length: 60, width: 10, height: 10, weight: w }), US);
          const y = estimateFees(item({ length: 60, width: 10, height: 10, weight: w + d }), US);
          if (x.sizeTier === y.sizeTier) expect(y.fulfillmentFee).toBeGreaterThanOrEqual(x.fulfillmentFee);
        },
      ),
    );
  });

  it('every tier has fees on the seeded card', () => {
    for (const tier of FEE_SIZE_TIERS) expect(US.fulfillment[tier]).toBeDefined();
  });
});

describe('the seeded cards of the four marketplaces (docs/areas/seller-tools.md, "Marketplaces")', () => {
  it.each(SEEDED_RATE_CARDS.map((c) => [c.marketplace, c] as const))(
    '%s: a valid card in its marketplace’s currency',
    (marketplace, card) => {
      expect(() => feeRatesSchema.validateSync(card.rates, { strict: true })).not.toThrow();
      expect(card.rates.currency).toBe(MARKETPLACE_CURRENCY[marketplace]);
      for (const tier of FEE_SIZE_TIERS) expect(card.rates.fulfillment[tier]).toBeDefined();
    },
  );

  it('UK and DE prices include VAT; US and CA prices do not', () => {
    expect(SEEDED_RATE_CARDS.map((c) => [c.marketplace, c.rates.vatRate])).toEqual([
      ['US', 0],
      ['UK', 20],
      ['DE', 19],
      ['CA', 0],
    ]);
  });

  it('a UK estimate: the fees on the price the customer pays, profit on the price without VAT', () => {
    const e = estimateFees(item({ price: 24 }), UK_RATE_CARD_2025.rates);
    expect(e).toMatchObject({
      sizeTier: 'small standard',
      fulfillmentFee: 2.07,
      referralFee: 3.6,
      priceExVat: 20,
      currency: 'GBP',
    });
  });

  it('a DE estimate at 23.80 € (19 % VAT): 20 € without VAT', () => {
    const e = estimateFees(item({ price: 23.8 }), DE_RATE_CARD_2025.rates);
    expect(e).toMatchObject({ fulfillmentFee: 2.33, referralFee: 3.57, priceExVat: 20, currency: 'EUR' });
  });

  it('a CA estimate: Canadian dollars, no VAT', () => {
    const e = estimateFees(item({ price: 20 }), CA_RATE_CARD_2025.rates);
    expect(e).toMatchObject({ fulfillmentFee: 4.06, referralFee: 3, priceExVat: 20, currency: 'CAD' });
  });

  it('within a tier, fees never decrease as the weight grows, on every card', () => {
    for (const card of SEEDED_RATE_CARDS) {
      fc.assert(
        fc.property(
          fc.double({ min: 0.01, max: 200, noNaN: true }),
          fc.double({ min: 0, max: 5, noNaN: true }),
          (w, d) => {
            const x = estimateFees(item({ length: 60, width: 10, height: 10, weight: w }), card.rates);
            const y = estimateFees(item({ length: 60, width: 10, height: 10, weight: w + d }), card.rates);
            if (x.sizeTier === y.sizeTier) expect(y.fulfillmentFee).toBeGreaterThanOrEqual(x.fulfillmentFee);
          },
        ),
        { numRuns: 200 },
      );
    }
  });
});
