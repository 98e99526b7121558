import type { AreaSeed } from './seed-types';

const OWNER = 'premium@demo.portal';

/**
 * Two demo products for the premium demo member (docs/areas/seller-tools.md#formulas golden cases E1 and E2), so the
 * Power Profit Tool and the dashboard's Total Products card show real figures on first start.
 * Positions rise with age: the newest product (highest position) is listed first.
 */
export const seedProducts: AreaSeed = async (trx, ctx) => {
  const userId = ctx.userIdByEmail.get(OWNER);
  if (!userId) return;
  await trx('products').insert([
    {
      user_id: userId,
      title: 'Bamboo Cutting Board Set',
      description: 'Three boards with juice grooves; sourced from two suppliers.',
      position: 1,
      units: 1000,
      cost_per_unit: 3.2,
      shipping_cost: 850,
      amazon_fees: 8.75,
      amazon_retail: 27.99,
      additional_fees: 25,
      type_additional_fees: 'percentage',
      promotion_units_per_day: 12,
      promotion_percentage: 95,
      promotion_days: 7,
      daily_advertising_cost: 50,
      spend: 320,
      sales: 960,
      projected_units: 300,
    },
    {
      user_id: userId,
      title: 'Silicone Garlic Peeler',
      description: null,
      position: 2,
      units: 750,
      cost_per_unit: 2.15,
      shipping_cost: 1234.56,
      amazon_fees: 6.83,
      amazon_retail: 19.99,
      additional_fees: 15.01,
      type_additional_fees: 'dollar',
      promotion_units_per_day: 5,
      promotion_percentage: 90,
      promotion_days: 10,
      daily_advertising_cost: 40,
      spend: 187.5,
      sales: 412.3,
      projected_units: 240,
    },
  ]);
};
