import type { FeeRates, Marketplace, ReferralCategory, TierFees } from '../calc/fees';

/** A rate card as seeded: what a `fee_rate_cards` row holds besides its id. */
export interface SeededRateCard {
  marketplace: Marketplace;
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

/**
 * The common referral categories of the European and Canadian cards: 15 % for most, with the
 * price bands the marketplaces share; `minimumFee` in the card's currency.
 */
const commonReferral = (minimumFee: number, electronicsPercent: number): FeeRates['referral'] => ({
  defaultCategory: 'everything-else',
  categories: [
    flat('everything-else', 'Everything else', 15, minimumFee),
    flat('amazon-device-accessories', 'Amazon Device Accessories', 45, minimumFee),
    byPrice(
      'beauty-health',
      'Beauty, Health and Personal Care',
      [
        { upTo: 10, percent: 8 },
        { upTo: null, percent: 15 },
      ],
      false,
      minimumFee,
    ),
    byPrice(
      'clothing',
      'Clothing and Accessories',
      [
        { upTo: 15, percent: 5 },
        { upTo: 20, percent: 10 },
        { upTo: null, percent: 15 },
      ],
      false,
      minimumFee,
    ),
    flat('consumer-electronics', 'Consumer Electronics', electronicsPercent, minimumFee),
    flat('home-kitchen', 'Home and Kitchen', 15, minimumFee),
    flat('pet', 'Pet Supplies', 15, minimumFee),
    flat('sports-outdoors', 'Sports and Outdoors', 15, minimumFee),
    flat('toys-games', 'Toys and Games', 15, minimumFee),
  ],
});

/**
 * Amazon UK, from 2025-02-01: Pan-European FBA local fees (standard, non-apparel), monthly storage
 * and referral fees, in pounds, prices VAT-inclusive at 20 %. APPROXIMATIONS: the UK card is
 * measured in centimetres and grams with tiers of its own (envelopes, parcels, oversize); these are
 * its fees mapped onto the US tiers this calculator uses, to be checked against Amazon's published
 * pages (docs/areas/seller-tools.md, "The UK, DE and CA rate cards"). Seeded by migration
 * 0029_marketplaces; a corrected card is added by an admin, never by editing this one.
 */
export const UK_RATE_CARD_2025: SeededRateCard = {
  marketplace: 'UK',
  name: 'Amazon UK 2025 (FBA, storage, referral; approximate)',
  effectiveFrom: '2025-02-01',
  source:
    'Amazon Seller Central UK help (sellercentral.amazon.co.uk): "FBA fees" (2025 UK local fulfilment, standard non-apparel), "Monthly storage fees" and "Referral fees", from February 1, 2025. Approximate: mapped onto the US size tiers and written without access to the pages; check each figure before relying on it',
  rates: {
    currency: 'GBP',
    vatRate: 20,
    dimensionalDivisor: 139,
    fulfillment: {
      'small standard': {
        bands: bands([
          [oz(2), 1.83],
          [oz(4), 1.87],
          [oz(8), 2.07],
          [oz(12), 2.28],
          [oz(16), 2.42],
        ]),
        above: null,
      },
      'large standard': {
        bands: bands([
          [oz(4), 2.25],
          [oz(8), 2.45],
          [oz(12), 2.68],
          [oz(16), 2.93],
          [1.5, 3.16],
          [2, 3.39],
          [3, 3.85],
        ]),
        above: { fromLb: 3, fee: 4.3, stepLb: 1, perStep: 0.18 },
      },
      'large bulky': { bands: [], above: { fromLb: 1, fee: 6.99, stepLb: 1, perStep: 0.2 } },
      'extra-large 0 to 50 lb': { bands: [], above: { fromLb: 1, fee: 11.5, stepLb: 1, perStep: 0.25 } },
      'extra-large 50 to 70 lb': { bands: [], above: { fromLb: 51, fee: 24, stepLb: 1, perStep: 0.4 } },
      'extra-large 70 to 150 lb': { bands: [], above: { fromLb: 71, fee: 32, stepLb: 1, perStep: 0.4 } },
      'extra-large over 150 lb': { bands: [], above: { fromLb: 151, fee: 65, stepLb: 1, perStep: 0.2 } },
    },
    storage: {
      standard: { janSep: 0.44, octDec: 0.61 },
      oversize: { janSep: 0.31, octDec: 0.43 },
    },
    referral: commonReferral(0.25, 7),
  },
};

/**
 * Amazon DE, from 2025-02-01: as the UK card, in euros, prices VAT-inclusive at 19 %. The same
 * APPROXIMATIONS (docs/areas/seller-tools.md, "The UK, DE and CA rate cards").
 */
export const DE_RATE_CARD_2025: SeededRateCard = {
  marketplace: 'DE',
  name: 'Amazon DE 2025 (FBA, storage, referral; approximate)',
  effectiveFrom: '2025-02-01',
  source:
    'Amazon Seller Central DE help (sellercentral.amazon.de): "Gebühren für Versand durch Amazon" (2025 local fulfilment, standard non-apparel), "Monatliche Lagergebühren" and "Verkaufsgebühren", from February 1, 2025. Approximate: mapped onto the US size tiers and written without access to the pages; check each figure before relying on it',
  rates: {
    currency: 'EUR',
    vatRate: 19,
    dimensionalDivisor: 139,
    fulfillment: {
      'small standard': {
        bands: bands([
          [oz(2), 2.07],
          [oz(4), 2.11],
          [oz(8), 2.33],
          [oz(12), 2.56],
          [oz(16), 2.73],
        ]),
        above: null,
      },
      'large standard': {
        bands: bands([
          [oz(4), 2.6],
          [oz(8), 2.85],
          [oz(12), 3.08],
          [oz(16), 3.34],
          [1.5, 3.6],
          [2, 3.85],
          [3, 4.37],
        ]),
        above: { fromLb: 3, fee: 4.89, stepLb: 1, perStep: 0.2 },
      },
      'large bulky': { bands: [], above: { fromLb: 1, fee: 7.99, stepLb: 1, perStep: 0.23 } },
      'extra-large 0 to 50 lb': { bands: [], above: { fromLb: 1, fee: 13.2, stepLb: 1, perStep: 0.29 } },
      'extra-large 50 to 70 lb': { bands: [], above: { fromLb: 51, fee: 27.6, stepLb: 1, perStep: 0.46 } },
      'extra-large 70 to 150 lb': { bands: [], above: { fromLb: 71, fee: 36.8, stepLb: 1, perStep: 0.46 } },
      'extra-large over 150 lb': { bands: [], above: { fromLb: 151, fee: 74.75, stepLb: 1, perStep: 0.23 } },
    },
    storage: {
      standard: { janSep: 0.78, octDec: 1.2 },
      oversize: { janSep: 0.53, octDec: 0.74 },
    },
    referral: commonReferral(0.3, 7),
  },
};

/**
 * Amazon CA, from 2025-01-15: FBA fulfilment fees (standard, non-apparel), monthly storage and
 * referral fees, in Canadian dollars; prices without tax (GST/HST is added at checkout), so no VAT.
 * The tiers are measured as in the US. APPROXIMATIONS (docs/areas/seller-tools.md, "The UK, DE and
 * CA rate cards").
 */
export const CA_RATE_CARD_2025: SeededRateCard = {
  marketplace: 'CA',
  name: 'Amazon CA 2025 (FBA, storage, referral; approximate)',
  effectiveFrom: '2025-01-15',
  source:
    'Amazon Seller Central CA help (sellercentral.amazon.ca): "FBA fulfilment fees" (2025 Canada rate card, standard non-apparel), "Monthly inventory storage fees" and "Referral fees", from January 15, 2025. Approximate: written without access to the pages; check each figure before relying on it',
  rates: {
    currency: 'CAD',
    vatRate: 0,
    dimensionalDivisor: 139,
    fulfillment: {
      'small standard': {
        bands: bands([
          [oz(4), 3.86],
          [oz(8), 4.06],
          [oz(12), 4.26],
          [oz(16), 4.46],
        ]),
        above: null,
      },
      'large standard': {
        bands: bands([
          [oz(8), 5.42],
          [oz(16), 5.86],
          [1.5, 6.36],
          [2, 6.86],
          [3, 7.66],
        ]),
        above: { fromLb: 3, fee: 8.04, stepLb: 0.5, perStep: 0.2 },
      },
      'large bulky': { bands: [], above: { fromLb: 1, fee: 13.24, stepLb: 1, perStep: 0.48 } },
      'extra-large 0 to 50 lb': { bands: [], above: { fromLb: 1, fee: 33.5, stepLb: 1, perStep: 0.48 } },
      'extra-large 50 to 70 lb': { bands: [], above: { fromLb: 51, fee: 51.5, stepLb: 1, perStep: 0.95 } },
      'extra-large 70 to 150 lb': { bands: [], above: { fromLb: 71, fee: 70.5, stepLb: 1, perStep: 0.95 } },
      'extra-large over 150 lb': { bands: [], above: { fromLb: 151, fee: 250, stepLb: 1, perStep: 0.24 } },
    },
    storage: {
      standard: { janSep: 1.1, octDec: 3.3 },
      oversize: { janSep: 0.78, octDec: 1.95 },
    },
    referral: commonReferral(0.3, 8),
  },
};

/** Every seeded card: the US card (migration 0026) and the other marketplaces' (migration 0029). */
export const SEEDED_RATE_CARDS: readonly SeededRateCard[] = [
  US_RATE_CARD_2025,
  UK_RATE_CARD_2025,
  DE_RATE_CARD_2025,
  CA_RATE_CARD_2025,
];
