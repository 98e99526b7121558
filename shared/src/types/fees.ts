import type {
  Currency,
  FeeRates,
  FeeSizeTier,
  Marketplace,
  PpcTargets,
  ReorderPlan,
  StoredReorderInputs,
} from '../calc';

export type { Currency, FeeRates, FeeSizeTier, Marketplace, PpcTargets, ReorderPlan, StoredReorderInputs };

/** A rate card as the API sends it (docs/areas/seller-tools.md, "Rate cards"). */
export interface FeeRateCard {
  id: number;
  marketplace: Marketplace;
  name: string;
  /** YYYY-MM-DD: in force from this day until the next card of its marketplace. */
  effectiveFrom: string;
  source: string;
  rates: FeeRates;
  createdAt: string;
  updatedAt: string;
}

/** What an estimate names of the card it used. */
export interface FeeRateCardRef {
  id: number;
  name: string;
  effectiveFrom: string;
  source: string;
}

/** GET /api/fees/estimate */
export interface FeeEstimateResponse {
  sizeTier: FeeSizeTier;
  dimensionalWeightLb: number;
  billableWeightLb: number;
  fulfillmentFee: number;
  referralFee: number;
  storageFeePerUnitMonth: { janSep: number; octDec: number };
  rateCard: FeeRateCardRef;
  /** The card's currency, and the price without VAT (the price itself where the card has none). */
  currency: Currency;
  priceExVat: number;
}

/** GET /api/fees/rate-cards: every card, newest first per marketplace, and which is in force today. */
export interface FeeRateCardListResponse {
  rateCards: FeeRateCard[];
  inForce: Partial<Record<Marketplace, number>>;
}

/** POST /api/fees/rate-cards */
export interface FeeRateCardUpsertResponse {
  rateCard: FeeRateCard;
  isNew: boolean;
}

/** GET /api/fees/categories?marketplace=: the referral categories of the card in force. */
export interface FeeCategoriesResponse {
  categories: Array<{ key: string; name: string }>;
  defaultCategory: string;
  /** The card's currency and the VAT % its prices include (the product form's preview uses them). */
  currency: Currency;
  vatRate: number;
}

/** GET /api/product/{id}/ppc */
export type ProductPpcResponse = PpcTargets;

/** GET /api/product/{id}/reorder */
export type ProductReorderResponse = ReorderPlan;

/** PUT /api/product/{id}/reorder: the inputs as the product now keeps them, and their plan. */
export interface ProductReorderSaveResponse {
  inputs: StoredReorderInputs;
  plan: ReorderPlan;
}

/** POST /api/product/{id}/reorder/card */
export interface ReorderCardResponse {
  cardId: number;
  title: string;
  plan: ReorderPlan;
  message: string;
}
