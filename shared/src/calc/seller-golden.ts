/**
 * The three worked products of the formula golden cases (E1, E2, E3; additional fees as stored),
 * shared by the tests of the next-question figures, solves and scenarios (docs/areas/seller-tools.md). The expected values are in
 * docs/areas/seller-tools.md ("Golden cases: the next questions").
 */
import type { ProductInputs } from './profit';

export const E1: ProductInputs = {
  units: 1000,
  costPerUnit: 3.2,
  shippingCost: 850,
  amazonFees: 8.75,
  amazonRetail: 27.99,
  additionalFees: 25,
  promotionUnitsPerDay: 12,
  promotionPercentage: 95,
  promotionDays: 7,
  dailyAdvertisingCost: 50,
  spend: 320,
  sales: 960,
  projectedUnits: 300,
};

export const E2: ProductInputs = {
  units: 750,
  costPerUnit: 2.15,
  shippingCost: 1234.56,
  amazonFees: 6.83,
  amazonRetail: 19.99,
  additionalFees: 15.01,
  promotionUnitsPerDay: 5,
  promotionPercentage: 90,
  promotionDays: 10,
  dailyAdvertisingCost: 40,
  spend: 187.5,
  sales: 412.3,
  projectedUnits: 240,
};

export const E3: ProductInputs = {
  units: 500,
  costPerUnit: 18.8,
  shippingCost: 2400,
  amazonFees: 16.42,
  amazonRetail: 79.98,
  additionalFees: 50,
  promotionUnitsPerDay: 8,
  promotionPercentage: 99,
  promotionDays: 9,
  dailyAdvertisingCost: 120,
  spend: 0,
  sales: 0,
  projectedUnits: 90,
};
