import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeProduct } from './profit';
import { ppcTargets } from './ppc';
import { E1, E2, E3 } from './seller-golden';

// docs/areas/seller-tools.md, "Ad targets".
describe('ppcTargets', () => {
  it('E1 at a 10 % target margin and a 10 % conversion rate', () => {
    // E1: price 27.99, fees 8.75, landed 4.05: 15.19 / 27.99 = 54.27 %.
    expect(ppcTargets(E1, 10, 10)).toEqual({ breakEvenAcos: 54.27, targetAcos: 44.27, maxCpc: 1.24 });
  });

  it('break-even ACoS is the product’s ACOSBreakEven', () => {
    for (const p of [E1, E2, E3]) expect(ppcTargets(p, 0, 10).breakEvenAcos).toBe(computeProduct(p).ACOSBreakEven);
  });

  it('no bid when the target ACoS is not positive', () => {
    const t = ppcTargets(E1, 60, 10);
    expect(t.targetAcos).toBe(-5.73);
    expect(t.maxCpc).toBe(0);
  });

  it('no price: 0 everywhere', () => {
    expect(ppcTargets({ ...E1, amazonRetail: 0 }, 0, 10)).toEqual({ breakEvenAcos: 0, targetAcos: 0, maxCpc: 0 });
  });

  it('identities: target ACoS = break-even at target margin 0; max CPC = price x conversion x target ACoS', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (price, fees, margin, conversion) => {
          const inputs = { ...E1, amazonRetail: price, amazonFees: fees };
          const zero = ppcTargets(inputs, 0, conversion);
          expect(zero.targetAcos).toBe(zero.breakEvenAcos);
          const t = ppcTargets(inputs, margin, conversion);
          const breakEven = ((price - fees - 4.05) / price) * 100;
          const expected = breakEven - margin > 0 ? (price * conversion * (breakEven - margin)) / 10_000 : 0;
          expect(Math.abs(t.maxCpc - expected)).toBeLessThanOrEqual(0.005 + 1e-9 * Math.abs(expected));
        },
      ),
    );
  });
});
