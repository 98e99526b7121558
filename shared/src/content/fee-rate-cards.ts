import type { FeeRates, ReferralCategory, TierFees } from '../calc/fees';

/** A rate card as seeded: what a `fee_rate_cards` row holds besides its id. */
export interface SeededRateCard {
  marketplace: 'US';
  name: string;
  /** YYYY-MM-DD: the first day the card is in force. */
  effectiveFrom: string;
  source: string;
  rates: FeeRates;
}

const MIN = 0.3;
const flat = (key: string, name: string, percent: number, minimumFee = MIN): ReferralCategory => ({
  key,
  name,
  bands: [{ upTo: null, percent }],
  portions: false,
  minimumFee,
});
const byPrice = (key: string, name: string, bands: ReferralCategory['bands'], portions: boolean, minimumFee = MIN) => ({
  key,
  name,
  bands,
  portions,
  minimumFee,
});

/** Ounce bands as pounds. */
const oz = (n: number) => n / 16;
const bands = (rows: Array<[number, number]>): TierFees['bands'] => rows.map(([upToLb, fee]) => ({ upToLb, fee }));

/**
 * Amazon US, in force from 2025-01-15: the FBA fulfillment fees for standard (non-apparel,
 * non-dangerous) products priced $10 to $50, the monthly inventory storage fees and the referral
 * fees of the common categories. Source and date: docs/areas/seller-tools.md ("The US rate card").
 * The migration that seeds it (0026_fee_rate_cards) copies this value once; a newer card is added by
 * an admin on the Fee rate cards screen, never by editing this one.
 */
export const US_RATE_CARD_2025: SeededRateCard = {
  marketplace: 'US',
  name: 'Amazon US 2025 (FBA, storage, referral)',
  effectiveFrom: '2025-01-15',
  source:
    'Amazon Seller Central help (sellercentral.amazon.com): "FBA fulfillment fees" (2025 US rate card, standard non-apparel, price $10 to $50), "Monthly inventory storage fees" and "Referral fees", in force from January 15, 2025',
  rates: {
    currency: 'USD',
    vatRate: 0,
    dimensionalDivisor: 139,
    fulfillment: {
      'small standard': {
        bands: bands([
          [oz(2), 3.06],
          [oz(4), 3.15],
          [oz(6), 3.24],
          [oz(8), 3.33],
          [oz(10), 3.43],
          [oz(12), 3.53],
          [oz(14), 3.6],
          [oz(16), 3.65],
        ]),
        above: null,
      },
      'large standard': {
        bands: bands([
          [oz(4), 3.68],
          [oz(8), 3.9],
          [oz(12), 4.15],
          [oz(16), 4.55],
          [1.25, 4.99],
          [1.5, 5.37],
          [1.75, 5.52],
          [2, 5.77],
          [2.25, 5.87],
          [2.5, 6.05],
          [2.75, 6.21],
          [3, 6.62],
        ]),
        above: { fromLb: 3, fee: 6.92, stepLb: 0.25, perStep: 0.08 },
      },
      'large bulky': { bands: [], above: { fromLb: 1, fee: 9.61, stepLb: 1, perStep: 0.38 } },
      'extra-large 0 to 50 lb': { bands: [], above: { fromLb: 1, fee: 26.33, stepLb: 1, perStep: 0.38 } },
      'extra-large 50 to 70 lb': { bands: [], above: { fromLb: 51, fee: 40.12, stepLb: 1, perStep: 0.75 } },
      'extra-large 70 to 150 lb': { bands: [], above: { fromLb: 71, fee: 54.81, stepLb: 1, perStep: 0.75 } },
      'extra-large over 150 lb': { bands: [], above: { fromLb: 151, fee: 194.95, stepLb: 1, perStep: 0.19 } },
    },
    storage: {
      standard: { janSep: 0.78, octDec: 2.4 },
      oversize: { janSep: 0.56, octDec: 1.4 },
    },
    referral: {
      defaultCategory: 'everything-else',
      categories: [
        flat('everything-else', 'Everything else', 15),
        flat('amazon-device-accessories', 'Amazon Device Accessories', 45),
        byPrice(
          'baby',
          'Baby Products',
          [
            { upTo: 10, percent: 8 },
            { upTo: null, percent: 15 },
          ],
          false,
        ),
        byPrice(
          'beauty-health',
          'Beauty, Health and Personal Care',
          [
            { upTo: 10, percent: 8 },
            { upTo: null, percent: 15 },
          ],
          false,
        ),
        byPrice(
          'clothing',
          'Clothing and Accessories',
          [
            { upTo: 15, percent: 5 },
            { upTo: 20, percent: 10 },
            { upTo: null, percent: 17 },
          ],
          false,
        ),
        flat('consumer-electronics', 'Consumer Electronics', 8),
        byPrice(
          'electronics-accessories',
          'Electronics Accessories',
          [
            { upTo: 100, percent: 15 },
            { upTo: null, percent: 8 },
          ],
          true,
        ),
        byPrice(
          'furniture',
          'Furniture',
          [
            { upTo: 200, percent: 15 },
            { upTo: null, percent: 10 },
          ],
          true,
        ),
        byPrice(
          'grocery',
          'Grocery and Gourmet',
          [
            { upTo: 15, percent: 8 },
            { upTo: null, percent: 15 },
          ],
          false,
          0,
        ),
        flat('home-kitchen', 'Home and Kitchen', 15),
        byPrice(
          'jewelry',
          'Jewelry',
          [
            { upTo: 250, percent: 20 },
            { upTo: null, percent: 5 },
          ],
          true,
        ),
        flat('office', 'Office Products', 15),
        flat('pet', 'Pet Supplies', 15),
        flat('sports-outdoors', 'Sports and Outdoors', 15),
        flat('tools-home-improvement', 'Tools and Home Improvement', 15),
        flat('toys-games', 'Toys and Games', 15),
      ],
    },
  },
};
